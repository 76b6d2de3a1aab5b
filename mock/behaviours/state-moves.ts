// A PATCH or PUT that moves an item's state member does what an action's move does: it stamps the
// new state's own instant (`closedAt` once closed), and it empties the instants the words make null
// in that state ("`closedAt`: null while it is open"). Planned once per write, at binding.
import { type ClearedInstant, type CollectionSpec, filledInOf, statusMember } from '../../spec/core.js';
import type { StateMoves } from './behaviour-types.js';
import { stampsOf } from './life-bindings.js';

export function stateMovesOf(
  collection: CollectionSpec,
  kind: 'replace' | 'update' | 'remove',
  cleared: readonly ClearedInstant[] = [],
  collections: readonly CollectionSpec[] = [],
): { stateMoves?: StateMoves } {
  const state = kind === 'remove' ? undefined : statusMember(collection);
  const schema = collection.create?.item.schema ?? collection.read?.item.schema;
  if (!state || !schema) return {};
  const later = new Set(filledInOf(collection, schema, collections).laterStates);
  const stamps = new Map(
    state.values.map((value) => [
      value,
      (stampsOf(collection, value, collections).stamps ?? []).filter(({ name }) => later.has(name)),
    ]),
  );
  const any = [...stamps.values()].some((names) => names.length > 0) || cleared.length > 0;
  return any ? { stateMoves: { member: state.member, stamps, cleared } } : {};
}

/** The changed item with the instants its state move stamps and empties, where it moved. */
export function withStateMoved(
  old: Record<string, unknown>,
  changed: Record<string, unknown>,
  moves: StateMoves | undefined,
  now = new Date(),
): Record<string, unknown> {
  if (!moves || JSON.stringify(old[moves.member]) === JSON.stringify(changed[moves.member])) return changed;
  const target = changed[moves.member];
  const instant = now.toISOString();
  const next = { ...changed };
  for (const { name, date } of moves.stamps.get(target) ?? [])
    if (next[name] === null || next[name] === undefined) next[name] = date ? instant.slice(0, 10) : instant;
  for (const { member, whileIn } of moves.cleared) if (whileIn.includes(target) && member in next) next[member] = null;
  return next;
}

/** A generated seed item whose state and instants agree: the instants its state stamps are set (a
 * `published` event has a `published_at`), and an item in the first state holds none of the later
 * states' (an `active` vehicle was never retired). Stamped at the item's creation instant where it
 * has one. */
export function withCoherentState(
  item: Record<string, unknown>,
  moves: StateMoves | undefined,
  first: unknown,
  now = new Date(),
): Record<string, unknown> {
  const state = moves ? item[moves.member] : undefined;
  if (!moves || state === undefined) return item;
  const created = Object.entries(item).find(
    ([name, value]) => /^created(?:_?at|_?on)?$/i.test(name) && typeof value === 'string',
  );
  const instant = (created?.[1] as string | undefined) ?? now.toISOString();
  const next = { ...item };
  const own = moves.stamps.get(state) ?? [];
  for (const { name, date } of own)
    if (next[name] === null || next[name] === undefined) next[name] = date ? instant.slice(0, 10) : instant;
  if (JSON.stringify(state) === JSON.stringify(first)) {
    const owned = new Set(own.map(({ name }) => name));
    for (const [value, names] of moves.stamps)
      if (value !== state) for (const { name } of names) if (!owned.has(name) && name in next) next[name] = null;
  }
  return next;
}
