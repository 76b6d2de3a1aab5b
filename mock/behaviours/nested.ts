// Collections under a parent's path values (/projects/{prj_demo}/issues): made on first use, empty,
// or with the seed's items where every parent is a seeded item (the document's example project has
// its example issues). The request pipeline's parent check and the handlers look them up alike.
import { collectionKey, escapeRegExp } from '../../spec/core.js';
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

/** The collection of `template` under `params` where it exists (made before, or the seeded children
 * of a seeded parent); undefined otherwise, so a lookup under made-up parents stores nothing. */
export function existingAt(
  all: Map<string, Collection>,
  template: string,
  params: Readonly<Record<string, string>>,
): Collection | undefined {
  const made = all.get(collectionKey(template, params));
  if (made) return made;
  return all.has(template) && underSeededParents(all, template, params)
    ? collectionAt(all, template, params)
    : undefined;
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

/** The copy of a nested collection that holds item `id`, for a path that names the item alone
 * (`/books/{bookId}` of books made under a branch): among the copies in use, else among those of
 * the parent's seeded items (made now, with their seeded children); undefined where none does. */
export function holderOf(all: Map<string, Collection>, template: string, id: string): Collection | undefined {
  const copies = copiesOf(template);
  const holds = (collection: Collection) => collection.find(id) ?? collection.removedItem(id);
  for (const [key, collection] of all) if (key !== template && copies.test(key) && holds(collection)) return collection;
  // One parent level above a top-level collection: its seeded items' copies.
  const last = [...template.matchAll(/\/\{([^}]+)\}/g)];
  if (last.length !== 1) return undefined;
  const parent = all.get(template.slice(0, last[0]!.index));
  for (const item of parent ? parent.page(0, parent.size) : []) {
    const value = item[parent!.idProperty];
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const copy = collectionAt(all, template, { [last[0]![1]!]: String(value) });
    if (holds(copy)) return copy;
  }
  return undefined;
}

/** The keys of a template's copies under parents, as a pattern: built once per template. */
const copyPatterns = new Map<string, RegExp>();
function copiesOf(template: string): RegExp {
  let pattern = copyPatterns.get(template);
  if (!pattern) {
    const parts = template.split(/\{[^}]+\}/).map(escapeRegExp);
    copyPatterns.set(template, (pattern = new RegExp(`^${parts.join('\\{[^}/]*\\}')}$`)));
  }
  return pattern;
}

/** The path values each template names, read once per template. */
const templateNames = new Map<string, readonly string[]>();

/** Whether the template names path values the request does not give (a flat item path). */
export function missesParents(template: string, params: Readonly<Record<string, string>>): boolean {
  let names = templateNames.get(template);
  if (!names) templateNames.set(template, (names = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!)));
  return names.some((name) => params[name] === undefined);
}
