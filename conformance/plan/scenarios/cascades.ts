// A parent deleted for good takes its children along: under a parent the run makes and deletes,
// the child it made there no longer reads. The parent's deletion itself is sent, not judged: a
// documented refusal of deleting a parent that has children (409) is the service's right, and then
// there is nothing to judge.
import { type CollectionSpec, parentItemsOf } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import { createParent } from './parents.js';
import { answeredAs, type SequenceRunner } from './sequence-runner.js';

const STEP = 'children gone with their parent';

export async function childrenOfDeletedParent(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  const parent = parentItemsOf(collection.path, context.collections).at(-1);
  const remove = parent?.collection.remove;
  const read = collection.read;
  if (!parent || !remove || !read || !parent.collection.create || runner.stopped()) return;
  const reach = runner.reach.scenario('cascade', collection.path, [STEP]);
  const params = await createParent(collection, context, runner, 'other parent');
  if (!params) return reach.stop('no parent could be made to delete');
  const making = await runner.make(collection, {
    what: 'under a parent to delete',
    purpose: 'cascade',
    parent: params,
  });
  if ('refused' in making) return reach.stop(making.refused);
  const parentId = params[parent.parameter]!;
  const removal = context.testCase(remove.operation, {
    kind: 'positive',
    plain: true,
    pathParams: { ...params, [remove.parameter]: parentId },
    what: 'deleting a parent that has a child',
  });
  const exchange = await runner.send(removal);
  const status = exchange?.ok ? exchange.response.status : undefined;
  if (status === undefined || status >= 300)
    return reach.stop(`deleting its parent was ${status === undefined ? 'not answered' : `answered ${status}`}`);
  const childRead = context.testCase(read.operation, {
    kind: 'positive',
    plain: true,
    pathParams: making.made.at(read.parameter),
    what: 'under a parent just deleted',
  });
  const executed = await runner.execute(childRead, {
    collection,
    sequence: { idiom: { idiom: 'parent-deleted', id: making.made.id, expected: parentId } },
  });
  if (executed) reach.done(STEP);
  else reach.stop(`its read was ${answeredAs(executed)}`);
}
