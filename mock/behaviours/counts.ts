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
  /** The parent members that hold the highest number the children were ever given. */
  readonly highest: readonly string[];
}

/** For each child collection path, the parent members that count its items (read once at binding). */
export function recountsOf(collections: readonly CollectionSpec[]): Map<string, Recount> {
  const recounts = new Map<string, Recount>();
  for (const collection of collections) {
    const parameter = (collection.read ?? collection.update ?? collection.remove)?.parameter;
    const schema = collection.list?.items.schema ?? collection.create?.item.schema;
    if (!parameter || !schema) continue;
    const { counts, lastNumbers } = filledInOf(collection, schema, collections);
    for (const [role, found] of [
      ['members', counts],
      ['highest', lastNumbers],
    ] as const)
      for (const { name, child } of found) {
        const known = recounts.get(child) ?? { parent: collection.path, parameter, members: [], highest: [] };
        recounts.set(child, { ...known, [role]: [...known[role], name] });
      }
  }
  return recounts;
}

/** Sets the counting members of the parent the path values name to the children's size, and its
 * highest-number members to the children's last number. */
export function recountParent(
  all: Map<string, Collection>,
  recount: Recount,
  params: Readonly<Record<string, string>>,
  children: Collection,
): void {
  const parent = collectionAt(all, recount.parent, params);
  const id = params[recount.parameter] ?? '';
  const item = parent.find(id);
  if (!item) return;
  const values = {
    ...Object.fromEntries(recount.members.map((member) => [member, children.size])),
    ...Object.fromEntries(recount.highest.map((member) => [member, children.lastCounted])),
  };
  if (Object.entries(values).every(([member, value]) => item[member] === value)) return;
  parent.replace(id, { ...item, ...values });
}

/** After a write to a nested collection: its parent's counts set to the collection's size. */
export function recountAfterWrite(
  context: { collections(): ReadonlyMap<string, Collection>; readonly params: Readonly<Record<string, string>> },
  recount: Recount | undefined,
  collection: Collection,
): void {
  if (recount) recountParent(context.collections() as Map<string, Collection>, recount, context.params, collection);
}
