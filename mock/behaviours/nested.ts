// Collections under a parent's path values (/projects/{prj_demo}/issues): made on first use, empty,
// or with the seed's items where every parent is a seeded item (the document's example project has
// its example issues). The request pipeline's parent check and the handlers look them up alike.
import { collectionKey } from '../../spec/core.js';
import type { Collection } from './store.js';

export function prototypeOf(all: ReadonlyMap<string, Collection>, template: string): Collection {
  const prototype = all.get(template);
  if (!prototype) throw new Error(`no collection ${template}`);
  return prototype;
}

/** The collection of `template` under the path values `params`, made on first use. */
export function collectionAt(
  all: Map<string, Collection>,
  template: string,
  params: Readonly<Record<string, string>>,
): Collection {
  const key = collectionKey(template, params);
  let collection = all.get(key);
  if (!collection) {
    const prototype = prototypeOf(all, template);
    collection = underSeededParents(all, template, params) ? prototype.seededCopy(params) : prototype.emptyCopy();
    all.set(key, collection);
  }
  return collection;
}

/** Whether every parent the template names (`/projects/{projectId}/issues`: the project) is an item
 * its collection was seeded with: those have the seeded children. A parent of a collection the mock
 * does not keep says nothing, so the collection starts empty as before. */
function underSeededParents(
  all: Map<string, Collection>,
  template: string,
  params: Readonly<Record<string, string>>,
): boolean {
  const parents = [...template.matchAll(/\/\{([^}]+)\}/g)];
  return (
    parents.length > 0 &&
    parents.every((match) => {
      const path = template.slice(0, match.index);
      if (!all.has(path)) return false;
      const parent = collectionAt(all, path, params);
      return parent.wasSeeded(params[match[1]!] ?? '');
    })
  );
}

/** A removed item's children go with it (every collection under its path), so a parent made again
 * at the same key starts without them, and nothing is reachable under a deleted parent. */
export function removeChildren(
  all: Map<string, Collection>,
  template: string,
  params: Readonly<Record<string, string>>,
  id: string,
): void {
  const prefix = `${collectionKey(template, params)}/{${id}}/`;
  for (const key of [...all.keys()]) if (key.startsWith(prefix)) all.delete(key);
}
