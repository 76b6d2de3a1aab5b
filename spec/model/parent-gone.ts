// A 410 on a child's read whose words give it to a parent ("The space is soft-deleted"): the
// parent's soft deletion, not the child's own.
import type { CollectionSpec } from './collections.js';
import { listedParentOf, parentItemsOf } from './parents.js';
import { resourceWordPattern } from './references.js';

export /** Whether a 410's words name a parent of the collection's items and not the items themselves
 * ("The space is soft-deleted" on a page's read). */
function goneForParent(words: string, collection: CollectionSpec, collections: readonly CollectionSpec[]): boolean {
  const parents = [...parentItemsOf(collection.path, collections), ...[listedParentOf(collection.path, collections)]]
    .flatMap((parent) => (parent ? [parent.collection] : []))
    .filter((parent) => parent !== collection);
  // A code's words read apart (`space_deleted`: the space is deleted).
  const spaced = words.replace(/[_-]/g, ' ');
  const names = (of: CollectionSpec) => new RegExp(`\\b${resourceWordPattern(of)}s?\\b`, 'i').test(spaced);
  return !names(collection) && parents.some(names);
}
