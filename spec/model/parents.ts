// Items a path names above itself: /owners/{ownerId}/pets names an owner, which must exist for the
// pets under it to exist. One notion for the mock (404 under a missing parent) and the runner
// (creates a parent before it works under one).
import { type CollectionSpec, putCreation } from './collections.js';

export interface ParentItem {
  /** The collection the parent item belongs to (one whose items clients create). */
  readonly collection: CollectionSpec;
  /** The path parameter that names the parent item. */
  readonly parameter: string;
}

/** The parent items an operation path names, outermost first. Only collections a client can add
 * to count: an item of any other collection cannot be made, so its absence says nothing. */
export function parentItemsOf(path: string, collections: readonly CollectionSpec[]): ParentItem[] {
  const parents: ParentItem[] = [];
  for (const collection of collections) {
    // A parent the client makes: by its creation, or by a PUT at its key (an upsert).
    if (!collection.create && !putCreation(collection)) continue;
    const prefix = `${collection.path}/{`;
    if (!path.startsWith(prefix)) continue;
    const close = path.indexOf('}', prefix.length);
    // Only paths below the item (/owners/{id}/pets), not the item's own (/owners/{id}).
    if (close === -1 || path[close + 1] !== '/') continue;
    parents.push({ collection, parameter: path.slice(prefix.length, close) });
  }
  return parents.sort((a, b) => a.collection.path.length - b.collection.path.length);
}

/** The innermost parent a client can only read (seeded venues above /venues/{venueId}/events): a
 * listed collection whose item path the path goes below. */
export function listedParentOf(path: string, collections: readonly CollectionSpec[]): ParentItem | undefined {
  const below = collections.flatMap((collection): ParentItem[] => {
    const prefix = `${collection.path}/{`;
    const close = path.indexOf('}', prefix.length);
    if (!collection.list || !path.startsWith(prefix) || close === -1 || path[close + 1] !== '/') return [];
    return [{ collection, parameter: path.slice(prefix.length, close) }];
  });
  return below.sort((a, b) => b.collection.path.length - a.collection.path.length)[0];
}

/** The parent a path names: one the client makes, else one it can only list (seeded venues, an
 * order a checkout made). */
export const parentOfPath = (path: string, collections: readonly CollectionSpec[]): ParentItem | undefined =>
  parentItemsOf(path, collections).at(-1) ?? listedParentOf(path, collections);

/** The key a collection's items live under for given path values: /owners/{7}/pets for owner 7. */
export function collectionKey(template: string, params: Readonly<Record<string, string>>): string {
  // A top-level collection is its own key: the same string each time, whose hash the maps keep.
  if (!template.includes('{')) return template;
  return template.replace(/\{([^}]+)\}/g, (whole, name: string) => `{${params[name] ?? whole}}`);
}
