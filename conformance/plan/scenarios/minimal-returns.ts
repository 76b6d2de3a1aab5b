// A change sent again with `Prefer: return=minimal`, where the document ties that preference to an
// answer without a body (prefer-returns.ts): the run's last stored PATCH body, on its own item, once
// more with the header. The answer must be the bodiless status the words name.
import { type CollectionSpec, preferMinimalOf } from '../../../spec/index.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import type { SequenceRunner } from './sequence-runner.js';

export interface StoredChange {
  readonly body: unknown;
  readonly mediaType?: string;
}

export async function sendMinimalChange(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
  stored: StoredChange,
  at: (parameter: string) => Record<string, string>,
  preconditioned: (testCase: TestCase) => Promise<TestCase>,
): Promise<void> {
  const patch = collection.update;
  const minimal = patch && preferMinimalOf(patch.operation);
  if (!patch || !minimal) return;
  const testCase = context.testCase(patch.operation, {
    kind: 'positive',
    plain: true,
    pathParams: at(patch.parameter),
    payload: { kind: 'json', value: stored.body },
    what: `again, with ${minimal.header}: return=minimal`,
    ...(stored.mediaType ? { mediaType: stored.mediaType } : {}),
  });
  const ready = await preconditioned(testCase);
  const others = (ready.parameters ?? []).filter((p) => !(p.in === 'header' && /^prefer$/i.test(p.name)));
  const asked = {
    ...ready,
    parameters: [...others, { in: 'header' as const, name: minimal.header, value: 'return=minimal' }],
  };
  await runner.execute(asked, {
    collection,
    sequence: { idiom: { idiom: 'prefer-minimal', expectedStatus: minimal.minimalStatus, words: minimal.words } },
  });
}
