// An action's body naming other items (a cart line's `sku`, of a listed product): each such member
// set to an item its collection lists, so the action is taken on valid input and not refused for a
// made-up reference. The listed ids are read once per run (the maker's listings).
import type { Operation } from '../../../spec/index.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { referencedCollections, withKnownReferences } from '../references.js';
import type { SequenceRunner } from './sequence-runner.js';

export async function withListedReferences(
  testCase: TestCase,
  operation: Operation,
  context: PlanContext,
  runner: Partial<Pick<SequenceRunner, 'listedIds'>>,
): Promise<TestCase> {
  if (testCase.payload?.kind !== 'json' || !runner.listedIds) return testCase;
  const ids = new Map<string, unknown>();
  for (const [member, other] of referencedCollections(operation, context.collections)) {
    if (other.path.includes('{')) continue;
    const [first] = await runner.listedIds(other);
    if (first !== undefined) ids.set(member, first);
  }
  return ids.size > 0 ? withKnownReferences(testCase, ids) : testCase;
}
