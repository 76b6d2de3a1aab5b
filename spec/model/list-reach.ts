// What one read of a list shows of its collection: all of it, or a part where the list pages, filters
// or caps its answer. The runner judges missing items by it; the mock caps its answers by it.
import { propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';

// Query parameters that page or filter a list: a list that takes one may rightly leave items out.
const NARROWING_PARAMETER =
  /^(limit|page|per_?page|page_?size|size|offset|cursor|after|before|start|count|max|top|skip|first|last|page_?token|next|since|q|query|filter|search)$/i;

/** The most items one list answer may hold, where the document caps its array (maxItems). */
export function listCapOf(collection: CollectionSpec): number | undefined {
  const list = collection.list;
  if (!list) return undefined;
  const { member, holder } = list.items;
  const array = member === undefined ? list.success.schema : propertiesOf(holder ?? list.success.schema)[member];
  const cap = (array as { maxItems?: unknown } | undefined)?.maxItems;
  return typeof cap === 'number' && cap >= 0 ? cap : undefined;
}

/** Whether reading the list (with only its required parameters) shows every item of the collection:
 * not where it pages, filters, or caps its answer (PagerDuty's IP allow lists: maxItems 1). */
export function listsEveryItem(collection: CollectionSpec): boolean {
  const list = collection.list?.operation;
  if (!list || listCapOf(collection) !== undefined) return false;
  return !list.parameters.some(
    (parameter) => parameter.in === 'query' && (parameter.required || NARROWING_PARAMETER.test(parameter.name)),
  );
}
