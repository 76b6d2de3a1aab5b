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

/** The list's optional boolean switches that only add items (`includeInactive`, `showArchived`,
 * `with_deleted`), off by default: the default list may rightly leave items out. */
export function addingSwitchesOf(collection: CollectionSpec): string[] {
  return (collection.list?.operation.parameters ?? [])
    .filter((parameter) => {
      const schema = parameter.validator.schema as { type?: unknown; default?: unknown };
      return (
        parameter.in === 'query' &&
        !parameter.required &&
        [schema.type].flat().includes('boolean') &&
        schema.default !== true &&
        /^(?:include|show|with)(?:[A-Z_-]|$)/.test(parameter.name)
      );
    })
    .map((parameter) => parameter.name);
}
