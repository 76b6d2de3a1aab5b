// An action that makes an item of another collection (a cart's checkout makes an order): the source
// item's state is checked as the action's own words check it (a checked-out cart answers 409), and
// once the item is made the source moves as the action moves it (the cart becomes `checked_out`,
// its `orderId` names the new order).
import { UPDATE_INSTANT } from '../../spec/core.js';
import { MockHttpError } from '../core/errors.js';
import { afterMove, tooEarly } from './action-life.js';
import type { ActionBehaviour } from './behaviour-types.js';
import { countedChange } from './change-counts.js';
import { recountAfterWrite } from './counts.js';
import { collectionOf, type HandlerContext } from './handler-context.js';
import { itemFor } from './item-answers.js';
import { moveLineAmounts } from './line-amounts.js';
import { moveNamed, namedRefusal } from './named-life.js';
import { stampsNow } from './restores.js';
import { stepCounts } from './stepped-counts.js';
import type { Collection } from './store.js';

type Item = Record<string, unknown>;

/** Why the action may not be taken on the item in its state, or undefined where it may. */
export function actionRefusal(
  behaviour: ActionBehaviour,
  context: HandlerContext,
  item: Item,
  id: string,
): MockHttpError | undefined {
  const state = item[behaviour.member];
  const refused = behaviour.refusedStatus;
  if (refused !== undefined && !behaviour.keepsState && state === behaviour.target)
    return new MockHttpError(refused, 'conflict', `Item ${id} is ${JSON.stringify(behaviour.target)} already.`);
  // Taken once: its own instant (`returnedAt`, not the update instant) is set already.
  const taken =
    behaviour.once && behaviour.stamps?.find(({ name }) => !UPDATE_INSTANT.test(name) && item[name] != null);
  if (refused !== undefined && taken)
    return new MockHttpError(refused, 'conflict', `Item ${id} was taken through this action already (${taken.name}).`);
  // Emptying what is empty already (unarchiving a page that is not archived).
  if (refused !== undefined && behaviour.empties && (behaviour.nulls ?? []).every((name) => item[name] == null))
    return new MockHttpError(refused, 'conflict', `Item ${id} has no ${(behaviour.nulls ?? []).join(', ')} to clear.`);
  if (refused !== undefined && behaviour.refusedFrom?.includes(state))
    return new MockHttpError(refused, 'conflict', `Item ${id} is ${JSON.stringify(state)}: a final state.`);
  if (refused !== undefined && behaviour.from && !behaviour.from.includes(state)) {
    const from = behaviour.from.map((s) => JSON.stringify(s)).join(', ');
    const why = `Item ${id} is ${JSON.stringify(state)}: this action starts only from ${from}.`;
    return new MockHttpError(refused, 'conflict', why);
  }
  return tooEarly(behaviour, item, id) ?? namedRefusal(behaviour, context.collections(), context.params, item, id);
}

/** Moves the item as the action does; the item as stored after, if it was stored. */
export function takeAction(
  behaviour: ActionBehaviour,
  context: HandlerContext,
  collection: Collection,
  item: Item,
  id: string,
  more: Item = {},
): Item | undefined {
  const moved = collection.replace(id, {
    ...item,
    ...stampsNow(behaviour),
    ...Object.fromEntries((behaviour.nulls ?? []).map((member) => [member, null])),
    ...countedChange(item, behaviour.changeCounters),
    ...(behaviour.keepsState ? {} : { [behaviour.member]: behaviour.target }),
    ...more,
  });
  if (moved) afterMove(behaviour, context.collections(), collection, item, moved);
  if (moved) moveNamed(behaviour, context.collections(), context.params, item, moved);
  if (moved) stepCounts(behaviour.countSteps, context.collections(), context.params, moved);
  if (moved) moveLineAmounts(behaviour.lineAmounts, context.collections(), moved);
  if (moved) recountAfterWrite(context, behaviour.recount, collection);
  return moved;
}

/** The source item of a making action, or why the action may not be taken on it. */
export function sourceOf(
  action: ActionBehaviour,
  context: HandlerContext,
): { readonly item: Item; readonly id: string } | MockHttpError {
  const item = itemFor(context, action, collectionOf(context, action));
  if (item instanceof MockHttpError) return item;
  const id = context.params[action.parameter] ?? '';
  return actionRefusal(action, context, item, id) ?? { item, id };
}

/** Moves the source as the action does, its member naming the made item (`orderId`) set to it. */
export function moveSource(
  action: ActionBehaviour,
  context: HandlerContext,
  source: { readonly item: Item; readonly id: string },
  made: { readonly id: unknown; readonly naming?: string },
): void {
  const naming = made.naming && made.naming in source.item ? { [made.naming]: made.id } : {};
  takeAction(action, context, collectionOf(context, action), source.item, source.id, naming);
}
