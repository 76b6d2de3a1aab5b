// Invalid changes of an item that exists: the change operation's valid body with one named
// mutation of a member (null for a member that takes none, a string past its maxLength, a broken
// multipleOf), sent at the item the scenario made, with its current ETag where the change needs
// one. A service checks the item and its precondition first (404, 428, 412), so the same mutations
// sent at a made-up id never reach its validation.
import { bodyMutations } from '../../../spec/generate/index.js';
import type { CollectionSpec, ItemOperation } from '../../../spec/index.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import type { SequenceRunner } from './sequence-runner.js';

/** Member mutations only (malformed JSON and the like are the operation stage's): at most this many. */
const MOST = 8;

export async function sendInvalidChanges(
  collection: CollectionSpec,
  change: ItemOperation,
  context: PlanContext,
  runner: SequenceRunner,
  at: (parameter: string) => Record<string, string>,
  preconditioned: (testCase: TestCase) => Promise<TestCase>,
): Promise<number> {
  const request = context.requestSchema(change.operation);
  const [valid] = context.plainBodies(change.operation, 1, 'invalid changes');
  if (!request || valid === undefined) return 0;
  const mutations = bodyMutations(request.schema, request.isValid, valid)
    .filter((mutation) => !mutation.id.startsWith('body:'))
    .slice(0, MOST);
  let sent = 0;
  for (const mutation of mutations) {
    if (runner.stopped()) break;
    const testCase = context.testCase(change.operation, {
      kind: 'negative',
      mutation: mutation.label,
      payload: mutation.apply(valid),
      pathParams: at(change.parameter),
      what: `of an existing item, body: ${mutation.label}`,
    });
    await runner.execute(await preconditioned(testCase), { collection });
    sent++;
  }
  // A header the change requires (If-Match), left out: refused before anything changes.
  for (const header of change.operation.parameters.filter((p) => p.in === 'header' && p.required)) {
    if (runner.stopped()) break;
    const testCase = context.testCase(change.operation, {
      kind: 'negative',
      mutation: `the required header ${header.name} is missing`,
      payload: { kind: 'json', value: valid },
      pathParams: at(change.parameter),
      what: `of an existing item without its required header ${header.name}`,
    });
    const parameters = (testCase.parameters ?? []).filter(
      (p) => !(p.in === 'header' && p.name.toLowerCase() === header.name.toLowerCase()),
    );
    await runner.execute({ ...testCase, parameters }, { collection });
    sent++;
  }
  return sent;
}
