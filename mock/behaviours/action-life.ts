// What an action does beyond moving its own item, as the words say: it waits for a time of the item
// ("only once `endsAt` has passed": refused before), it moves the items naming the item ("every
// `pending` order of the event becomes `cancelled`"), and its moves change the counts other items
// keep of this one's (tickets in `paid` orders).
import { DELETION_VERB, type Resource } from '../../spec/core.js';
import { MockHttpError } from '../core/errors.js';
import type { ActionBehaviour, ReferrerMoves } from './behaviour-types.js';
import { collectionAt } from './nested.js';
import { type ReferrerRecount, recountReferred } from './referrer-counts.js';
import type { Collection, Item } from './store.js';

type Life = Pick<ActionBehaviour, 'waitsFor' | 'moves' | 'referred' | 'ownReferred'>;

/** The action's life, read at binding from the resource's idioms and the counts kept by state. */
export function actionLifeOf(
  resource: Resource,
  verb: string,
  referred: ReadonlyMap<string, readonly ReferrerRecount[]>,
): Life {
  const waitsFor = resource.idioms.timedActions?.find((timed) => timed.verb === verb)?.member;
  const moves = (resource.idioms.referrerEffects ?? []).filter((effect) => effect.verb === verb);
  const own = referred.get(resource.collection.path);
  return {
    ...(waitsFor !== undefined ? { waitsFor } : {}),
    ...(moves.length > 0 ? { moves, referred } : {}),
    ...(own ? { ownReferred: own } : {}),
  };
}

/** The refusal of an action taken before the time it waits for. */
export function tooEarly(behaviour: ActionBehaviour, item: Item, id: string): MockHttpError | undefined {
  const at = behaviour.waitsFor === undefined ? undefined : Date.parse(String(item[behaviour.waitsFor]));
  if (at === undefined || Number.isNaN(at) || at <= Date.now()) return undefined;
  return new MockHttpError(
    behaviour.refusedStatus ?? 409,
    'conflict',
    `Item ${id} cannot be ${String(behaviour.target ?? 'moved')} before its ${behaviour.waitsFor} has passed.`,
  );
}

/** After the item moved: the counts its move changes, and the items naming it the words move. */
export function afterMove(
  behaviour: ActionBehaviour,
  all: ReadonlyMap<string, Collection>,
  collection: Collection,
  before: Item,
  after: Item,
): void {
  recountReferred(all, behaviour.ownReferred, collection, before, after);
  moveReferrers({ moves: behaviour.moves ?? [], referred: behaviour.referred ?? new Map() }, all, collection, after);
}

/** The items of a deletion's moves, read at binding ("Every `active` enrollment of the learner
 * becomes `cancelled`"), with the counts kept by their state. */
export function deletionMovesOf(
  resource: Resource,
  referred: ReadonlyMap<string, readonly ReferrerRecount[]>,
): { deletionMoves?: ReferrerMoves } {
  const moves = (resource.idioms.referrerEffects ?? []).filter((effect) => effect.verb === DELETION_VERB);
  return moves.length > 0 ? { deletionMoves: { moves, referred } } : {};
}

/** Moves the items naming `item` as the words say, and the counts their moves change. */
export function moveReferrers(
  { moves, referred }: ReferrerMoves,
  all: ReadonlyMap<string, Collection>,
  collection: Collection,
  item: Item,
): void {
  const id = JSON.stringify(item[collection.idProperty]);
  for (const { collection: path, via, stateMember, from, to } of moves) {
    // Children name the item by their path (an event's orders under {eventId}), others by a member.
    const child = path.includes(`{${via}}`);
    const others = child
      ? collectionAt(all as Map<string, Collection>, path, { [via]: String(item[collection.idProperty]) })
      : all.get(path);
    if (!others) continue;
    for (const other of others.page(0, others.size)) {
      if ((!child && JSON.stringify(other[via]) !== id) || other[stateMember] !== from) continue;
      const moved = others.replace(String(other[others.idProperty]), { ...other, [stateMember]: to });
      if (moved) recountReferred(all, referred.get(path), others, other, moved);
    }
  }
}
