// Rules the document says in words that the mock serves on changes (the model's kept-by-children
// and replace-resets): a deletion refused while the item has children or items naming it in a
// holding state, and a replacing PUT's left-out members reset.

import type { Operation, ParentLock, SpanOrder } from '../../spec/core.js';
import { MockHttpError } from '../core/errors.js';
import type { ItemChangeBehaviour } from './behaviour-types.js';
import { collectionAt } from './nested.js';
import type { Collection } from './store.js';

/** The documented refusal of deleting an item that still has children, where the words give one. */
export function keptByChildren(
  all: Map<string, Collection>,
  params: Readonly<Record<string, string>>,
  behaviour: ItemChangeBehaviour,
): MockHttpError | undefined {
  const id = params[behaviour.parameter] ?? '';
  const holds = ({ child, via, shares, holding }: NonNullable<ItemChangeBehaviour['keptBy']>[number]) => {
    // A top-level child is one collection; a nested one is the item's siblings or children (a page
    // named as parent by another page of the space).
    const items = collectionAt(all, child, params);
    if (!via) return items.size > 0;
    const shared = Object.entries(params).filter(([name]) => name !== behaviour.parameter);
    // Items naming this one (by the member and the other path values they share), in a holding state.
    return items.page(0, items.size).some(
      (item) =>
        String(item[via]) === id &&
        shared.every(([name, value]) => {
          const carried = item[shares?.[name] ?? name];
          return carried === undefined || String(carried) === value;
        }) &&
        (!holding || holding.values.includes(item[holding.member])),
    );
  };
  const rule = behaviour.keptBy?.find(holds);
  return rule && new MockHttpError(rule.status, 'conflict', 'The item still has children: delete them first.');
}

/** A replacing PUT's left-out members as they become (their default, else null), of the stored ones. */
export function resetsFor(behaviour: ItemChangeBehaviour): Record<string, unknown> {
  const { resets, storedProperties } = behaviour;
  return resets ? Object.fromEntries(Object.entries(resets).filter(([name]) => storedProperties.includes(name))) : {};
}

/** The lock the item's own words put on this change or deletion, for the behaviour. */
export function stateLockOf(
  locks: readonly ParentLock[] | undefined,
  operation: Operation,
): { stateLock?: ParentLock } {
  const lock = locks?.find((own) => own.operation === operation);
  return lock ? { stateLock: lock } : {};
}

/** The documented refusal of a change or deletion the item's state does not allow ("Only a `draft`
 * event can be deleted (`409` otherwise)"). */
export function lockedByState(
  behaviour: Pick<ItemChangeBehaviour, 'stateLock'>,
  item: Record<string, unknown>,
): MockHttpError | undefined {
  const lock = behaviour.stateLock;
  if (!lock || lock.allowed.includes(item[lock.member])) return undefined;
  const state = JSON.stringify(item[lock.member]);
  return new MockHttpError(
    lock.status,
    'conflict',
    `The item is ${state}: the document allows this only while it is ${lock.allowed.join(' or ')}.`,
  );
}

/** The documented refusal of a body whose span ends before it starts (or as it starts, where the
 * words say strictly later); dates and date-times compared as instants. */
export function spanOutOfOrder(
  spans: readonly SpanOrder[] | undefined,
  body: Readonly<Record<string, unknown>>,
): MockHttpError | undefined {
  for (const span of spans ?? []) {
    const [start, end] = [body[span.start], body[span.end]].map((value) =>
      typeof value === 'string' ? Date.parse(value) : Number.NaN,
    );
    if (Number.isNaN(start!) || Number.isNaN(end!)) continue;
    if (end! < start! || (span.strict && end === start))
      return new MockHttpError(
        span.status,
        'invalid_request',
        `${span.end} must be ${span.strict ? 'later than' : 'no earlier than'} ${span.start}.`,
      );
  }
  return undefined;
}
