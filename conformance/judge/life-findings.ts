// The findings of an item's life read from the words (numbers within a scope, actions from their
// drawn states, pages that end on the last item, copies, restores): part of the one catalog
// (findings.ts).

import { CREATION_VERB } from '../../spec/index.js';
import { describeState, describeValue, type FindingKind } from './idiom-findings.js';

export const LIFE_FINDING_KINDS = {
  parent_update_instant_kept: {
    title: "A child made left its parent's update time as it was",
    key: ['member'],
    received: (f) => `${String(f.member)} ${String(f.got)} after a child was made (it was ${String(f.before)})`,
    expected: (f) => `a later time, as the words say: "${String(f.words)}"`,
  },
  number_not_first: {
    title: "A new parent's first item is not numbered 1",
    received: (f) => `number ${describeValue(f.got)} for the first item under a parent just made`,
    expected: (f) => `${describeValue(f.expected)}: numbers count per parent, as the document says`,
  },
  number_not_next: {
    title: 'A number is not the next one in its scope',
    received: (f) => `number ${describeValue(f.got)} for a new item of ${String(f.scope)}, after one in another scope`,
    expected: (f) =>
      `${describeValue(f.expected)}: the highest number given within ${String(f.scope)} plus one, as the document says`,
  },
  number_reused: {
    title: "A deleted item's number given again",
    received: (f) => `number ${describeValue(f.number)} for a new item, the number of the item just deleted`,
    expected: () => 'a number never used in that parent: the document says numbers are never given again',
  },
  action_refused_from_allowed_state: {
    title: 'Action refused from a state the document starts it from',
    key: ['verb', 'state'],
    received: (f) =>
      `${f.status} for ${f.verb} on an item ${describeState(f.state)}` +
      (f.takenFrom === undefined ? '' : `, although it was taken from ${describeState(f.takenFrom)}`),
    expected: (f) =>
      `a 2xx: the document's words start ${f.verb} from ${describeState(f.state)}` +
      (f.takenFrom === undefined
        ? ' (noted only: no other start was seen taken, and the action may have conditions of its own)'
        : ''),
  },
  action_accepted_from_other_state: {
    title: 'Action accepted from a state the document does not start it from',
    key: ['verb', 'state'],
    received: (f) => `${f.status} for ${f.verb} on an item ${describeState(f.state)}`,
    expected: (f) =>
      `the documented refusal (${f.expected}): the document's words start ${f.verb} from other states only`,
  },
  empty_page_after_last_item: {
    title: 'A page holding the last item names an empty next page',
    received: (f) => `an empty page, named as the next one by a full page of all ${String(f.size)} items`,
    expected: () => 'no next page after the last item, as the document says a walk meets no empty page',
  },
  copy_followed_source: {
    title: 'A copied value follows the item it was copied from',
    key: ['member'],
    received: (f) => `${String(f.member)} ${describeValue(f.got)} once the item it was copied from changed`,
    expected: (f) => `${describeValue(f.expected)}, the value copied when the item was made ("${String(f.words)}")`,
  },
  capacity_state_wrong: {
    title: "An item is not in the state its parent's capacity gives it",
    key: ['member', 'how'],
    received: (f) => `${String(f.member)} ${describeValue(f.got)} for ${String(f.how)}`,
    expected: (f) => `${describeValue(f.expected)}, as the document says ("${String(f.words)}")`,
  },
  capacity_item_refused: {
    title: "An item past its parent's capacity is refused",
    key: ['how'],
    received: (f) => `${String(f.status)} for ${String(f.how)}`,
    expected: (f) =>
      `a 2xx with ${String(f.member)} ${describeValue(f.expected)}, as the document says ("${String(f.words)}")`,
  },
  capacity_place_wrong: {
    title: 'A waiting item is not at its place',
    key: ['member', 'how'],
    received: (f) => `${String(f.member)} ${describeValue(f.got)} for ${String(f.how)}`,
    expected: (f) => `${describeValue(f.expected)}: the waiting items hold places 1, 2, … in the order they came`,
  },
  state_count_wrong: {
    title: 'A count of the items naming it in some states is off',
    key: ['member'],
    received: (f) => `${String(f.member)} ${describeValue(f.got)} after ${String(f.how)}`,
    expected: (f) =>
      `${describeValue(f.expected)}, as the document counts it ("${String(f.words)}")` +
      (f.shared === true ? " (noted only: the item counted is not the run's own, others may move its count)" : ''),
  },
  referrer_not_moved: {
    title: 'An action leaves the items naming its item where they were',
    key: ['verb', 'from'],
    received: (f) =>
      `${describeValue(f.got)} on an item that was ${describeValue(f.from)}, after ${String(f.verb)} of the item it names`,
    expected: (f) => `${describeValue(f.expected)}, as the action's words say ("${String(f.words)}")`,
  },
  action_taken_too_early: {
    title: 'Action taken before the time its words wait for',
    key: ['verb'],
    received: (f) => `${f.status} for ${String(f.verb)} on an item whose ${String(f.member)} is an hour ahead`,
    expected: (f) => `the documented refusal (${String(f.expected)}): "${String(f.words)}"`,
  },
  parent_unequal_accepted: {
    title: "A value the words tie to the parent's taken different",
    key: ['member'],
    received: (f) =>
      `${f.status} for ${String(f.member)} ${describeValue(f.got)} under a parent whose ${String(f.parentMember)} is ${describeValue(f.expected)}`,
    expected: (f) => `the documented refusal (${String(f.expectedStatus)}): "${String(f.words)}"`,
  },
  referenced_bound_passed: {
    title: 'A number past the bound the named item sets taken',
    key: ['member'],
    received: (f) =>
      `${f.status} for ${String(f.member)} past ${String(f.bound)}, the bound of the item the body names`,
    expected: (f) => `the documented refusal (${String(f.expected)}): "${String(f.words)}"`,
  },
  referenced_bound_other_status: {
    title: 'A number past the bound the named item sets refused with another status',
    key: ['member'],
    received: (f) =>
      `${f.status} for ${String(f.member)} past ${String(f.bound)}, the bound of the item the body names`,
    expected: (f) => `the status the words give (${String(f.expected)}): "${String(f.words)}"`,
  },
  referrer_limit_passed: {
    title: 'An item named past its limit',
    key: ['member'],
    received: (f) =>
      `${f.status} for one more item naming an item that already has ${String(f.limit)} (its ${String(f.member)})`,
    expected: (f) => `the documented refusal (${String(f.expected)}): "${String(f.words)}"`,
  },
  named_not_moved: {
    title: 'A creation or an action leaves the items its item names where they were',
    key: ['verb'],
    received: (f) =>
      f.verb === CREATION_VERB
        ? `${describeValue(f.got)} on an item named by the item just created`
        : `${describeValue(f.got)} on an item named by the item ${String(f.verb)} was taken on`,
    expected: (f) =>
      `${describeValue(f.expected)}, as the ${f.verb === CREATION_VERB ? 'creation' : 'action'}'s words say ("${String(f.words)}")`,
  },
  deleted_not_listed: {
    title: 'A deleted item is missing from the list that includes deleted items',
    key: ['member'],
    received: (f) => `no item ${String(f.id)} in the list walked to its end with ${String(f.member)}=true`,
    expected: (f) => `the item just deleted, listed because ${String(f.member)} asks for deleted items too`,
  },
  drawn_amount_off: {
    title: "A write does not move the named item's count as its words say",
    key: ['member'],
    received: (f) => `${String(f.member)} ${describeValue(f.got)} (${String(f.how)})`,
    expected: (f) => `${describeValue(f.expected)}, as the words say ("${String(f.words)}")`,
  },
  short_amount_accepted: {
    title: "An amount above the named item's count accepted",
    key: ['member'],
    received: (f) => `${f.status} for an amount one above the named item's ${String(f.member)}`,
    expected: (f) => `${String(f.expected)}, as the words say ("${String(f.words)}")`,
  },
  named_state_ignored: {
    title: 'An action taken while an item it names is in a state its words refuse',
    key: ['verb'],
    received: (f) => `${f.status} for ${String(f.verb)} of an item naming one that is ${describeValue(f.state)}`,
    expected: (f) => `${String(f.expected)}, as the words say ("${String(f.words)}")`,
  },
  parent_default_not_applied: {
    title: 'A member left out does not take the value of the parent or the item it names',
    key: ['member'],
    received: (f) => `${String(f.member)} ${describeValue(f.got)} on an item made without it`,
    expected: (f) =>
      `${describeValue(f.expected)}, the ${String(f.from ?? 'parent')}'s: the document says "${String(f.words)}"`,
  },
  precondition_missing_412: {
    title: 'A missing precondition answered as a failed one',
    received: (f) => `412 for a change sent without ${String(f.header)}`,
    expected: (f) =>
      `${String(f.expected)} (Precondition Required, RFC 6585), which the operation documents: no precondition was sent to fail`,
  },
  missing_item_deleted: {
    title: 'A DELETE of an item that no longer exists taken',
    received: (f) => `${f.status} for a second DELETE of an item deleted just before`,
    expected: (f) => `${String(f.expected)}: the document says "${String(f.words)}"`,
  },
  deleted_item_written: {
    title: 'A deleted item written to before its restore',
    key: ['write'],
    received: (f) => `${f.status} for ${String(f.write)} on an item deleted just before`,
    expected: (f) => `${String(f.expected)}: the document says "${String(f.words)}"`,
  },
  added_children_off: {
    title: 'A change added another number of children than the words say',
    received: (f) => `${f.got} listed after the change`,
    expected: (f) => `${f.expected}, as the words say: "${f.words}"`,
  },
  precedence_not_followed: {
    title: 'Two faults answered out of the order the words give',
    received: (f) => `${f.status} for invalid input below an item that does not exist`,
    expected: (f) =>
      `${f.expected}: the words put it before ${Array.isArray(f.later) ? f.later.join(' and ') : f.later}`,
  },
  head_header_missing: {
    title: 'HEAD leaves out a header its GET sends',
    received: (f) => `no ${String(f.headers)} on the HEAD of an item whose GET sent it`,
    expected: () =>
      "the header, which the HEAD's documented answer declares: HEAD answers with the header fields GET would (RFC 9110 9.3.2)",
  },
  absent_item_found_by_head: {
    title: 'HEAD finds an item that does not exist',
    received: (f) => `${f.status} for HEAD of ${String(f.id)}, which a GET shows absent`,
    expected: () => '404, as the GET answers: HEAD answers as GET does, without the body (RFC 9110 9.3.2)',
  },
  idempotency_key_not_scoped: {
    title: 'An idempotency key kept across the parents it is scoped to',
    received: (f) =>
      f.how === 'replayed'
        ? `${f.status} replaying the item another parent's creation made with the same key`
        : `${f.status} for a creation under another parent with a key used under the first`,
    expected: (f) => `a new item under this parent: the key is scoped to it ("${String(f.words)}")`,
  },
  idempotency_key_kept_by_refusal: {
    title: 'A refused request used up its idempotency key',
    received: (f) =>
      `${f.status} for a valid creation under the key of a refused one; the same body was ${String(f.control)}`,
    expected: (f) => `a 2xx: a refused request leaves its key free ("${String(f.words)}")`,
  },
  referrer_limit_counts_other_states: {
    title: 'A limit counts items its words leave out',
    key: ['member'],
    received: (f) =>
      `${f.status} for an item's own body sent again once that item was moved by ${String(f.verb)}, out of what ${String(f.member)} counts`,
    expected: (f) => `a 2xx: the moved item no longer counts ("${String(f.words)}")`,
  },
  repeat_changed_item: {
    title: 'A write repeated changed the item',
    key: ['verb', 'member'],
    received: (f) =>
      `${String(f.member)} ${describeValue(f.got)} after ${String(f.verb)} was sent a second time, where it held ${describeValue(f.was)} after the first`,
    expected: (f) => `the item as it was: the words say a repeat changes nothing ("${String(f.words)}")`,
  },
  restored_item_changed: {
    title: 'Restored item differs from the item deleted',
    key: ['member'],
    received: (f) =>
      `${String(f.member)} ${describeValue(f.got)} after the restore, where the deleted item held ${describeValue(f.was)}`,
    expected: (f) => `the item as it was when deleted, as the restore's words say ("${String(f.words)}")`,
  },
} satisfies Record<string, FindingKind>;
