// Actions the words allow only once the item has a child ("only when the timesheet holds at least
// one entry (`409`)": the model's needsChildren): sent on an item the run just made, which has none,
// they must get the documented refusal.
import type { Resource } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import { parentParams } from './parents.js';
import type { SequenceRunner } from './sequence-runner.js';

export async function actionsNeedingChildren(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const needs = resource.idioms.needsChildren ?? [];
  const parameter = collection.read?.parameter ?? collection.remove?.parameter;
  if (needs.length === 0 || !parameter || runner.stopped()) return;
  const stepOf = (path: string) => `refused without a ${path} item`;
  const reach = runner.reach.scenario(
    'needs children',
    collection.path,
    needs.map(({ operation }) => stepOf(operation.path)),
  );
  const parent = await parentParams(collection, context, runner);
  for (const need of needs) {
    const making = await runner.make(collection, { what: 'without children', purpose: 'needs children', parent });
    if ('refused' in making) return reach.stop(making.refused);
    const testCase = context.testCase(need.operation, {
      kind: 'positive',
      plain: true,
      pathParams: making.made.at(parameter),
      what: 'on an item without children',
    });
    await runner.execute(testCase, {
      collection,
      sequence: { idiom: { idiom: 'needs-children', expectedStatus: need.status, words: need.words, how: need.child } },
    });
    reach.done(stepOf(need.operation.path));
  }
}
