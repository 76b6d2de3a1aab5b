// Paths the first pass took for collections that are not: a list that is an item's read, a POST
// that is an item's update or action, a POST under an item that makes another collection's item.

import type { JsonSchema } from '../schema/json-schema.js';
import { type CollectionSpec, collectionOperations, viewsOf } from './collection-spec.js';

/** An item's read is not also a list: an item holding an array of objects with ids (Box's retention
 * policy and its custom_notification_recipients) looked like an envelope to the first loop. */
export function dropListsThatAreReads(byPath: Map<string, CollectionSpec>): void {
  const reads = new Set([...byPath.values()].flatMap((c) => (c.read ? [c.read.operation] : [])));
  for (const [path, collection] of byPath) {
    if (!collection.list || !reads.has(collection.list.operation)) continue;
    const { list: _read, ...rest } = collection;
    if (rest.create) byPath.set(path, rest);
    else byPath.delete(path);
  }
}

/** A POST on an item's own path (Twilio's update) or sub-path that answers that very item (Box's
 * POST /sign_requests/{id}/cancel answers the sign request) is the item's update or action, not the
 * one creation of a collection of its own: the mock bound it as a creation, and cancelling changed nothing. A path
 * with more than that POST, or whose POST answers another object (a workflow's new instance), stays
 * a collection. */
export function dropCreationsThatAreActions(byPath: Map<string, CollectionSpec>): void {
  const itemSchemas = new Map<string, JsonSchema[]>();
  for (const collection of byPath.values()) {
    const path = collection.read?.operation.path ?? collection.remove?.operation.path;
    if (path) itemSchemas.set(path, viewsOf(collection));
  }
  for (const [path, collection] of byPath) {
    const create = collection.create;
    if (!create || collectionOperations(collection).length !== 1) continue;
    // On the item path itself it is the item's update (Twilio's POST /Tasks/{Sid}); under it, an action.
    const under = /^(.*)[/:][A-Za-z][\w-]*$/.exec(path)?.[1];
    const views = itemSchemas.get(path) ?? (under === undefined ? undefined : itemSchemas.get(under));
    if (views?.some((view) => sameSchema(view, create.item.schema))) byPath.delete(path);
    // Under an item, a POST answering another top-level collection's item makes that item there
    // (a cart's checkout, with its shipping address, makes an order): made elsewhere, no collection.
    else if (/\}\/[^/{}]+$/.test(path) && makesOthers(byPath, collection, create.item.schema)) byPath.delete(path);
  }
}

/** Whether a schema is the item a top-level collection other than `own` reads or lists. */
function makesOthers(byPath: Map<string, CollectionSpec>, own: CollectionSpec, schema: JsonSchema): boolean {
  return [...byPath.values()].some(
    (other) =>
      other !== own &&
      !other.path.includes('{') &&
      (other.read !== undefined || other.list !== undefined) &&
      viewsOf(other).some((view) => sameSchema(view, schema)),
  );
}

/** The same schema object, or the same JSON (documents inline copies); circular ones by identity. */
export function sameSchema(a: JsonSchema, b: JsonSchema): boolean {
  if (a === b) return true;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}
