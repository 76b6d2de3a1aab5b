// Restores of items a DELETE keeps where the model reads no soft deletion (no 410 documented: the
// items are read through a list, stamped deletedAt).
import { type CollectionSpec, propertiesOf } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';

const RESTORE_VERB = /^(?:restore|undelete|recover|untrash)$/i;
const DELETION_INSTANT = /^(?:deleted|removed|trashed)_?(?:at|on|time|date)$/i;

/** A restore of items a DELETE keeps (stamped deletedAt, no 410 documented: read through a list): a
 * POST on the item's restore verb, where the item has a deletion time or the DELETE's words speak
 * of restoring. Not a backup's restore: that item has neither. */
export function restoreOfKeptItems(collection: CollectionSpec, context: PlanContext) {
  const remove = collection.remove?.operation;
  if (!remove) return undefined;
  const views = [collection.list?.items, collection.read?.item, collection.create?.item];
  const stamped = views.some(
    (view) => view && Object.keys(propertiesOf(view.schema)).some((n) => DELETION_INSTANT.test(n)),
  );
  if (!stamped && !/\brestor/i.test(`${remove.summary ?? ''} ${remove.description ?? ''}`)) return undefined;
  return context.operations.find(
    (operation) =>
      operation.method === 'POST' &&
      operation.path.startsWith(`${remove.path}/`) &&
      RESTORE_VERB.test(operation.path.slice(remove.path.length + 1)),
  );
}
