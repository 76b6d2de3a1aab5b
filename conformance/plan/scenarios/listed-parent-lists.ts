// Lists below the parents a service already holds (seeded workspaces, one with 25 tasks): asked
// without any query parameter, each answer is judged like every list's, so a page longer than the
// documented default limit shows where only the service's own data is long enough to show it. The
// run's own parents hold a handful of items.
import { type CollectionSpec, parentOfPath } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import type { SequenceRunner } from './sequence-runner.js';

/** Listed parents read below: a few, the first the list names. */
const PARENTS = 5;

/** Whether the collection's list is below a parent and takes a limit with a documented default. */
export const listedBelowParents = (collection: CollectionSpec): boolean =>
  collection.list !== undefined &&
  (collection.path.match(/\{/g) ?? []).length === 1 &&
  collection.list.paging.limit?.default !== undefined;

export async function listUnderListedParents(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  const parent = parentOfPath(collection.path, context.collections);
  if (!parent?.collection.list || runner.stopped()) return;
  const reach = runner.reach.scenario('lists below listed parents', collection.path, ['a page without a limit']);
  const ids = (await runner.listedIds(parent.collection)).slice(0, PARENTS);
  const sampled = context.parentParams(collection);
  for (const id of ids) {
    if (runner.stopped() || (typeof id !== 'string' && typeof id !== 'number')) continue;
    const testCase = context.testCase(collection.list!.operation, {
      kind: 'positive',
      plain: true,
      pathParams: { ...sampled, [parent.parameter]: String(id) },
      parameters: [],
      what: `below a listed ${parent.collection.path} item, without a limit`,
    });
    await runner.execute(testCase, { collection });
  }
  if (ids.length > 0) reach.done('a page without a limit');
  else reach.skip('a page without a limit', `no ${parent.collection.path} item is listed`);
}
