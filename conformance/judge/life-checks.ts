// api_idioms_honoured, the judgements of an item's life read from the words: actions from their
// drawn states, numbers within a scope, pages that end on the last item, copies kept, restores as
// they were. Part of idiom-checks.ts's registry.
import { answeredItem, listedItems } from '../../spec/index.js';
import type { CheckContext, Finding, IdiomEvidence } from '../model.js';
import { type FindingCode, finding } from './findings.js';
import { asObject, countsHolder } from './json-body.js';
import { stateTimes } from './state-times.js';

type Judgement = (context: CheckContext, evidence: IdiomEvidence, status: number) => Finding[];

const refused = (status: number) => status >= 400 && status < 500;

/** A 2xx for a request the document's words refuse, as the finding `code`. */
const takenAgainstWords = (status: number, code: FindingCode, fields: Record<string, unknown>): Finding[] =>
  status < 300 ? [finding(code, { ...fields, status })] : [];

/** The id the read item holds (its number). */
function numberRead(context: CheckContext, evidence: IdiomEvidence): unknown {
  const item = context.body.kind === 'json' ? answeredItem(context.collection, context.body.value) : undefined;
  return item?.[evidence.member ?? context.collection?.idProperty ?? 'id'];
}

export const LIFE_JUDGEMENTS = {
  // A change of the item that holds the values, sending them as they are: nothing is taken.
  'values-own'(_context, evidence, status) {
    const { values, words, expectedStatus: expected } = evidence;
    return status === expected ? [finding('own_values_refused', { status, values, words })] : [];
  },
  'number-first'(context, evidence, status) {
    const number = status < 300 ? numberRead(context, evidence) : undefined;
    return number !== undefined && number !== evidence.expected
      ? [finding('number_not_first', { got: number, expected: evidence.expected })]
      : [];
  },
  'deleted-listed'(_context, evidence, status) {
    return status < 300 && evidence.complete === true && evidence.expected === false
      ? [finding('deleted_not_listed', { member: evidence.member, id: evidence.id })]
      : [];
  },
  'number-not-reused'(context, evidence, status) {
    const number = status < 300 ? numberRead(context, evidence) : undefined;
    return number !== undefined && number === evidence.expected ? [finding('number_reused', { number })] : [];
  },
  // The states the words draw an action from: taken there (a refusal fails where the run saw it taken
  // from another drawn state, else it is noted), refused from the others.
  'action-from-state'(context, evidence, status) {
    const { verb, fromState: state, allowed, takenFrom, expectedStatus: expected } = evidence;
    if (allowed && refused(status))
      return [
        finding(
          'action_refused_from_allowed_state',
          { verb, state, status, takenFrom },
          takenFrom === undefined ? { severity: 'note' } : {},
        ),
      ];
    if (!allowed && status < 300)
      return [finding('action_accepted_from_other_state', { verb, state, status, expected })];
    // Taken: the times of the states the item passed through, as its answer shows them, kept.
    const item =
      status < 300 && context.body.kind === 'json' ? answeredItem(context.collection, context.body.value) : undefined;
    return Object.entries(evidence.keptBefore ?? {})
      .filter(
        ([name, before]) => item && Object.hasOwn(item, name) && JSON.stringify(item[name]) !== JSON.stringify(before),
      )
      .map(([name, before]) => finding('state_time_lost', { member: name, before, got: item![name], verb }));
  },
  'number-next'(context, evidence, status) {
    const number = status < 300 ? numberRead(context, evidence) : undefined;
    return number !== undefined && number !== evidence.expected
      ? [finding('number_not_next', { got: number, expected: evidence.expected, scope: evidence.how })]
      : [];
  },
  // Where the words say no page of a walk is empty: the page a full last page names holds items.
  'page-after-last'(context, evidence, status) {
    const items =
      status < 300 && context.body.kind === 'json' ? listedItems(context.collection, context.body.value) : undefined;
    return items && items.length === 0 ? [finding('empty_page_after_last_item', { size: evidence.expected })] : [];
  },
  // A member the words call a copy holds its old value once the item it was copied from changed.
  'copy-kept'(context, evidence, status) {
    const item =
      status < 300 && context.body.kind === 'json' ? answeredItem(context.collection, context.body.value) : undefined;
    const [array, inner] = String(evidence.member).split('[].');
    const entries = inner === undefined ? undefined : item?.[array!];
    const got =
      inner === undefined ? item?.[array!] : Array.isArray(entries) ? asObject(entries[0])?.[inner] : undefined;
    return item && got !== undefined && JSON.stringify(got) !== JSON.stringify(evidence.expected)
      ? [
          finding('copy_followed_source', {
            member: evidence.member,
            got,
            expected: evidence.expected,
            words: evidence.words,
          }),
        ]
      : [];
  },
  // Counts of the items naming it in some states, each as the step left it (state-counts.ts).
  'state-counts'(context, evidence, status) {
    const expected = (asObject(evidence.expected) ?? {}) as Record<string, { expected: number; words: string }>;
    const value = status < 300 && context.body.kind === 'json' ? context.body.value : undefined;
    const item = countsHolder(value, Object.keys(expected)) ?? answeredItem(context.collection, value);
    return Object.entries(expected).flatMap(([member, { expected: want, words }]) => {
      const got = item?.[member];
      return got !== undefined && got !== want
        ? [
            finding(
              'state_count_wrong',
              { member, got, expected: want, how: evidence.how, words, shared: evidence.exact !== true },
              // Counted on an item others may name too: their items may have moved it meanwhile.
              evidence.exact === true ? {} : { severity: 'note' },
            ),
          ]
        : [];
    });
  },
  // An item naming one the run acted on, in the state the action's words move it to.
  'referrer-moved'(context, evidence, status) {
    const item =
      status < 300 && context.body.kind === 'json' ? answeredItem(context.collection, context.body.value) : undefined;
    const got = item?.[evidence.member ?? 'status'];
    return item && got !== undefined && JSON.stringify(got) !== JSON.stringify(evidence.expected)
      ? [
          finding('referrer_not_moved', {
            verb: evidence.verb,
            from: evidence.fromState,
            got,
            expected: evidence.expected,
            words: evidence.words,
          }),
        ]
      : [];
  },
  // An action the words allow only once a time has passed, taken before it.
  'action-too-early'(_context, evidence, status) {
    const { verb, member, expectedStatus, words } = evidence;
    return takenAgainstWords(status, 'action_taken_too_early', {
      verb,
      member,
      expected: expectedStatus ?? '4xx',
      words,
    });
  },
  // A member the words tie to the parent's ("`amount` must equal the order's `total`"), sent other.
  'parent-unequal'(_context, evidence, status) {
    const { member, how: parentMember, expected, changed: got, expectedStatus, words } = evidence;
    return takenAgainstWords(status, 'parent_unequal_accepted', {
      member,
      parentMember,
      expected,
      got,
      expectedStatus: expectedStatus ?? '4xx',
      words,
    });
  },
  // One item more than the named item's limit lets name it.
  // A number past the bound another item sets ("must not exceed the venue's `maxCapacity`").
  'bound-passed'(_context, evidence, status) {
    const { member, expected, expectedStatus, words, orStatuses = [] } = evidence;
    const fields = { member, bound: expected, expected: [expectedStatus, ...orStatuses].join(' or '), words };
    // Refused, but with another status than the words give it (a 422 where they say 409).
    if (refused(status) && expectedStatus !== undefined && status !== expectedStatus && !orStatuses.includes(status))
      return [finding('referenced_bound_other_status', { ...fields, status })];
    return takenAgainstWords(status, 'referenced_bound_passed', fields);
  },

  'limit-reached'(_context, evidence, status) {
    const { member, limit, expectedStatus, words } = evidence;
    return takenAgainstWords(status, 'referrer_limit_passed', { member, limit, expected: expectedStatus, words });
  },
  // An item moved out of the states the limit counts frees its place.
  'limit-freed'(_context, evidence, status) {
    return status === evidence.expectedStatus
      ? [
          finding('referrer_limit_counts_other_states', {
            member: evidence.member,
            verb: evidence.verb,
            status,
            words: evidence.words,
          }),
        ]
      : [];
  },
  // An item the acted item names, read after the action: in the state the words move it to.
  'named-moved'(context, evidence, status) {
    const item =
      status < 300 && context.body.kind === 'json' ? answeredItem(context.collection, context.body.value) : undefined;
    const got = item?.[evidence.member ?? 'status'];
    if (!item || got === undefined) return [];
    if (JSON.stringify(got) !== JSON.stringify(evidence.expected))
      return [
        finding('named_not_moved', { verb: evidence.verb, got, expected: evidence.expected, words: evidence.words }),
      ];
    // Moved there: the time of that state is set (an invoice a payment made `paid` has its `paidAt`).
    return stateTimes(item, evidence.expected, []).filter((one) => one.code === 'state_time_missing');
  },
  // A parent read after a child was made, where the words say a child moves its update instant.
  'parent-touched'(context, evidence, status) {
    const item =
      status < 300 && context.body.kind === 'json' ? answeredItem(context.collection, context.body.value) : undefined;
    const member = evidence.member ?? '';
    const before = evidence.instantsBefore?.[member];
    const value = item?.[member];
    const after = typeof value === 'string' ? Date.parse(value) : Number.NaN;
    if (before === undefined || Number.isNaN(after) || after > Date.parse(before)) return [];
    return [finding('parent_update_instant_kept', { member, before, got: value, words: evidence.words })];
  },
  // A count of a named item that a write moves by its amount ("reserves `quantity` from the part's
  // `stock`"), read after the write.
  'amount-moved'(context, evidence, status) {
    const item =
      status < 300 && context.body.kind === 'json' ? answeredItem(context.collection, context.body.value) : undefined;
    const got = item?.[evidence.member ?? ''];
    return typeof got === 'number' && got !== evidence.expected
      ? [
          finding('drawn_amount_off', {
            member: evidence.member,
            got,
            expected: evidence.expected,
            how: evidence.how,
            words: evidence.words,
          }),
        ]
      : [];
  },
  // An amount above the named item's count, which the words refuse.
  'amount-short'(_context, evidence, status) {
    return status < 300
      ? [
          finding('short_amount_accepted', {
            status,
            member: evidence.member,
            expected: evidence.expectedStatus,
            words: evidence.words,
          }),
        ]
      : [];
  },
  // An action taken while an item it names is in a state its words refuse.
  'named-state-refused'(_context, evidence, status) {
    const { verb, fromState: state, expectedStatus, words } = evidence;
    return takenAgainstWords(status, 'named_state_ignored', { verb, state, expected: expectedStatus, words });
  },
  // A valid creation refused under the key a refused one carried, and taken under another key.
  // A write to (or under) an item deleted just before, where the words freeze it until restored.
  'frozen-write'(context, evidence, status) {
    const { method, path } = context.testCase.operation;
    return status < 300
      ? [
          finding('deleted_item_written', {
            status,
            write: `${method} ${path}`,
            expected: evidence.expectedStatus,
            words: evidence.words,
          }),
        ]
      : [];
  },
  // A change sent without the conditional header it requires, where 428 is documented: RFC 6585
  // gives that case 428; a 412 says a precondition sent failed, and none was sent.
  'precondition-missing'(_context, evidence, status) {
    return status === 412
      ? [finding('precondition_missing_412', { status, header: evidence.member, expected: evidence.expectedStatus })]
      : [];
  },
  // A DELETE of an item deleted just before (it exists no more), where the words refuse that.
  'missing-delete'(_context, evidence, status) {
    return status < 300
      ? [finding('missing_item_deleted', { status, expected: evidence.expectedStatus, words: evidence.words })]
      : [];
  },
  // A member left out of a creation, whose default the parent holds: the parent's value.
  'parent-default'(context, evidence, status) {
    const item =
      status < 300 && context.body.kind === 'json' ? answeredItem(context.collection, context.body.value) : undefined;
    const got = item?.[evidence.member ?? ''];
    return item && JSON.stringify(got) !== JSON.stringify(evidence.expected)
      ? [
          finding('parent_default_not_applied', {
            member: evidence.member,
            got,
            expected: evidence.expected,
            words: evidence.words,
            from: evidence.how ?? 'parent',
          }),
        ]
      : [];
  },
  // Children a change adds, as the words say: the list holds exactly as many as expected.
  'children-added'(context, evidence) {
    const items = context.body.kind === 'json' ? listedItems(context.collection, context.body.value) : undefined;
    const expected = evidence.expected as number;
    if (!items || items.length === expected) return [];
    return [finding('added_children_off', { expected, got: items.length, words: evidence.how })];
  },
  // Two faults at once, answered with the status the words' order puts first.
  precedence(_context, evidence, status) {
    const later = (evidence.expected as readonly number[] | undefined) ?? [];
    const expected = evidence.expectedStatus;
    return later.includes(status) ? [finding('precedence_not_followed', { status, expected, later })] : [];
  },
  // HEAD answers as GET does: an item that does not exist is not found there either.
  'absent-head'(_context, evidence, status) {
    return status < 300 ? [finding('absent_item_found_by_head', { status, id: evidence.id })] : [];
  },
  // A HEAD of an item that exists carries the headers its GET did that the HEAD documents (an ETag).
  'head-headers'(context, evidence, status) {
    if (status >= 300 || !context.exchange.ok) return [];
    const headers = context.exchange.response.headers;
    const missing = (evidence.headers ?? []).filter((name) => headers[name.toLowerCase()] === undefined);
    return missing.length > 0 ? [finding('head_header_missing', { headers: missing.join(', ') })] : [];
  },
  // A key used under another parent than the one the words scope it to: a new item there, neither
  // the first parent's item replayed nor the refusal of a key reused with another body.
  'key-scoped'(context, evidence, status) {
    const { member, how: parent, words, expectedStatus } = evidence;
    if (status === expectedStatus) return [finding('idempotency_key_not_scoped', { status, how: 'refused', words })];
    const item =
      status < 300 && context.body.kind === 'json' ? answeredItem(context.collection, context.body.value) : undefined;
    const named = item && member !== undefined ? item[member] : undefined;
    const replayed =
      item !== undefined &&
      ((named !== undefined && String(named) !== String(parent)) || JSON.stringify(item) === evidence.body);
    return replayed ? [finding('idempotency_key_not_scoped', { status, how: 'replayed', words })] : [];
  },
  'key-free-after-refusal'(_context, evidence, status) {
    return status >= 300 && evidence.how !== undefined
      ? [finding('idempotency_key_kept_by_refusal', { status, control: evidence.how, words: evidence.words })]
      : [];
  },
  // A restore the words say brings the item back as it was: each member as it read before deletion.
  'restored-as-was'(context, evidence, status) {
    const item =
      status < 300 && context.body.kind === 'json' ? answeredItem(context.collection, context.body.value) : undefined;
    const was = (evidence.expected ?? {}) as Record<string, unknown>;
    const changed = Object.keys(was).find((name) => item && JSON.stringify(item[name]) !== JSON.stringify(was[name]));
    return changed === undefined
      ? []
      : [
          finding('restored_item_changed', {
            member: changed,
            was: was[changed],
            got: item?.[changed],
            words: evidence.words,
          }),
        ];
  },
} satisfies Partial<Record<IdiomEvidence['idiom'], Judgement>>;
