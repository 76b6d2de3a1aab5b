// A PUT that only creates with `If-None-Match: *` ("if a course with this slug exists the answer is
// `412` and the course is left unchanged"), sent at an item the run made: it must be refused.
import type { Resource } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import { withHeader } from './sequence-runner.js';
import type { SequenceRunner } from './sequences.js';

/** Whether the item's PUT takes `If-None-Match` and documents 412: a create-only write. */
export const createsOnly = ({ collection }: Resource): boolean => {
  const put = collection.replace?.operation;
  if (!put) return false;
  return (
    put.parameters.some((p) => p.in === 'header' && /^if-none-match$/i.test(p.name)) &&
    put.responses.some((r) => r.status === '412')
  );
};

/** A PUT that takes `If-None-Match: *` to create only, with a documented 412: sent at the item the
 * run just made, it must be refused and leave the item as it was. */
export async function createOnlyOverExisting(
  resource: Resource,
  context: PlanContext,
  runner: SequenceRunner,
  at: (parameter: string) => Record<string, string>,
  reach: { done(step: string): void },
): Promise<void> {
  const put = resource.collection.replace;
  if (!put || !createsOnly(resource) || runner.stopped()) return;
  const testCase = withHeader(
    context.testCase(put.operation, {
      kind: 'positive',
      plain: true,
      pathParams: at(put.parameter),
      what: 'with If-None-Match: * at an item that exists',
    }),
    'If-None-Match',
    '*',
  );
  await runner.execute(testCase, {
    collection: resource.collection,
    sequence: { idiom: { idiom: 'create-only-existing', expectedStatus: 412 } },
  });
  reach.done('create-only write refused');
}
