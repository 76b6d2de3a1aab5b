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

/** The states children's creations move items of the collection into, by child (payments: `paid`). */
export function statesSetByChildren(
  collection: CollectionSpec,
  context: PlanContext,
): { readonly child: CollectionSpec; readonly state: string }[] {
  return context.collections
    .filter((child) => child.create && parentOfPath(child.path, context.collections)?.collection === collection)
    .flatMap((child) => parentStatesSetBy(child, context.collections).map((state) => ({ child, state })));
}

/** Moves the run's own item at `at` into `state` by making a child whose creation's words move it
 * there: whether one was made. */
export async function moveByChild(
  collection: CollectionSpec,
  state: unknown,
  at: Readonly<Record<string, string>>,
  itemParameter: string,
  context: PlanContext,
  runner: Pick<SequenceRunner, 'make' | 'stopped'>,
): Promise<boolean> {
  for (const { child } of statesSetByChildren(collection, context).filter((one) => one.state === state)) {
    const parent = parentOfPath(child.path, context.collections);
    if (!parent || runner.stopped()) continue;
    const making = await runner.make(child, {
      what: `to move its parent to ${String(state)}`,
      purpose: 'moves its parent',
      parent: { ...at, [parent.parameter]: at[itemParameter]! },
    });
    if ('made' in making) return true;
  }
  return false;
}
