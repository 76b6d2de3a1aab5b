// A softly deleted item brought back, and the instants an action stamps: the parts of an item's
// life after its creation that are not a change of its members.
import { MockHttpError } from '../core/errors.js';
import type { ActionBehaviour } from './behaviours.js';
import { recountAfterWrite } from './counts.js';
import { answerItem, type ItemExchange, missing } from './item-answers.js';
import type { Collection, Collections } from './store.js';

interface RestoreExchange extends ItemExchange {
  collections(): Collections;
  refuse(refusal: MockHttpError): void;
}

/** The instants an action stamps, now. */
export function stampsNow(behaviour: ActionBehaviour): Record<string, string> {
  const instant = new Date().toISOString();
  return Object.fromEntries(
    (behaviour.stamps ?? []).map(({ name, date }) => [name, date ? instant.slice(0, 10) : instant]),
  );
}

/** A softly deleted item back as it was (its update instants moved on); a live one refused with the
 * documented conflict, and nothing changed; one never made (or deleted for good) 404. */
export function restore(behaviour: ActionBehaviour, context: RestoreExchange, collection: Collection): void {
  const id = context.params[behaviour.parameter] ?? '';
  if (collection.find(id)) {
    const live = `Item ${id} of ${behaviour.collection} is not deleted.`;
    return context.refuse(new MockHttpError(behaviour.refusedStatus ?? 409, 'conflict', live));
  }
  const cleared = behaviour.clears ? { [behaviour.clears]: null } : {};
  const item = collection.restore(id, (old) => ({ ...old, ...stampsNow(behaviour), ...cleared }));
  if (!item) return context.refuse(missing(behaviour, id));
  recountAfterWrite(context, behaviour.recount, collection);
  answerItem(context, behaviour, item, behaviour.answersItem);
}
