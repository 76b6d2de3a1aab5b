// The findings of the rules an item's life follows in words: values one item at a time may hold,
// the states' instants, references to items that do not exist (or a parent that does not), counts
// moved by other writes, restores, list order and deletions kept by children: part of the one
// catalog (findings.ts), beside the idioms' (idiom-findings.ts).
import { describeState, describeValue, type FindingKind } from './idiom-findings.js';

export const LIFE_RULE_FINDING_KINDS = {
  touching_interval_refused: {
    title: 'An item starting as another ends refused as overlapping',
    received: (f) => `${f.status} for an item starting at ${String(f.at)}, as the item with ${String(f.values)} ends`,
    expected: (f) => `a 2xx: the intervals are half-open, touching is no overlap ("${String(f.words)}")`,
  },
  values_in_use_accepted: {
    title: 'Values another item holds taken again',
    key: ['how'],
    received: (f) =>
      f.limit === undefined || f.limit === 1
        ? `${f.status} for a second item with ${String(f.values)} (${String(f.how)})`
        : `${f.status} for item ${Number(f.limit) + 1} with ${String(f.values)}, past the ${String(f.limit)} the document allows`,
    expected: (f) => `the documented refusal (${f.expected}), nothing made: the document says "${String(f.words)}"`,
  },
  values_in_use_other_status: {
    title: 'Values another item holds refused with another status than the words give',
    key: ['how'],
    received: (f) => `${f.status} for a second item with ${String(f.values)} (${String(f.how)})`,
    expected: (f) => `${f.expected}, as the document says "${String(f.words)}"`,
  },
  values_within_limit_refused: {
    title: 'Values refused below the limit the document gives',
    received: (f) =>
      `${f.status} for item ${String(f.count)} with ${String(f.values)}, under a scope the run made itself`,
    expected: (f) => `a 2xx: at most ${String(f.limit)} items may hold them, as the document says "${String(f.words)}"`,
  },
  values_in_other_scope_refused: {
    title: 'Values refused under a scope no item holds them in',
    received: (f) => `${f.status} for ${String(f.values)} ${String(f.scope)}`,
    expected: (f) => `a 2xx: the document scopes the rule, "${String(f.words)}"`,
  },
  own_values_refused: {
    title: 'A change keeping the values the item itself holds refused as taken',
    received: (f) => `${f.status} for a change of the item that holds ${String(f.values)}, sending them as they are`,
    expected: (f) => `a 2xx: only another item's values are taken, "${String(f.words)}"`,
  },
  freed_values_refused: {
    title: 'Values an item no longer holds refused',
    received: (f) =>
      `${f.status} for a new item with ${String(f.values)}, held by an item that is ${describeState(f.state)} now`,
    expected: (f) => `a 2xx: the document says "${String(f.words)}"`,
  },
  state_time_missing: {
    title: "A state's time not set when the item reached it",
    key: ['member'],
    received: (f) => `${String(f.member)} empty on an item an action just made ${describeState(f.state)}`,
    expected: (f) => `the time the item became ${String(f.state)} in ${String(f.member)}`,
  },
  state_time_lost: {
    title: "A state's time lost when the item moved on",
    key: ['member'],
    received: (f) =>
      `${String(f.member)} ${JSON.stringify(f.got)} after ${String(f.verb)}, where it held ${JSON.stringify(f.before)}`,
    expected: (f) =>
      `${String(f.member)} kept: the item passed through that state, and neither ${String(f.verb)}'s words nor the member's clear it`,
  },
  other_state_time_set: {
    title: "Another final state's time set",
    key: ['member'],
    received: (f) =>
      `${String(f.member)} ${JSON.stringify(f.got)} on an item ${describeState(f.state)}, which was never ${String(f.other)}`,
    expected: (f) => `${String(f.member)} empty: ${String(f.state)} and ${String(f.other)} are both final`,
  },
  unknown_reference_accepted: {
    title: 'Reference to an item it may not name accepted',
    key: ['member', 'kind'],
    received: (f) => `${f.status} for a creation whose ${String(f.member)} names ${String(f.value)}, ${String(f.kind)}`,
    expected: () => 'a refusal: the document says which items it may name',
  },
  item_reached_through_other_parent: {
    title: 'Item written through another parent',
    key: ['operation'],
    received: (f) =>
      `${f.status} for ${String(f.operation)} with ${String(f.parameter)} ${String(f.value)}, a parent the item is not under`,
    expected: () => '404: an item is found only under its own parent',
  },
  missing_parent_accepted: {
    title: 'Write below an item that does not exist accepted',
    key: ['operation'],
    received: (f) =>
      `${f.status} for ${String(f.operation)} with ${String(f.parameter)} ${String(f.value)}, an item that does not exist`,
    expected: (f) => `${f.expected}: the item it is below must exist`,
  },
  missing_parent_read: {
    title: 'Read below an item that does not exist answered',
    key: ['operation'],
    received: (f) =>
      `${f.status} for ${String(f.operation)} with ${String(f.parameter)} ${String(f.value)}, an item that does not exist`,
    expected: (f) => `${f.expected}: what is below an item that does not exist cannot be read`,
  },
  refusal_points_elsewhere: {
    title: 'Refusal points at another member',
    key: ['member'],
    received: (f) => `${f.status} for an unknown ${String(f.member)}, its entries pointing at ${String(f.pointed)}`,
    expected: (f) => `an entry pointing at ${String(f.member)}, the member refused`,
  },
  refusal_points_at_other_member: {
    title: 'Refusal of an invalid member points at another member',
    key: ['member'],
    received: (f) => `${f.status} for "${String(f.mutation)}", its entries pointing at ${String(f.pointed)}`,
    expected: (f) => `an entry pointing at ${String(f.member)} (or at an object holding it), the member refused`,
  },
  unknown_reference_status: {
    title: 'Reference to an item it may not name refused with another status',
    key: ['member', 'kind'],
    received: (f) => `${f.status} for a creation whose ${String(f.member)} names ${String(f.value)}, ${String(f.kind)}`,
    expected: (f) => `${f.expected}, the status the document gives that rule`,
  },
  counts_not_moved: {
    title: 'Counts not moved by the one item made',
    received: (f) => `${String(f.changes)} after ${String(f.how)}`,
    expected: () => 'each count as before, the made item counted once in the value it holds now',
  },
  counts_changed: {
    title: 'Counts changed by an item that is gone',
    received: (f) => `${String(f.changes)} after ${String(f.how)}`,
    expected: () => 'every count as it was before: the item counted is gone',
  },
  create_only_replaced: {
    title: 'A create-only write replaced an item that exists',
    received: (f) => `${f.status} for If-None-Match: * at an item that exists`,
    expected: (f) => `the documented refusal (${f.expected}); the item left as it was`,
  },
  live_item_restored: {
    title: 'Restore of an item that is not deleted accepted',
    received: (f) => `${f.status} for restoring a live item`,
    expected: (f) => `the documented refusal (${f.expected}); nothing to bring back`,
  },
  deleted_item_not_restored: {
    title: 'Deleted item not restored',
    received: (f) => `${f.status} for restoring an item just deleted`,
    expected: () => 'a 2xx: the restore operation brings a softly deleted item back',
  },
  restored_item_still_deleted: {
    title: 'Restored item still marked deleted',
    received: (f) => `${String(f.member)} ${describeValue(f.got)} in the answer to the restore`,
    expected: (f) => `${String(f.member)} null or absent: a restored item is live again`,
  },
  entries_not_unique: {
    title: 'Entries the words keep one per value held twice',
    key: ['member'],
    received: (f) => `${String(f.member)} holds ${f.count} entries with ${String(f.key)} ${JSON.stringify(f.value)}`,
    expected: (f) => `one entry per ${String(f.key)}: the document says "${String(f.words)}"`,
  },
  list_out_of_order: {
    title: 'List not in the order its words give',
    received: (f) =>
      `${String(f.member)} ${JSON.stringify(f.before)} listed before ${JSON.stringify(f.after)} (items ${f.position} and ${Number(f.position) + 1})`,
    expected: (f) => `items by ${String(f.member)}, ${String(f.direction)}: the document says "${String(f.words)}"`,
  },
  deleted_with_children: {
    title: 'Item with children deleted where the document refuses it',
    received: (f) => `${f.status} for deleting an item that has a child`,
    expected: (f) =>
      `the documented refusal (${f.expected}), the item and its child kept: the document says "${String(f.words)}"`,
  },
  child_gone_with_refused_deletion: {
    title: "Child gone though its parent's deletion was refused",
    received: (f) => `${f.status} for the child of an item whose deletion was answered ${f.refused}`,
    expected: (f) => `the child readable: a refused deletion changes nothing ("${String(f.words)}")`,
  },
  child_outlives_parent: {
    title: 'Child readable under a deleted parent',
    received: (f) => `${f.status} for a child of ${String(f.parent)}, deleted just before`,
    expected: () => 'a 404 (or 410): under a deleted parent nothing is left',
  },
} satisfies Record<string, FindingKind>;
