// An item below a parent (a time entry of a task) is found only under that parent: its DELETE at the
// path of another parent of the run's own, a new one with no children, must be refused (404, as an
// item that is not there). A service that looks an entry up by its id alone deletes it through any
// task.
import { type CollectionSpec, parentItemsOf, pathNamesParents } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import { createParent } from './parents.js';
import { answeredAs, type SequenceRunner } from './sequence-runner.js';

const STEP = 'deletion through another parent refused';

/** Nested items a client deletes, below a parent it makes. */
export const deletedBelowParents = (collection: CollectionSpec, collections: readonly CollectionSpec[]): boolean =>
  collection.remove !== undefined &&
  collection.read !== undefined &&
  collection.create !== undefined &&
  pathNamesParents(collection, collection.remove) &&
  parentItemsOf(collection.path, collections).length > 0 &&
  (collection.remove.operation.responses ?? []).some((response) => response.status === '404');

export async function deleteThroughOtherParent(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  const parent = parentItemsOf(collection.path, context.collections).at(-1);
  const remove = collection.remove;
  const read = collection.read;
  if (!parent || !remove || !read || runner.stopped()) return;
  const reach = runner.reach.scenario('other parent', collection.path, [STEP]);
  const own = await createParent(collection, context, runner, 'own parent');
  const other = own && (await createParent(collection, context, runner, 'another parent, empty'));
  if (!own || !other) return reach.skip(STEP, 'two parents of the run could not be made');
  const making = await runner.make(collection, {
    what: 'to delete through another parent',
    purpose: 'other parent',
    parent: own,
  });
  if ('refused' in making) return reach.skip(STEP, making.refused);
  const at = making.made.at(remove.parameter);
  const elsewhere = { ...at, [parent.parameter]: other[parent.parameter]! };
  const deletion = await runner.execute(
    context.testCase(remove.operation, {
      kind: 'positive',
      plain: true,
      pathParams: elsewhere,
      what: `under another ${parent.collection.path} item than its own`,
    }),
    {
      collection,
      sequence: {
        idiom: {
          idiom: 'other-parent',
          expectedStatus: 404,
          member: parent.parameter,
          how: elsewhere[parent.parameter],
        },
      },
    },
  );
  if (!deletion?.exchange.ok) return reach.skip(STEP, answeredAs(deletion));
  reach.done(STEP);
}
