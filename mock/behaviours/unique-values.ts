// Values one live item at a time (or at most N) may hold, as the document's words say
// (spec/model/unique-values.ts): a creation or change that would give an item values that as many
// other live items already hold is refused with the documented conflict, and nothing changes. Items
// in a state that frees them ("a cancelled appointment does not hold its slot") hold nothing.
import { type Operation, responseFor, type UniqueRule } from '../../spec/core.js';
import { MockHttpError } from '../core/errors.js';
import type { Collection, Item } from './store.js';

/** What the mock enforces of a rule (its words aside). */
export type UniqueValues = Pick<
  UniqueRule,
  'members' | 'instants' | 'caseless' | 'freedBy' | 'conflictStatus' | 'limit' | 'interval'
>;

/** The rules an operation enforces: its creation's, or a change's that documents the same conflict. */
export function uniqueValuesFor(
  rules: readonly UniqueRule[] | undefined,
  operation: Operation,
): { unique?: readonly UniqueValues[] } {
  const enforced = (rules ?? []).filter(
    (rule) => responseFor(operation, rule.conflictStatus)?.status === String(rule.conflictStatus),
  );
  if (enforced.length === 0) return {};
  return {
    unique: enforced.map(({ members, instants, caseless, freedBy, conflictStatus, limit, interval }) => ({
      members,
      instants,
      ...(interval ? { interval } : {}),
      ...(caseless ? { caseless } : {}),
      ...(freedBy ? { freedBy } : {}),
      conflictStatus,
      limit,
    })),
  };
}

/** A date-time's instant (milliseconds), so `09:00Z` and `11:00+02:00` compare equal. */
function instantOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : time;
}

/** A value as the rule compares it: an instant, a string in lower case where case does not count. */
function compared(rule: UniqueValues, member: string, value: unknown): unknown {
  if (rule.instants.includes(member)) return instantOf(value);
  return rule.caseless?.includes(member) && typeof value === 'string' ? value.toLowerCase() : value;
}

/** An item's span in milliseconds: [start, end), from its end member or its length. */
function spanOf(interval: NonNullable<UniqueValues['interval']>, item: Item): [number, number] | undefined {
  const start = typeof item[interval.start] === 'string' ? Date.parse(item[interval.start] as string) : Number.NaN;
  const length = interval.length ? item[interval.length.member] : undefined;
  const end = interval.end
    ? typeof item[interval.end] === 'string'
      ? Date.parse(item[interval.end] as string)
      : Number.NaN
    : typeof length === 'number'
      ? start + length * interval.length!.unitMs
      : Number.NaN;
  return Number.isNaN(start) || Number.isNaN(end) ? undefined : [start, end];
}

function sameValues(rule: UniqueValues, a: Item, b: Item): boolean {
  const { interval } = rule;
  if (interval) {
    // Spans that overlap: touching ones only where the words do not make them half-open.
    const [x, y] = [spanOf(interval, a), spanOf(interval, b)];
    if (x && y) return interval.touchingFree ? x[0] < y[1] && y[0] < x[1] : x[0] <= y[1] && y[0] <= x[1];
  }
  return rule.members.every((member) => {
    const [x, y] = [compared(rule, member, a[member]), compared(rule, member, b[member])];
    return x !== undefined && JSON.stringify(x) === JSON.stringify(y);
  });
}

function holds({ freedBy }: UniqueValues, item: Item): boolean {
  return freedBy === undefined || !freedBy.values.includes(item[freedBy.member]);
}

/** The refusal for an item that would hold what as many other live items as a rule allows already
 * hold (the item itself, by id, excepted), or undefined. */
export function valuesInUse(
  rules: readonly UniqueValues[] | undefined,
  collection: Collection,
  next: Item,
  exceptId?: string,
): MockHttpError | undefined {
  const idProperty = collection.idProperty;
  for (const rule of rules ?? []) {
    if (!holds(rule, next)) continue;
    const holders = collection
      .page(0, collection.size)
      .filter(
        (item) =>
          (exceptId === undefined || String(item[idProperty]) !== exceptId) &&
          holds(rule, item) &&
          sameValues(rule, item, next),
      );
    if (holders.length < rule.limit) continue;
    const values = rule.members.map((member) => `${member} ${JSON.stringify(next[member])}`).join(', ');
    const who =
      rule.limit === 1
        ? `Item ${JSON.stringify(holders[0]![idProperty])} already holds`
        : `${holders.length} items (at most ${rule.limit}) already hold`;
    return new MockHttpError(rule.conflictStatus, 'conflict', `${who} ${values}.`);
  }
  return undefined;
}
