// Deleting an item the run made, as a step of a scenario (to free its number, its values): a plain
// DELETE at its path, sent for the scenario's own use (not judged here: the item scenario judges
// deletions).
import type { CollectionSpec } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import type { SequenceRunner } from './sequences.js';

/** Deletes the made item; undefined once deleted, else why not ("its DELETE was answered 409"). */
export async function deleteMade(
  collection: CollectionSpec,
  at: (parameter: string) => Record<string, string>,
  what: string,
  context: PlanContext,
  runner: Pick<SequenceRunner, 'send'>,
): Promise<string | undefined> {
  const remove = collection.remove;
  if (!remove) return `${collection.path} items cannot be deleted`;
  const answer = await runner.send(
    context.testCase(remove.operation, { kind: 'positive', plain: true, pathParams: at(remove.parameter), what }),
  );
  if (answer?.ok && answer.response.status < 300) return undefined;
  return `its DELETE was ${answer?.ok ? `answered ${answer.response.status}` : 'not answered'}`;
}
