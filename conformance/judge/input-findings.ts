// The findings of input the service took or refused (invalid input accepted, valid input refused, and
// the refusals the document leaves open, said as notes): part of the one catalog (findings.ts).

import type { FindingKind } from './idiom-findings.js';

export const list = (value: unknown): string => (Array.isArray(value) ? value.join(', ') : String(value));
const listed = (value: unknown): boolean => !Array.isArray(value) || value.length > 0;

export const INPUT_FINDING_KINDS = {
  invalid_input_accepted: {
    title: 'Invalid input accepted',
    received: (f) => `${f.status} for input where ${f.mutation}`,
    // Where the document lists no 4xx, no empty parentheses.
    expected: (f) => (listed(f.documented) ? `a documented 4xx (${list(f.documented)})` : 'a 4xx'),
  },
  made_up_cursor_taken: {
    title: 'A page token the service never gave taken',
    key: ['parameter'],
    received: (f) => `${f.status} for a ${f.parameter} the run made up`,
    expected: (f) => `${f.expected}, as the words answer a ${f.parameter} the service did not give`,
  },
  malformed_body_other_status: {
    title: 'A body that is not JSON refused with another status than the words give',
    received: (f) => `${f.status} for a request body that is not JSON at all`,
    expected: (f) => `${f.expected}, the status the document's words give a body that does not parse`,
  },
  page_size_clamped: {
    title: 'A page size past its maximum clamped, not refused',
    key: ['parameter'],
    received: (f) => `a page of at most ${f.maximum} items for ${f.parameter} one step past its maximum ${f.maximum}`,
    expected: () =>
      'a documented 4xx, or the page clamped to the maximum; the document does not say which, so this is not a failure',
  },
  validation_after_later_status: {
    title: 'Invalid input refused with a status the words put after its own',
    key: ['status'],
    received: (f) => `${f.status} for a body whose ${f.member} is invalid`,
    expected: (f) => `${list(f.expected)}: the words' order of refusals puts it before ${f.status}`,
  },
  valid_input_refused: {
    title: 'Valid input refused',
    key: ['status'],
    received: (f) => `${f.status}`,
    expected: (f) =>
      `${listed(f.documented) ? `a 2xx (${list(f.documented)})` : 'a 2xx'} for schema-valid input${f.credentials === false ? '' : ' with valid credentials'}`,
  },
  referenced_item_unknown: {
    title: 'Valid input refused: it names another resource',
    key: ['property'],
    received: (f) => `${f.status} for input whose ${f.property} names an item the run did not know to exist`,
    expected: () =>
      '2xx where that item exists; a documented refusal of an item that exists nowhere is right, so this is not a failure',
  },
  said_limit_reached: {
    title: 'Valid input refused: the run may have reached the limit the words give',
    received: (f) => `${f.status}, the refusal the words give past ${String(f.limit)} ("${String(f.words)}")`,
    expected: () =>
      "2xx below that limit; the run's own writes count toward it (many valid cases go to one item), so this is not a failure",
  },
  said_rule_refused: {
    title: 'Valid input refused: the words rule the member over other data',
    key: ['property'],
    received: (f) => `${f.status} pointing at ${f.property}, a member the words give a rule over other data`,
    expected: () =>
      "2xx where the words' rule allows the value; the run drew it from the schema alone, so a documented refusal is not a failure",
  },
  opaque_value_made_up: {
    title: 'Valid input refused: a token the service gives was made up',
    key: ['parameter'],
    received: (f) => `${f.status} for a ${f.parameter} the run made up instead of taking it from an answer`,
    expected: () =>
      'a token the service gave (a cursor, a page token, an entity tag) accepted; a documented refusal of a made-up one is right, so this is not a failure',
  },
  value_not_holdable: {
    title: 'Valid input refused: the item cannot hold a value sent',
    key: ['property'],
    received: (f) => `${f.status} for a ${f.property} the item's own schema refuses`,
    expected: () =>
      "2xx; the document's change takes a value its item cannot hold, so a documented refusal is not a failure",
  },
  patch_not_applicable: {
    title: 'JSON Patch refused: it does not apply to the item',
    received: (f) => `${f.status}`,
    expected: () => 'a generated patch may name paths the item lacks or test values it does not hold: not a failure',
  },
  schema_violation_other_status: {
    title: 'A schema violation answered as malformed JSON',
    key: ['member'],
    received: (f) => `${f.status} for well-formed JSON whose ${f.member} breaks the schema`,
    expected: (f) =>
      `${f.expected}: the status the document gives schema violations (${f.status} is for bodies that do not parse)`,
  },
  defaulted_member_required: {
    title: 'A required member with a default, left out, refused',
    received: (f) => `${f.status} for a body without ${f.members}`,
    expected: () =>
      '2xx with the default applied, or this refusal: the schema both requires the member and gives it a default, so this is not a failure',
  },
  unusual_input_refused: {
    title: 'Valid but unusual input refused',
    received: (f) => `${f.status}`,
    expected: () => '2xx; the document leaves limits and allowed characters open, so this is not a failure',
  },
  sum_not_adding_up: {
    title: 'A total does not add up',
    key: ['member'],
    received: (f) => `${f.member} ${f.got}`,
    expected: (f) => `${f.expected}, from ${f.parts} as its description says`,
  },
  formula_not_followed: {
    title: 'A member the words compute from others is off',
    key: ['member'],
    received: (f) => `${f.member} ${f.got}`,
    expected: (f) => `${f.expected}, as the words say ("${f.words}")`,
  },
  prototype_member_accepted: {
    title: 'A member named like a JavaScript prototype accepted where the schema takes no unknown member',
    key: ['member'],
    received: (f) => `${f.status} for a body with a member named ${f.member}`,
    expected: () =>
      'a 4xx; safe JSON parsers drop such members before validation, and whether it did harm is the prototype_pollution check, so this is a note',
  },
  item_state_refused: {
    title: "Valid input refused: the item's state, set by the run, does not allow it",
    received: (f) => `${f.status} on an item the run made and has been working on`,
    expected: () =>
      "2xx where the item's state allows it; the run's own earlier requests set that state (a cart it checked out, an order it cancelled), so a documented conflict is not a failure",
  },
  named_item_state_refused: {
    title: 'Valid input refused: an item it names, found listed, does not allow it',
    received: (f) => `${f.status} for input naming ${String(f.members)} of items the run found listed`,
    expected: () =>
      '2xx where the named items allow it; the document ties this conflict to their state or limits (or the same input asking the least it can was taken), which are whatever their owner left them, so it is not a failure',
  },
  value_already_taken: {
    title: 'Valid input refused: value already taken',
    received: (f) => `${f.status} for a ${f.property} the list already holds`,
    expected: () => '2xx; uniqueness is not specified, so this is not a failure',
  },
} satisfies Record<string, FindingKind>;
