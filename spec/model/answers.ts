// Reading an answer by the model: the item a collection's answer holds (unwrapped where its answers
// wrap it) and the items of a list answer (bare array or envelope). The runner's checks read answers
// through these.
import type { CollectionSpec } from './collections.js';
import { itemIn, itemsIn } from './shapes.js';

type Item = Record<string, unknown>;

/** The item an answer of one of the collection's operations holds: unwrapped where its answers wrap
 * it ({"droplet": {...}}), else the answer itself. */
export function answeredItem(collection: CollectionSpec | undefined, value: unknown): Item | undefined {
  const views = collection
    ? [collection.create?.item, collection.read?.item, collection.replace?.item, collection.update?.item]
    : [];
  for (const view of views) {
    if (view?.member === undefined) continue;
    const inner = itemIn(view, value);
    if (inner && inner !== value) return inner;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Item) : undefined;
}

/** The items a list answer of the collection holds (bare array or envelope). */
export function listedItems(collection: CollectionSpec | undefined, value: unknown): Item[] | undefined {
  return collection?.list ? itemsIn(collection.list.items, value) : undefined;
}
