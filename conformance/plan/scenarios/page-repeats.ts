// A walk of a cursor-paged list, read for the items a later page handed again.
import type { CollectionSpec } from '../../../spec/index.js';

/** Ids of the walk's items that came again on a later page (not repeats within its first page, which
 * unique_ids judges there). */
export function repeatedAcrossPages(
  collection: CollectionSpec,
  all: readonly Record<string, unknown>[],
  first: readonly Record<string, unknown>[],
): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const [index, item] of all.entries()) {
    const id = item?.[collection.idProperty];
    if (id === undefined || id === null) continue;
    const key = JSON.stringify(id);
    if (seen.has(key) && index >= first.length) repeated.add(String(id));
    seen.add(key);
  }
  return [...repeated];
}
