// Counts of children kept true (`issueCount` = the project's issue list's length): after a child is
// made, removed or restored, the parent item's count members are set to its collection's size.
import { type CollectionSpec, filledInOf } from '../../spec/core.js';
import { collectionAt } from './nested.js';
import type { Collection } from './store.js';

/** The parent item whose members count a child collection's items. */
export interface Recount {
  /** The parent's collection template, and the path parameter that names the parent item. */
  readonly parent: string;
  readonly parameter: string;
  readonly members: readonly string[];
}

/** For each child collection path, the parent members that count its items (read once at binding). */
export function recountsOf(collections: readonly CollectionSpec[]): Map<string, Recount> {
  const recounts = new Map<string, Recount>();
  for (const collection of collections) {
    const parameter = (collection.read ?? collection.update ?? collection.remove)?.parameter;
    const schema = collection.list?.items.schema ?? collection.create?.item.schema;
    if (!parameter || !schema) continue;
    for (const { name, child } of filledInOf(collection, schema, collections).counts) {
      const known = recounts.get(child);
      const members = [...(known?.members ?? []), name];
      recounts.set(child, { parent: collection.path, parameter, members });
    }
  }
  return recounts;
}

/** Sets the counting members of the parent the path values name to `size`. */
export function recountParent(
  all: Map<string, Collection>,
  recount: Recount,
  params: Readonly<Record<string, string>>,
  size: number,
): void {
  const parent = collectionAt(all, recount.parent, params);
  const id = params[recount.parameter] ?? '';
  const item = parent.find(id);
  if (!item || recount.members.every((member) => item[member] === size)) return;
  parent.replace(id, { ...item, ...Object.fromEntries(recount.members.map((member) => [member, size])) });
}

/** After a write to a nested collection: its parent's counts set to the collection's size. */
export function recountAfterWrite(
  context: { collections(): ReadonlyMap<string, Collection>; readonly params: Readonly<Record<string, string>> },
  recount: Recount | undefined,
  collection: Collection,
): void {
  if (recount)
    recountParent(context.collections() as Map<string, Collection>, recount, context.params, collection.size);
}
