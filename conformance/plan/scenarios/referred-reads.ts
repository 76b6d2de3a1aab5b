// Reads of the items a created item names by reference (an order's eventId: GET /events/{eventId}),
// sent before and after a change of the item. A change often moves what the referred item shows
// (tickets sold, stock held), so its strong ETag must move too (judge/etag-memory.ts compares).
import type { CollectionSpec } from '../../../spec/index.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { referencedCollections } from '../references.js';

/** One read per top-level reference the sent body holds, where the referred collection reads an
 * item by that id alone. */
export function referredReads(
  collection: CollectionSpec,
  sent: unknown,
  context: PlanContext,
  what: string,
): TestCase[] {
  const create = collection.create?.operation;
  const body = typeof sent === 'object' && sent !== null ? (sent as Record<string, unknown>) : undefined;
  if (!create || !body) return [];
  return [...referencedCollections(create, context.collections)].flatMap(([member, referred]) => {
    const value = body[member];
    const read = referred.read;
    const alone = read?.operation.parameters.filter((p) => p.in === 'path').length === 1;
    if (!read || !alone || (typeof value !== 'string' && typeof value !== 'number')) return [];
    return [
      context.testCase(read.operation, {
        kind: 'positive',
        plain: true,
        pathParams: { [read.parameter]: String(value) },
        what,
      }),
    ];
  });
}
