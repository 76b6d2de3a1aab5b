// A change of one item (PUT, PATCH, DELETE): the item's state and references checked, what the
// service assigned kept, the item left valid, its counts recounted; a PUT at a free key the client
// chose makes the item there.
import { changedValues, describeIssues } from '../../spec/core.js';
import { MockHttpError, sendJson } from '../core/errors.js';
import { moveReferrers } from './action-life.js';
import { addChildren } from './added-children.js';
import type { ItemChangeBehaviour } from './behaviours.js';
import { countedChange } from './change-counts.js';
import {
  changedItem,
  holdable,
  keepRequired,
  namesRemovals,
  requiredRemovalsAsNull,
  storedFields,
  updateFor,
} from './changes.js';
import { valuesAt } from './client-keys.js';
import { itemEtag } from './conditional.js';
import { recountAfterWrite } from './counts.js';
import { withFormulas } from './formula-values.js';
import { collectionOf, type HandlerContext } from './handler-context.js';
import { answerChange, itemFor, itemJson, missing } from './item-answers.js';
import { underStoredNames } from './item-values.js';
import { stampedDeleted } from './kept-deletions.js';
import { unknownReference } from './named-references.js';
import { removeChildren } from './nested.js';
import { lockedByParent } from './parent-locks.js';
import { recountReferred } from './referrer-counts.js';
import { keptByChildren, lockedByState, resetsFor } from './said-rules.js';
import { withStateMoved } from './state-moves.js';
import { stepCounts } from './stepped-counts.js';
import type { Collection } from './store.js';
import { valuesInUse } from './unique-values.js';

export async function change(behaviour: ItemChangeBehaviour, context: HandlerContext): Promise<void> {
  const id = context.params[behaviour.parameter] ?? '';
  const collection = collectionOf(context, behaviour);
  if (behaviour.kind === 'remove') {
    const removed = itemFor(context, behaviour, collection);
    if (removed instanceof MockHttpError) return context.refuse(removed);
    const locked =
      lockedByState(behaviour, removed) ?? lockedByParent(behaviour, context.collections(), context.params);
    if (locked) return context.refuse(locked);
    const kept = keptByChildren(context.collections() as Map<string, Collection>, context.params, behaviour);
    if (kept) return context.refuse(kept);
    const soft = behaviour.softDelete === true || behaviour.keepsDeleted !== undefined;
    collection.remove(id, soft, stampedDeleted(behaviour.keepsDeleted?.stamp));
    // A soft deletion keeps the children for a restore; a deletion for good takes them along.
    if (!soft)
      removeChildren(context.collections() as Map<string, Collection>, behaviour.collection, context.params, id);
    recountAfterWrite(context, behaviour.recount, collection);
    recountReferred(context.collections(), behaviour.referred, collection, removed, undefined);
    if (behaviour.deletionMoves) moveReferrers(behaviour.deletionMoves, context.collections(), collection, removed);
    stepCounts(behaviour.countSteps, context.collections(), context.params, removed);
    return answerChange(context, behaviour, removed);
  }
  const sent = await context.readBody();
  if (sent instanceof MockHttpError) return context.refuse(sent);
  const body = underStoredNames(sent, behaviour.sentNames);
  const old = itemFor(context, behaviour, collection);
  // What the item may name and its parent allows hold for an item a PUT makes as for one it changes.
  const unheld =
    old instanceof MockHttpError && old.status !== 404
      ? undefined
      : (unknownReference(behaviour.references, context.collections(), sent) ??
        lockedByParent(behaviour, context.collections(), context.params));
  if (old instanceof MockHttpError && behaviour.upsert && old.status === 404 && !collection.wasRemoved(id))
    return unheld ? context.refuse(unheld) : createAt(context, behaviour, collection, body, id);
  if (old instanceof MockHttpError) return context.refuse(old);
  const locked = unheld ?? lockedByState(behaviour, old);
  if (locked) return context.refuse(locked);
  // What the service assigned at creation stays, whatever the client sends, unless this change
  // may set it (an issue's `state`, first the service's, then moved by a PATCH).
  const kept = Object.fromEntries(
    behaviour
      .assignedProperties()
      .filter((name) => name in old && !behaviour.storedProperties.includes(name))
      .map((name) => [name, old[name]]),
  );
  const contentType = context.req.headers['content-type'];
  const change =
    behaviour.kind === 'update'
      ? { updated: updateFor(contentType)(old, body, behaviour.storedProperties) }
      : { replacement: { ...resetsFor(behaviour), ...storedFields(body, behaviour.storedProperties) } };
  const moved = {
    ...(behaviour.filled ? changedValues(behaviour.filled) : {}),
    ...countedChange(old, behaviour.changeCounters),
  };
  const changed = withFormulas(
    withStateMoved(old, changedItem(old, change, { ...kept, ...moved }, collection.idProperty), behaviour.stateMoves),
    behaviour.formulas,
  );
  // The item must stay what the document says an item is, whatever the change's own schema allows:
  // what the change left out and the item requires is kept, a value the item cannot hold is not
  // taken (as at creation); anything else wrong is refused.
  const next =
    behaviour.kind === 'update' && namesRemovals(contentType)
      ? requiredRemovalsAsNull(changed, body, behaviour.itemValidator)
      : holdable(old, keepRequired(old, changed, behaviour.itemViews), behaviour.keeps, (name) =>
          behaviour.objectMembers.has(name),
        );
  const issues = behaviour.itemValidator?.validate(next) ?? [];
  if (issues.length > 0) {
    const message = `The change would leave the item invalid: ${describeIssues(issues)}.`;
    return context.refuse(new MockHttpError(400, 'invalid_body', message));
  }
  const inUse = valuesInUse(behaviour.unique, collection, next, id);
  if (inUse) return context.refuse(inUse);
  const item = collection.replace(id, next);
  if (!item) return context.refuse(missing(behaviour, id));
  addChildren(context.collections() as Map<string, Collection>, behaviour.addedChildren, old, item, context.params);
  recountReferred(context.collections(), behaviour.referred, collection, old, item);
  // A parent's sums of a member the change may have moved (`bookedSeats` over `seats`).
  if (behaviour.recount?.sums) recountAfterWrite(context, behaviour.recount, collection);
  answerChange(context, behaviour, item);
}

/** A PUT at a free key the client chose: the item made there, answered with the documented 201. */
function createAt(
  context: HandlerContext,
  behaviour: ItemChangeBehaviour,
  collection: Collection,
  body: unknown,
  id: string,
) {
  const values = valuesAt(behaviour, body, collection.idProperty, id);
  if (values instanceof MockHttpError) return context.refuse(values);
  const { item, json } = collection.create(values, id);
  recountReferred(context.collections(), behaviour.referred, collection, undefined, item);
  const path = (context.req.url ?? '').split('?')[0]!;
  const headers: Record<string, string> = { ...behaviour.headers };
  if (behaviour.upsert!.location) headers.Location = path;
  if (behaviour.etag) headers.ETag = itemEtag(item, json);
  sendJson(context.res, behaviour.upsert!.status, itemJson(behaviour, item, json), headers);
}
