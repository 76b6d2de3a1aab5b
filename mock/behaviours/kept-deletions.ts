// Deletions that keep the item (the model's keptDeletion): the item leaves reads (404) and the list,
// stamped with its deletion time; the list shows it again with its switch for deleted items on, and
// the restore brings it back with the stamp cleared.
import { deletedSwitchOf, deletionStampOf, type Resource } from '../../spec/core.js';
import { type ListSource, listSourceOf } from './list-pages.js';
import type { Collection, Item } from './store.js';

/** On the remove behaviour: keep the item, stamped (a soft deletion answered 410 stamps it too). */
export function keptOnRemoval(resource: Resource): { keepsDeleted?: { readonly stamp?: string } } {
  const kept = resource.idioms.keptDeletion;
  const stamp = kept ? kept.stamp : resource.idioms.softDelete ? deletionStampOf(resource.collection) : undefined;
  if (!kept && stamp === undefined) return {};
  return { keepsDeleted: stamp !== undefined ? { stamp } : {} };
}

/** On the restore: the deletion time it clears. */
export function clearedOnRestore(resource: Resource): { clears?: string } {
  const stamp = keptOnRemoval(resource).keepsDeleted?.stamp;
  return stamp !== undefined ? { clears: stamp } : {};
}

/** On the list behaviour: the query switch that lists kept (or softly deleted) items too. */
export function deletedSwitchFor(resource: Resource): { deletedSwitch?: string } {
  const name =
    resource.idioms.keptDeletion?.listSwitch ??
    (resource.idioms.softDelete ? deletedSwitchOf(resource.collection) : undefined);
  return name ? { deletedSwitch: name } : {};
}

/** The item as the deletion keeps it: its deletion time now. */
export const stampedDeleted =
  (stamp: string | undefined) =>
  (old: Item): Item =>
    stamp ? { ...old, [stamp]: new Date().toISOString() } : old;

/** The list with the kept items after the live ones, where the request turns the switch on. */
export function withDeleted(collection: Collection, name: string | undefined, url: string | undefined): ListSource {
  if (!name) return collection;
  const query = new URLSearchParams((url ?? '').split('?')[1] ?? '');
  const deleted = collection.removedItems();
  if (query.get(name) !== 'true' || deleted.length === 0) return collection;
  const items = [...collection.page(0, collection.size), ...deleted];
  return listSourceOf(collection.idProperty, items);
}
