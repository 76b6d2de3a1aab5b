// The findings of what an answer carries besides its body's schema: the headers the document
// requires, and what the service fills in on a creation and moves on a change. Part of the one catalog (findings.ts).
import { describeValue, type FindingKind } from './idiom-findings.js';

/** The change a finding follows: "a PATCH", "a PUT", or the write below the item that was sent. */
const changeNamed = (f: Record<string, unknown>): string =>
  typeof f.via === 'string' ? f.via : `a ${f.kind === 'update' ? 'PATCH' : 'PUT'}`;

export const ITEM_FINDING_KINDS = {
  deleted_item_unreadable: {
    title: 'Deleted item unreadable where the document keeps it',
    received: (f) => `${f.status} for ${String(f.id)} after DELETE`,
    expected: () => "a 2xx with the item, its deletion time set: the DELETE's words keep it readable",
  },
  deleted_item_unstamped: {
    title: 'Deleted item read without its deletion time',
    key: ['stamp'],
    received: (f) => `${String(f.id)} read after DELETE with ${String(f.stamp)} unset`,
    expected: (f) => `${String(f.stamp)} set: the item was deleted`,
  },
  default_not_applied: {
    title: 'Default not applied',
    key: ['member'],
    received: (f) => `${String(f.member)} ${describeValue(f.got)} for a creation that left it out`,
    expected: (f) => `${describeValue(f.expected)}, the default the request schema gives it`,
  },
  parent_not_named: {
    title: 'Created item names another parent',
    key: ['member'],
    received: (f) => `${String(f.member)} ${describeValue(f.got)}`,
    expected: (f) => `${String(f.expected)}, the parent the creation's path names`,
  },
  item_names_other_parent: {
    title: 'Item answered at its path names another parent',
    key: ['member'],
    received: (f) => `${String(f.member)} ${describeValue(f.got)}`,
    expected: (f) => `${String(f.expected)}, the parent the item's path names: keys under one parent are not another's`,
  },
  instant_not_now: {
    title: 'Creation time is not the time of creation',
    key: ['member'],
    received: (f) => `${String(f.member)} ${String(f.got)}`,
    expected: (f) => `the moment it was made, within 5 minutes of the server's clock (${String(f.now)})`,
  },
  update_before_creation: {
    title: 'Update time before the creation time',
    key: ['member'],
    received: (f) => `${String(f.member)} ${String(f.got)}, before the creation at ${String(f.created)}`,
    expected: () => 'the update time at or after the creation time (equal on a new item)',
  },
  state_instant_set: {
    title: "A later state's time set on a new item",
    key: ['member'],
    received: (f) => `${String(f.member)} ${describeValue(f.got)} on an item just created`,
    expected: () => 'null or absent until the item reaches that state',
  },
  state_instant_missing: {
    title: 'The time of the state a new item was made in left out',
    key: ['member'],
    received: (f) => `${String(f.member)} ${describeValue(f.got)} on an item created in state ${String(f.state)}`,
    expected: () => 'the instant it reached that state: its creation',
  },
  owner_not_caller: {
    title: 'Owner is not the caller',
    key: ['member'],
    received: (f) => `${String(f.member)} ${describeValue(f.got)} on an item the run's key just made`,
    expected: (f) => `the caller, as ${String(f.path)} names it for that key (${describeValue(f.expected)})`,
  },
  initial_state_off: {
    title: 'A new item not in the state the words give it',
    key: ['member'],
    received: (f) => `${String(f.member)} ${describeValue(f.got)} on an item the run just made`,
    expected: (f) => `${describeValue(f.expected)}, as the words say: "${String(f.words)}"`,
  },
  initial_value_off: {
    title: 'A new item without the value the words give it',
    key: ['member'],
    received: (f) => `${String(f.member)} ${describeValue(f.got)} on an item the run just made`,
    expected: (f) => `${describeValue(f.expected)}, as the words say: "${String(f.words)}"`,
  },
  count_not_following: {
    title: 'Count of children does not follow them',
    key: ['member'],
    received: (f) => `${String(f.member)} ${describeValue(f.got)}`,
    expected: (f) =>
      `${String(f.listed)}, the number of items ${String(f.child)} lists under it (read just before and after)`,
  },
  derived_time_off: {
    title: 'A time the document derives from another is off',
    key: ['member'],
    received: (f) => `${String(f.member)} ${String(f.got)}${f.times ? ` (${String(f.times)})` : ''}`,
    expected: (f) => `${String(f.expected)}: the document says "${String(f.words)}"`,
  },
  total_not_following: {
    title: "A parent's total does not follow its children",
    key: ['member'],
    received: (f) => `${String(f.member)} ${describeValue(f.got)} ${String(f.step)}`,
    expected: (f) =>
      `${String(f.expected)}: ${describeValue(f.before)} before one item of ${String(f.child)} was made under it (a parent of the run's own), moved by that item's writes alone`,
  },
  update_instant_not_moved: {
    title: 'Update time not moved by a change',
    key: ['member'],
    received: (f) => `${String(f.member)} ${String(f.got)} after ${changeNamed(f)} (it was ${String(f.before)})`,
    expected: () => 'a later instant: the moment of the change, over a second after the item was made',
  },
  creation_instant_changed: {
    title: 'Creation time changed by a change',
    key: ['member'],
    received: (f) => `${String(f.member)} ${String(f.got)} after ${changeNamed(f)} (it was ${String(f.before)})`,
    expected: (f) => `${String(f.before)}: the moment the item was made stays what it was`,
  },
  missing_header: {
    title: 'Required response header missing',
    key: ['header', 'status'],
    received: (f) => `${String(f.status)} without ${String(f.header)}`,
    expected: (f) => `the ${String(f.header)} header the document requires for it`,
  },
  missing_challenge: {
    title: '401 without WWW-Authenticate',
    received: () => '401 without a WWW-Authenticate header',
    expected: () =>
      'a challenge naming the scheme (WWW-Authenticate: Bearer), which RFC 9110 11.6.1 requires of every 401',
  },
  invalid_header: {
    title: 'Response header breaks its schema',
    key: ['header'],
    received: (f) => `${String(f.header)}: ${String(f.value)}`,
    expected: (f) => `a value its schema takes (${String(f.problem)})`,
  },
} satisfies Record<string, FindingKind>;
