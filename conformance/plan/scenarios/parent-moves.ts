// A child's creation that moves its parent's state, as its words say ("On success ... the order's
// `status` becomes `paid` and its `paidAt` is set"): under a parent of the run's own, one child is
// made and the parent read again. It must be in that state, with that state's instant set.
import { type CollectionSpec, parentOfPath, parentStatesSetBy, statusMember } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import { createParent } from './parents.js';
import type { SequenceRunner } from './sequence-runner.js';

const STEP = "a child made moves the parent's state";

/** Whether the words of the collection's creation move its parent into one state. */
export const movesParent = (collection: CollectionSpec, context: PlanContext): boolean =>
  parentStatesSetBy(collection, context.collections).length === 1;

export async function checkParentMoves(collection: CollectionSpec, context: PlanContext, runner: SequenceRunner) {
  const [state] = parentStatesSetBy(collection, context.collections);
  const parent = parentOfPath(collection.path, context.collections);
  const read = parent?.collection.read;
  const member = parent && statusMember(parent.collection)?.member;
  if (state === undefined || !parent || !read || member === undefined || runner.stopped()) return;
  const reach = runner.reach.scenario('parent moves', collection.path, [STEP]);
  const params = await createParent(collection, context, runner, 'moved by a child');
  if (!params) return reach.stop('no parent of its own could be made');
  await runner.unlockParent(collection, params);
  const making = await runner.make(collection, {
    what: `to move its parent to ${state}`,
    purpose: 'moves its parent',
    parent: params,
  });
  if ('refused' in making) return reach.stop(making.refused);
  const readParent = context.testCase(read.operation, {
    kind: 'positive',
    plain: true,
    pathParams: params,
    what: `after a ${collection.path} item was made under it`,
  });
  const executed = await runner.execute(readParent, {
    collection: parent.collection,
    sequence: { idiom: { idiom: 'action', member, expected: state, verb: `a ${collection.path} item made under it` } },
  });
  if (!executed?.exchange.ok || executed.exchange.response.status >= 300)
    return reach.stop('its parent could not be read after');
  reach.done(STEP);
}
