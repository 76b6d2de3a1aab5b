// The findings of the API model's idioms (paging, filters, Location, idempotency, conditional
// requests, actions, jobs, ownership, prototype pollution): part of the one catalog (findings.ts).
import { truncate } from '../../spec/index.js';

export type Fields = Readonly<Record<string, unknown>>;

export interface FindingKind {
  readonly title: string;
  /** A field whose value completes the title ("Transport failure: timeout"). */
  readonly titleField?: string;
  /** Fields that make two findings of this code distinct problems (pointer and keyword always do). */
  readonly key?: readonly string[];
  readonly received: (fields: Fields) => string;
  readonly expected: (fields: Fields) => string;
}

/** A value as a message shows it: JSON, cut at 120 characters. */
export function describeValue(value: unknown): string {
  if (value === undefined) return '(absent)';
  return truncate(JSON.stringify(value), 120);
}

export const IDIOM_FINDING_KINDS = {
  idempotent_replay_refused: {
    title: 'Idempotent replay refused',
    received: (f) => `${f.status} for the same Idempotency-Key and body again`,
    expected: () => 'the first answer again (a retry with the same key is what the key is for)',
  },
  idempotent_replay_created: {
    title: 'Idempotent replay created a second item',
    received: (f) => `${f.idProperty} ${f.other}, a new item, for the same key and body`,
    expected: (f) => `the first answer again: ${f.idProperty} ${f.id}`,
  },
  idempotency_key_reuse_accepted: {
    title: 'Idempotency key reused with another body accepted',
    received: (f) => `${f.status} for the first request's key with another body`,
    expected: (f) => `the documented refusal (${f.expected}); nothing created`,
  },
  not_modified_ignored: {
    title: 'If-None-Match with the current ETag ignored',
    received: (f) => `${f.status} with the whole item`,
    expected: () => '304 Not Modified, as the document lists',
  },
  not_modified_with_body: {
    title: '304 with a body',
    received: (f) => `a 304 carrying ${f.bytes} bytes`,
    expected: () => 'a 304 without a body (RFC 9110 §15.4.5)',
  },
  etag_unchanged: {
    title: 'ETag unchanged by a change',
    received: (f) => `ETag ${f.etag}, as before the change`,
    expected: () => 'another ETag once the item changed',
  },
  stale_precondition_accepted: {
    title: 'Change with a stale If-Match accepted',
    received: (f) => `${f.status} for If-Match naming the item's previous version`,
    expected: (f) => `${f.expected} Precondition Failed, and the item unchanged (lost update)`,
  },
  if_match_star_refused: {
    title: 'Change with If-Match: * refused',
    received: (f) => `${f.status} for If-Match: * on an item that exists`,
    expected: () => 'the change taken: "*" matches any current version of an existing item (RFC 9110 13.1.1)',
  },
  stale_precondition_other_status: {
    title: 'Change with a stale If-Match refused with another status than 412',
    received: (f) => `${f.status} for If-Match naming the item's previous version`,
    expected: () => '412 Precondition Failed, as documented and as RFC 9110 has a failed If-Match answered',
  },
  action_not_applied: {
    title: 'Action answered but not applied',
    key: ['verb'],
    received: (f) => `${f.member} ${describeValue(f.got)} after ${f.verb}`,
    expected: (f) => `${f.member} ${describeValue(f.expected)}`,
  },
  action_update_instant_kept: {
    title: 'Update time not moved by an action',
    key: ['verb'],
    received: (f) => `${String(f.member)} ${String(f.got)} after ${String(f.verb)} (it was ${String(f.before)})`,
    expected: () => 'a later time: the action changed the item (its state), a second or more after its last change',
  },
  prototype_polluted: {
    title: 'Prototype polluted by a __proto__ member',
    received: (f) => `"polluted": true at ${f.pointer}, on an object that never held it`,
    expected: () => 'a member named __proto__ stored as data or refused, never merged into a prototype',
  },
  key_taken_in_undeclared_carrier: {
    title: 'Valid key taken where the document declares none',
    received: (f) => `${f.status} for ${f.credentials}`,
    expected: () =>
      'the declared carrier only; the key is valid, so this is not a failure (a wrong key there would be)',
  },
  ownership_not_checked: {
    title: 'Object-level authorization not checked: no second credential',
    key: ['resource'],
    received: (f) => `${f.resource} is owned (its items belong to their creator), and the run had one credential`,
    expected: () =>
      "a second user's key (--other-api-key or CONFORMANCE_OTHER_API_KEY) to check that one user cannot reach another's items",
  },
  other_users_item_reached: {
    title: "Another user's item reached (broken object-level authorization)",
    key: ['request'],
    received: (f) => `${f.status} for ${f.request} with a second user's credentials, on an item made by ${f.madeBy}`,
    expected: () => 'a refusal (403, or 404 as for an item that is not there): OWASP API1',
  },
  owned_item_lost: {
    title: "Owner lost the item after another user's attempts",
    key: ['request'],
    received: (f) =>
      `${f.status} for the owner's ${f.request} after another user tried to change and delete the item made by ${f.madeBy}`,
    expected: () => 'the item still there for its owner',
  },
  owned_item_changed_by_other: {
    title: 'Owned item changed by another user',
    received: (f) => `${f.field ?? 'a field'} no longer as its owner sent it (${f.madeBy})`,
    expected: () => "the item as its owner left it: another user's change refused",
  },
  filter_not_applied: {
    title: 'Filtered list holds items that do not match',
    key: ['member'],
    received: (f) =>
      `an item with ${f.member} ${describeValue(f.other)} in the list filtered by ${f.member}=${describeValue(f.value)}`,
    expected: () => 'only items that match the filter',
  },
  filtered_item_missing: {
    title: 'Filtered list lacks a matching item the run made',
    key: ['member'],
    received: (f) => `no ${f.idProperty} ${f.id} (${f.member} ${describeValue(f.value)}) in the list filtered by it`,
    expected: () => "every matching item, the run's own included",
  },
  next_page_refused: {
    title: 'Next page refused',
    received: (f) => `${f.status} for the next page, asked for with the token the service gave`,
    expected: () => "the next page: a token taken from an answer is the service's own",
  },
  next_page_repeats: {
    title: 'Paged list never ends',
    received: (f) => `the next page pointed to again (${f.query}) after it was read`,
    expected: () => 'each next page once, and a last page without a next',
  },
  list_total_mismatch: {
    title: "List's total differs from its items",
    received: (f) => `total ${f.total} on every page, ${f.count} items on the pages walked to the end`,
    expected: (f) => `${f.total} items, or a total of ${f.count}`,
  },
  etag_kept_for_another_body: {
    title: 'One strong ETag for two different bodies',
    received: (f) =>
      `ETag ${f.etag} again, with ${String(f.at)} ${describeValue(f.after)} where it was ${describeValue(f.before)}`,
    expected: () =>
      'another strong ETag whenever the representation differs (RFC 9110 §8.8.3: caches and If-Match rely on it)',
  },
  etag_unstable: {
    title: 'ETag changes without a change',
    received: (f) => `ETag ${f.after} on a read of the same item and body that gave ${f.before}`,
    expected: () => 'the same strong ETag until the item changes (caches and If-Match rely on it)',
  },
  page_over_limit: {
    title: 'Page longer than the limit asked for',
    received: (f) => `${f.count} items`,
    expected: (f) => `at most ${f.limit} (the limit parameter sent)`,
  },
  page_echo_off: {
    title: 'List envelope names other paging values than it used',
    key: ['member'],
    received: (f) => `${f.member} ${describeValue(f.got)} in the envelope`,
    expected: (f) =>
      `${f.member} ${describeValue(f.expected)}: ${f.how === 'sent' ? 'the value sent' : "the parameter's documented default, none being sent"}`,
  },
  page_over_default_limit: {
    title: 'Page longer than the default limit',
    received: (f) => `${f.count} items on a list asked without ${f.parameter}`,
    expected: (f) => `at most ${f.limit} (the documented default of ${f.parameter})`,
  },
  prefer_minimal_ignored: {
    title: 'Prefer: return=minimal not honoured',
    received: (f) =>
      `${f.status}${Number(f.bytes) > 0 ? ` with a body of ${f.bytes} bytes` : ''} for a change that asked for return=minimal`,
    expected: (f) => `${f.expected} without a body, as the document says: "${f.words}"`,
  },
  prefer_minimal_unasked: {
    title: 'An answer without a body that nobody asked for',
    received: (f) => `${f.status} for a change sent without Prefer: return=minimal`,
    expected: (f) => `${f.expected} with the item: the bodiless ${f.status} answers only return=minimal ("${f.words}")`,
  },
  location_not_readable: {
    title: "Creation's Location leads nowhere",
    received: (f) => `${f.status} for ${f.location}`,
    expected: () => 'the created item, read where the Location header says',
  },
  put_replace_created: {
    title: 'PUT of an existing item answered as a creation',
    received: (f) => `${f.status} for a PUT that replaced an item that existed`,
    expected: () => '200 or 204, as documented (201 says a new item was made: RFC 9110 9.3.4)',
  },
  put_create_not_created: {
    title: 'PUT at a free key did not create',
    received: (f) => `${f.status} for a PUT at a key no item had`,
    expected: (f) => `${f.expected}: the item made at the key the client chose`,
  },
  location_elsewhere: {
    title: "Creation's Location resolves to another path",
    received: (f) => `Location ${String(f.location)}, which resolves to ${String(f.landed)}`,
    expected: (f) => `a Location that resolves (against the creation's URL) to the created item, at ${String(f.read)}`,
  },
  location_other_item: {
    title: "Creation's Location leads to another item",
    received: (f) => `${f.idProperty} ${f.other} at ${f.location}`,
    expected: (f) => `the created item, ${f.idProperty} ${f.id}`,
  },
  job_location_unknown: {
    title: "A job's Location names a path the document does not read",
    received: (f) => `Location ${String(f.location)}, resolving to ${String(f.landed)}`,
    expected: (f) => `a path the document reads under the same base: ${String(f.documented)}`,
  },
  job_never_completes: {
    title: 'Accepted job never completes',
    received: (f) => `${f.member} ${describeValue(f.got)} after ${String(f.how ?? '10 reads over 5 s')}`,
    expected: (f) => `${f.member} ${describeValue(f.expected)}: an accepted (202) creation finishes in bounded time`,
  },
  job_result_before_done: {
    title: "A job's result is there before it is done",
    key: ['member'],
    received: (f) => `${f.member} ${describeValue(f.got)} while the job is ${describeValue(f.state)}`,
    expected: (f) => `${f.member} null until the job is done, as its description says`,
  },
  job_done_without_result: {
    title: 'A done job lacks the result its words promise',
    key: ['member'],
    received: (f) =>
      `${f.member} ${f.got === undefined ? 'absent' : describeValue(f.got)} on a job ${describeValue(f.state)}`,
    expected: (f) => `${f.member} filled in once the job is done, as its description says`,
  },
  precondition_not_required: {
    title: 'A change that requires If-Match taken without it',
    received: (f) => `${f.status} for a change sent without If-Match`,
    expected: (f) => `${f.expected}, as the document requires If-Match`,
  },
  job_result_served_early: {
    title: "A job's result is served before the job is done",
    received: (f) => `${f.status} while the job is ${describeValue(f.state)}`,
    expected: (f) => `${f.expected}, as the result's words say, until the job is done`,
  },
  repeated_action_accepted: {
    title: 'Action the item is already past accepted',
    key: ['verb'],
    received: (f) => `${f.status} for ${f.verb} a second time`,
    expected: (f) => `the documented refusal (${f.expected})`,
  },
  action_from_final_state_accepted: {
    title: 'Action on an item in a final state accepted',
    key: ['verb', 'state'],
    received: (f) => `${f.status} for ${f.verb} on an item ${describeState(f.state)}, a state the document calls final`,
    expected: (f) => `the documented refusal (${f.expected}), the item unchanged`,
  },
  action_without_children_accepted: {
    title: 'An action its words allow only with children accepted without',
    received: (f) => `${f.status} for it on an item with no ${String(f.child)} item`,
    expected: (f) => `the documented refusal (${f.expected}): the document says "${String(f.words)}"`,
  },
  action_without_member_accepted: {
    title: 'An action its words refuse while a member is unset accepted without it',
    received: (f) => `${f.status} for it on an item whose ${String(f.member)} is unset`,
    expected: (f) => `the documented refusal (${f.expected}): the document says "${String(f.words)}"`,
  },
  write_under_locked_parent_accepted: {
    title: "A write its parent's state forbids accepted",
    received: (f) => `${f.status} for it under a parent now ${String(f.state)}`,
    expected: (f) => `the documented refusal (${f.expected}), nothing changed: the document says "${String(f.words)}"`,
  },
  write_in_locked_state_accepted: {
    title: "A write its item's state forbids accepted",
    received: (f) => `${f.status} for it on an item now ${String(f.state)}`,
    expected: (f) => `the documented refusal (${f.expected}), nothing changed: the document says "${String(f.words)}"`,
  },
} satisfies Record<string, FindingKind>;

export const describeState = (state: unknown): string => (typeof state === 'string' ? state : JSON.stringify(state));
