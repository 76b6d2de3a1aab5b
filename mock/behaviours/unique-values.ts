// Values one live item at a time may hold, as the document's words say (spec/model/unique-values.ts):
// a creation or change that would give an item the values another live item holds is refused with
// the documented conflict, and nothing changes. Items in a state that frees them ("a cancelled
// appointment does not hold its slot") hold nothing.
import { type Operation, responseFor, type UniqueRule } from '../../spec/core.js';
import { MockHttpError } from '../core/errors.js';
import type { Collection, Item } from './store.js';

/** What the mock enforces: the rule, with the status the operation documents for it. */
export interface UniqueValues {
  readonly members: readonly string[];
  readonly instants: readonly string[];
  readonly freedBy?: { readonly member: string; readonly values: readonly unknown[] };
  readonly conflictStatus: number;
}

/** The rule an operation enforces: its creation, or a change that documents the same conflict. */
export function uniqueValuesFor(rule: UniqueRule | undefined, operation: Operation): { unique?: UniqueValues } {
  if (!rule || responseFor(operation, rule.conflictStatus)?.status !== String(rule.conflictStatus)) return {};
  const { members, instants, freedBy, conflictStatus } = rule;
  return { unique: { members, instants, ...(freedBy ? { freedBy } : {}), conflictStatus } };
}

/** A date-time's instant (milliseconds), so `09:00Z` and `11:00+02:00` compare equal. */
function instantOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : time;
}

function sameValues(rule: UniqueValues, a: Item, b: Item): boolean {
  return rule.members.every((member) => {
    const [x, y] = rule.instants.includes(member)
      ? [instantOf(a[member]), instantOf(b[member])]
      : [a[member], b[member]];
    return x !== undefined && JSON.stringify(x) === JSON.stringify(y);
  });
}

function holds({ freedBy }: UniqueValues, item: Item): boolean {
  return freedBy === undefined || !freedBy.values.includes(item[freedBy.member]);
}

/** The refusal for an item that would hold what another live item holds (the item itself, by id,
 * excepted), or undefined. */
export function valuesInUse(
  rule: UniqueValues | undefined,
  collection: Collection,
  next: Item,
  exceptId?: string,
): MockHttpError | undefined {
  if (!rule || !holds(rule, next)) return undefined;
  const idProperty = collection.idProperty;
  const holder = collection
    .page(0, collection.size)
    .find(
      (item) =>
        (exceptId === undefined || String(item[idProperty]) !== exceptId) &&
        holds(rule, item) &&
        sameValues(rule, item, next),
    );
  if (!holder) return undefined;
  const values = rule.members.map((member) => `${member} ${JSON.stringify(next[member])}`).join(', ');
  return new MockHttpError(
    rule.conflictStatus,
    'conflict',
    `Item ${JSON.stringify(holder[idProperty])} already holds ${values}.`,
  );
}
