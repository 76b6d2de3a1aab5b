// A write the document makes take If-Match (a product changed only at the version the client
// read) is sent with the item's current ETag, read just before: a scenario's write then meets the
// rule it is about, not a 428 for the missing precondition.
import type { CollectionSpec } from '../../../spec/index.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { type SequenceRunner, withHeader } from './sequence-runner.js';

/** The write with the item's current ETag in its If-Match, where the write declares one. */
export async function withCurrentTag(
  testCase: TestCase,
  collection: CollectionSpec,
  at: Record<string, string>,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<TestCase> {
  const ifMatch = testCase.operation.parameters.find((p) => p.in === 'header' && /^if-match$/i.test(p.name));
  const read = collection.read;
  if (!ifMatch || !read) return testCase;
  const exchange = await runner.send(
    context.testCase(read.operation, { kind: 'positive', plain: true, pathParams: at, what: 'for its ETag' }),
  );
  const etag = exchange?.ok ? exchange.response.headers.etag : undefined;
  return typeof etag === 'string' ? withHeader(testCase, ifMatch.name, etag) : testCase;
}
