// What a collection is, as the model hands it to the mock and the runner: its path, the member
// naming its items, and the operations that list, make, read, change and delete them.

import type { Operation } from '../contract/types.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { SchemaValidator } from '../schema/validators.js';
import type { Filter } from './filters.js';
import type { ListOrder } from './list-order.js';
import type { Paging } from './pagination.js';
import type { ItemView } from './shapes.js';

export interface JsonSuccess {
  readonly status: number;
  /** The documented JSON media type (application/json, application/scim+json, ...). */
  readonly mediaType: string;
  readonly schema: JsonSchema;
  readonly validator: SchemaValidator;
}

export interface CollectionSpec {
  readonly path: string;
  readonly idProperty: string;
  /** The id is a key the client chooses: the creation's body carries it, and the item is made there. */
  readonly clientKey?: boolean;
  /** Where the id was read from, and what a correction said. */
  readonly list?: {
    readonly operation: Operation;
    readonly success: JsonSuccess;
    /** How the answer holds the items: a bare array, or an envelope's member. */
    readonly items: ItemView;
    /** How the list pages (pagination.ts). */
    readonly paging: Paging;
    /** Query parameters that filter it by an item member (filters.ts). */
    readonly filters: readonly Filter[];
    /** The order its words give its items (list-order.ts); absent: open. */
    readonly order?: ListOrder;
  };
  readonly create?: {
    readonly operation: Operation;
    readonly success: JsonSuccess;
    /** How the answer holds the created item: bare, or wrapped in a member. */
    readonly item: ItemView;
    /** Properties of the created item, other than the id, that the client may set. */
    readonly storedProperties: readonly string[];
    /** Whether a sent value can be the created item's (fits the answer's property schema): one
     * notion for the mock (stores it) and the runner (expects it back). */
    readonly keeps: (property: string, value: unknown) => boolean;
  };
  /** GET on the collection path plus one path parameter, answering one item. */
  readonly read?: {
    readonly operation: Operation;
    readonly success: JsonSuccess;
    readonly item: ItemView;
    readonly parameter: string;
  };
  /** PUT on the item path: the item's fields replaced. */
  readonly replace?: ItemOperation;
  /** PATCH on the item path: the fields sent merged into the item. */
  readonly update?: ItemOperation;
  /** DELETE on the item path: the item gone, later reads 404. */
  readonly remove?: ItemOperation;
}

/** Every operation that lists, creates, reads, changes or deletes the collection's items. */
export function collectionOperations(collection: CollectionSpec): Operation[] {
  const { list, create, read, replace, update, remove } = collection;
  return [list, create, read, replace, update, remove].flatMap((role) => (role ? [role.operation] : []));
}

export interface ItemOperation {
  readonly operation: Operation;
  /** The documented success status. */
  readonly status: number;
  /** Its JSON body schema, where it answers the item. */
  readonly success?: JsonSuccess;
  /** How that body holds the item (bare or wrapped), where it answers the item. */
  readonly item?: ItemView;
  readonly parameter: string;
}

/** Whether an item operation's path names the item's parents (`/tasks/{taskId}/entries/{id}`), not
 * the item alone (`/books/{bookId}` of books made under a branch): only then can it be reached, or
 * refused, through another parent. */
export function pathNamesParents(collection: CollectionSpec, item: { readonly operation: Operation }): boolean {
  const own = new Set(item.operation.path.match(/\{[^}]+\}/g) ?? []);
  return (collection.path.match(/\{[^}]+\}/g) ?? []).every((parameter) => own.has(parameter));
}

/** The schemas of every view of a collection's item: the creation's answer, the list's items, the read's. */
export function viewsOf(collection: CollectionSpec | undefined): JsonSchema[] {
  const views = [collection?.create?.item, collection?.list?.items, collection?.read?.item];
  return views.flatMap((view) => (view ? [view.schema] : []));
}
