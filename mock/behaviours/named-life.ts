// What an action asks of and does to the items its item names, itself or through its children, as
// the words say: it needs a child ("Refused with `409` when the rental has no line") or a member set
// ("refused with `409` while no technician is assigned"), the items it
// names must be in some states ("names a tool whose status is not `available`": refused), and it
// moves them ("every tool on it becomes `reserved`"; "When it was `confirmed`, ... `available`").
// A named item moved gets its update instant moved and the counts others keep of it recounted.
import { CREATION_VERB, type NamedEffect, type NamedLink, type Resource, UPDATE_INSTANT } from '../../spec/core.js';
import { MockHttpError } from '../core/errors.js';
import type { ActionBehaviour } from './behaviour-types.js';
import { collectionAt } from './nested.js';
import { type ReferrerRecount, recountReferred } from './referrer-counts.js';
import type { Collection, Item } from './store.js';

type Named = Pick<ActionBehaviour, 'namedMoves' | 'namedAsks' | 'needsChild' | 'needsMember' | 'referred'>;
type All = ReadonlyMap<string, Collection>;
type Params = Readonly<Record<string, string>>;

/** The action's asks and moves of named items, read at binding from the resource's idioms. */
export function namedLifeOf(
  resource: Resource,
  verb: string,
  referred: ReadonlyMap<string, readonly ReferrerRecount[]>,
): Named {
  const operation = resource.idioms.actions?.find((action) => action.verb === verb)?.operation;
  const moves = (resource.idioms.namedEffects ?? []).filter((effect) => effect.verb === verb);
  const asks = (resource.idioms.namedStates ?? []).filter((rule) => rule.verb === verb);
  const need = resource.idioms.needsChildren?.find((one) => one.operation === operation);
  const member = resource.idioms.needsMembers?.find((one) => one.verb === verb);
  return {
    ...(member ? { needsMember: { member: member.member, status: member.status } } : {}),
    ...(moves.length > 0 ? { namedMoves: moves, referred } : {}),
    ...(asks.length > 0 ? { namedAsks: asks } : {}),
    ...(need ? { needsChild: { child: need.child, status: need.status } } : {}),
  };
}

/** The items the item names by the link: its own member's, or its children's. */
function namedBy(all: All, link: NamedLink, params: Params, item: Item): { others: Collection; named: Item[] } {
  const others = collectionAt(all as Map<string, Collection>, link.collection, {});
  const ids = link.through
    ? collectionAt(all as Map<string, Collection>, link.through, params)
        .page(0, Number.MAX_SAFE_INTEGER)
        .map((child) => child[link.via])
    : [item[link.via]];
  const named = ids.flatMap((id) => {
    const found = id === undefined || id === null ? undefined : others.find(String(id));
    return found ? [found] : [];
  });
  return { others, named };
}

/** The refusal of an action its item's children or named items do not allow yet. */
export function namedRefusal(behaviour: ActionBehaviour, all: All, params: Params, item: Item, id: string) {
  const need = behaviour.needsChild;
  if (need && collectionAt(all as Map<string, Collection>, need.child, params).size === 0)
    return new MockHttpError(need.status, 'conflict', `Item ${id} has no ${need.child} item yet.`);
  const member = behaviour.needsMember;
  if (member && (item[member.member] === undefined || item[member.member] === null))
    return new MockHttpError(member.status, 'conflict', `Item ${id} has no ${member.member} yet.`);
  for (const rule of behaviour.namedAsks ?? []) {
    const { others, named } = namedBy(all, rule, params, item);
    const held = named.find((other) => !rule.allowed.includes(String(other[rule.stateMember])));
    if (held)
      return new MockHttpError(
        rule.status,
        'conflict',
        `Item ${id} names ${rule.collection} item ${String(held[others.idProperty])}, which is ${JSON.stringify(held[rule.stateMember])}, not ${rule.allowed.join(' or ')}.`,
      );
  }
  return undefined;
}

/** After the item moved from `before`: the named items the words move, moved. */
export function moveNamed(behaviour: ActionBehaviour, all: All, params: Params, before: Item, after: Item): void {
  const moves = (behaviour.namedMoves ?? []).filter(
    (effect) => !effect.when || effect.when.includes(String(before[behaviour.member])),
  );
  moveItemsNamed(moves, behaviour.referred, all, params, after);
}

/** The moves a creation's words give the items its new item names ("The copy becomes `on_loan`"),
 * where those are top-level items the mock keeps. */
export function creationMovesOf(
  resource: Resource,
  referred: ReadonlyMap<string, readonly ReferrerRecount[]>,
): { namedMoves?: readonly NamedEffect[]; namedReferred?: ReadonlyMap<string, readonly ReferrerRecount[]> } {
  const moves = (resource.idioms.namedEffects ?? []).filter(
    (effect) => effect.verb === CREATION_VERB && !effect.collection.includes('{'),
  );
  return moves.length > 0 ? { namedMoves: moves, namedReferred: referred } : {};
}

/** The items `item` names, moved as the effects say: their update instant moved, counts of them
 * recounted. */
export function moveItemsNamed(
  moves: readonly NamedEffect[],
  referred: ReadonlyMap<string, readonly ReferrerRecount[]> | undefined,
  all: All,
  params: Params,
  item: Item,
): void {
  for (const effect of moves) {
    const { others, named } = namedBy(all, effect, params, item);
    const now = new Date().toISOString();
    for (const other of named) {
      if (other[effect.stateMember] === effect.to) continue;
      const stamps = Object.fromEntries(
        Object.keys(other)
          .filter((name) => UPDATE_INSTANT.test(name) && typeof other[name] === 'string')
          .map((name) => [name, now]),
      );
      // A count the same words move ("its `timesRented` grows by one") moves with it.
      const count = effect.grows && other[effect.grows.member];
      const grown = effect.grows && typeof count === 'number' ? { [effect.grows.member]: count + effect.grows.by } : {};
      const moved = others.replace(String(other[others.idProperty]), {
        ...other,
        ...stamps,
        ...grown,
        [effect.stateMember]: effect.to,
      });
      if (moved) recountReferred(all, referred?.get(effect.collection), others, other, moved);
    }
  }
}
