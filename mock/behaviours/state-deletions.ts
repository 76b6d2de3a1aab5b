// A DELETE that keeps the item and moves its state (the model's stateDeletion: "Cancels the
// registration; it is not removed. Its `status` becomes `cancelled`"): served as an action to that
// state, its state's instant stamped, refused where the item is in it already (the documented 409).
import type { CollectionSpec, Resource } from '../../spec/core.js';
import type { Behaviour } from './behaviour-types.js';
import { stampsOf } from './life-bindings.js';
import { actionBehaviour, type conditionalOf } from './resource-idioms.js';

export function stateDeletionBehaviour(
  resource: Resource,
  conditional: ReturnType<typeof conditionalOf>,
  collections: readonly CollectionSpec[],
): Behaviour | undefined {
  const moved = resource.idioms.stateDeletion;
  const remove = resource.collection.remove?.operation;
  if (!moved || moved.member === undefined || !remove) return undefined;
  const refusedStatus = remove.responses.some((response) => response.status === '409') ? 409 : undefined;
  const action = {
    operation: remove,
    verb: 'delete',
    member: moved.member,
    target: moved.to,
    ...(refusedStatus ? { refusedStatus, refusedFrom: [moved.to] } : {}),
  };
  const bound = actionBehaviour(resource.collection, action, conditional);
  return bound && { ...bound, ...stampsOf(resource.collection, moved.to, collections, 'delete') };
}
