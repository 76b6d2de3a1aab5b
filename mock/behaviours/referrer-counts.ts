// A seeded item's counts of the seeded items of other collections that name it (`productCount` on a
// warehouse: the seeded products whose `warehouseKey` is its key), for seed.ts.
import type { CollectionSpec, filledInOf } from '../../spec/core.js';
import type { Collection, Item } from './store.js';

/** Collections whose seeds are being drawn: a count that needs one of them is left as drawn (two
 * collections counting each other would draw each other forever). */
const drawing = new Set<string>();

/** A seeded item's counts of the seeded items of other collections that name it (productCount). */
export function referrerCounts(
  spec: CollectionSpec,
  item: Item,
  referrers: ReturnType<typeof filledInOf>['referrers'],
  collections: ReadonlyMap<string, Collection>,
): Record<string, number> {
  const values: Record<string, number> = {};
  const id = JSON.stringify(item[spec.idProperty]);
  for (const { name, collection, member } of referrers) {
    const others = collections.get(collection);
    if (!others || drawing.has(collection)) continue;
    drawing.add(spec.path);
    try {
      values[name] = others.page(0, others.size).filter((other) => JSON.stringify(other[member]) === id).length;
    } finally {
      drawing.delete(spec.path);
    }
  }
  return values;
}
