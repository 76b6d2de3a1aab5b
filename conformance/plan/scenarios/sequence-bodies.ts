// The bodies of the creation sequence (sequences.ts): drawn, or drafted one by one where each needs
// an item of its own to name.
import { type CollectionSpec, nestedItemsCarried, propertiesOf } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import type { SequenceRunner } from './sequence-runner.js';

/** The ten bodies of the sequence. A body naming a nested item by two members (a loan's `branchCode`
 * and `copyNumber`) is drafted with an item of its own: ten creations naming one copy meet its 409,
 * and a drawn pair names nothing. */
export async function sequenceBodies(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
  parent: Readonly<Record<string, string>>,
): Promise<unknown[]> {
  const create = collection.create!.operation;
  const members = Object.keys(propertiesOf(context.requestSchema(create)?.schema));
  if (nestedItemsCarried(members, context.collections, collection).length === 0)
    return runner.bodies(collection, 10, 'sequence', parent);
  const drafted: unknown[] = [];
  for (let index = 0; index < 10 && !runner.stopped(); index++) {
    const body = await runner.draft(collection, {
      what: 'in a sequence of creations',
      purpose: `sequence ${index}`,
      parent,
    });
    if (body !== undefined) drafted.push(body);
  }
  return drafted;
}
