// A change body for the idiom scenario's ETag checks, with fresh values where a creation has them.
import type { Operation, Resource } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import type { SequenceRunner } from './sequences.js';

/** A valid body for the item's change whose members hold fresh values where a fresh creation body
 * has them (a time slot of its own: a change to a taken slot is rightly refused with 409). */
export async function freshChange(
  operation: Operation,
  collection: Resource['collection'],
  context: PlanContext,
  runner: SequenceRunner,
): Promise<unknown> {
  const [plain] = context.plainBodies(operation, 1, 'idioms');
  const [fresh] = await runner.freshBodies(collection, 1, 'idioms change');
  if (!isRecord(plain) || !isRecord(fresh)) return plain;
  const freshened = {
    ...plain,
    ...Object.fromEntries(
      Object.keys(plain)
        .filter((k) => k in fresh)
        .map((k) => [k, fresh[k]]),
    ),
  };
  return context.requestSchema(operation)?.isValid(freshened) === false ? plain : freshened;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
