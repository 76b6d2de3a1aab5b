// Collections found by their shape in the document, not by name: the mock binds its stateful
// behaviours to them and the runner builds its sequences from them.
//   list    = GET on a path whose 2xx JSON body is an array of objects with an id, bare or in an
//             envelope's member (shapes.ts)
//   create  = POST on the same path whose 2xx JSON body is one such object, bare or wrapped
//   read    = GET on that path plus one path parameter (the id) whose 2xx JSON body is one such object
//   replace, update, remove = PUT, PATCH, DELETE on that item path
// A collection path may itself hold parameters (/owners/{ownerId}/pets): one collection per owner.

import { isJsonMediaType } from '../contract/media-types.js';
import type { Contract, Operation } from '../contract/types.js';
import { propertiesOf, propertiesOfAnyForm, readOnly } from '../schema/all-of.js';
import { validatorOfView } from '../schema/schema-registry.js';
import { dropCreationsThatAreActions, dropListsThatAreReads } from './collection-pruning.js';
import { type CollectionSpec, type ItemOperation, type JsonSuccess, viewsOf } from './collection-spec.js';
import { type Corrections, NO_CORRECTIONS, type ResourceCorrection } from './corrections.js';
import { filtersOf } from './filters.js';
import { idCandidates, idPropertyOf, itemParameterOf, itemPathParts, sentMembers } from './ids.js';
import { listOrderOf } from './list-order.js';
import { pagingOf } from './pagination.js';
import { operationPointer } from './pointers.js';
import { lastSegment, listItems, singleItem } from './shapes.js';

/** The documented 2xx responses with a JSON schema, in the order given (or statuses first). */
function jsonSuccesses(operation: Operation): JsonSuccess[] {
  const found: JsonSuccess[] = [];
  for (const response of operation.responses) {
    const status = Number(response.status);
    if (!(status >= 200 && status < 300)) continue;
    const media = response.content.find((m) => isJsonMediaType(m.mediaType) && m.validator);
    if (media?.validator) {
      found.push({ status, mediaType: media.mediaType, schema: media.validator.schema, validator: media.validator });
    }
  }
  return found;
}

/** The first documented 2xx response with a JSON schema. */
export function jsonSuccess(operation: Operation): JsonSuccess | undefined {
  return jsonSuccesses(operation)[0];
}

// A creation answers 201 before a 200 documented beside it (an idempotent replay's answer), and
// 202 (accepted, not yet made) only where it is the one success.
const CREATION_ORDER = (status: number): number => (status === 201 ? 0 : status === 202 ? 2 : 1);

/** The success a creation answers with: 201, else another 2xx, 202 last. */
export function creationSuccess(operation: Operation): JsonSuccess | undefined {
  return jsonSuccesses(operation).sort((a, b) => CREATION_ORDER(a.status) - CREATION_ORDER(b.status))[0];
}

const ITEM_METHODS: Readonly<Record<string, 'replace' | 'update' | 'remove'>> = {
  PUT: 'replace',
  PATCH: 'update',
  DELETE: 'remove',
};

/** An item operation's success: the item itself as JSON (bare or wrapped), or a 2xx without a body. */
function itemOperation(
  operation: Operation,
  parameter: string,
  idProperty: string,
  correction: ResourceCorrection,
  pathName: string | undefined,
): ItemOperation | undefined {
  const success = jsonSuccess(operation);
  const item = success && singleItem(success.schema, idProperty, correction.item, pathName);
  if (success && item) return { operation, status: success.status, success, item, parameter };
  const empty = operation.responses
    .filter((r) => /^2\d\d$/.test(r.status) && r.content.length === 0)
    .map((r) => Number(r.status))
    .sort((a, b) => a - b)[0];
  return empty === undefined ? undefined : { operation, status: empty, parameter };
}

const FORM = /^(application\/x-www-form-urlencoded|multipart\/form-data)$/i;

/** A POST without a body that answers 201 makes an item of its own (POST /carts: an empty cart),
 * unless it stands under an item (POST /carts/{id}/checkout: what the item does) where no list
 * answers at its path (POST /books/{isbn}/copies beside the book's copies: a new copy). A 202
 * beside a list of the same items makes one too: a job the list then holds (an export started). */
function bodilessCreation(operation: Operation, success: JsonSuccess, listed: boolean): boolean {
  if (operation.requestBody) return false;
  if (success.status === 202) return listed;
  return success.status === 201 && (listed || !/\}\/[^/{}]+$/.test(operation.path));
}

/** Whether a request body can carry an item's members: JSON, or a form (Twilio's creations). */
function takesObjects(operation: Operation): boolean {
  return operation.requestBody?.content.some((m) => isJsonMediaType(m.mediaType) || FORM.test(m.mediaType)) === true;
}

export function findCollections(contract: Contract, corrections: Corrections = NO_CORRECTIONS): CollectionSpec[] {
  const byPath = new Map<string, CollectionSpec>();
  const usable = contract.operations.filter((op) => !op.unspecified);
  for (const operation of usable) {
    const success = jsonSuccess(operation);
    if (operation.method !== 'GET' || !success) continue;
    const correction = corrections(operation.path);
    const path = operation.path;
    const candidates = idCandidates(
      operation,
      correction,
      itemParameterOf(contract, path),
      sentMembers(contract, path),
    );
    const items = listItems(success.schema, candidates, correction.items, lastSegment(operation.path));
    const idProperty = items && idPropertyOf(candidates, items.schema);
    if (!items || !idProperty) continue;
    const { description } = (contract.document.info ?? {}) as { description?: unknown };
    const overview = typeof description === 'string' ? description : '';
    const paging = pagingOf(operation, success.schema, items.member, correction, operationPointer(operation), overview);
    const filters = filtersOf(operation, items.schema, paging);
    const order = listOrderOf(operation, items.schema);
    const list = { operation, success, items, paging, filters, ...(order ? { order } : {}) };
    const clientKey = sentMembers(contract, path).has(idProperty);
    byPath.set(operation.path, { path: operation.path, idProperty, ...(clientKey ? { clientKey } : {}), list });
  }
  for (const operation of usable) {
    const success = creationSuccess(operation);
    const listed = byPath.has(operation.path);
    if (
      operation.method !== 'POST' ||
      !success ||
      !(takesObjects(operation) || bodilessCreation(operation, success, listed))
    )
      continue;
    const correction = corrections(operation.path);
    const known = byPath.get(operation.path);
    const candidates = known
      ? [known.idProperty]
      : idCandidates(
          operation,
          correction,
          itemParameterOf(contract, operation.path),
          sentMembers(contract, operation.path),
        );
    const pathName = lastSegment(operation.path);
    const idProperty = candidates.find((id) => singleItem(success.schema, id, correction.item, pathName));
    if (!idProperty) continue;
    const item = singleItem(success.schema, idProperty, correction.item, pathName)!;
    const answerProperties = propertiesOfAnyForm(item.schema);
    // A readOnly member is the service's to fill in: a value sent for it is ignored, not stored;
    // unless the creation's own body declares it, not readOnly there ("Set when the cart is
    // created": readOnly in the answer means it cannot change afterwards).
    const requestSchema = operation.requestBody?.content.find((media) => media.validator)?.validator?.schema;
    const settable = new Set(
      Object.entries(propertiesOfAnyForm(requestSchema))
        .filter(([, schema]) => !readOnly(schema))
        .map(([name]) => name),
    );
    const storedProperties = Object.entries(answerProperties)
      .filter(([name, schema]) => name !== idProperty && (!readOnly(schema) || settable.has(name)))
      .map(([name]) => name);
    // A value the item keeps fits the property in every view of the item (the creation's answer,
    // the list's items, the read's answer): the views are all known once every loop has run.
    // (validators of each property looked up once, on first use: this runs for every creation).
    const validators = new Map<string, ((value: unknown) => unknown[])[]>();
    const keeps = (property: string, value: unknown): boolean => {
      let found = validators.get(property);
      if (!found) {
        found = viewsOf(byPath.get(operation.path)).flatMap((view) => {
          const schema = propertiesOf(view)[property];
          const validate = schema && typeof schema === 'object' ? validatorOfView(schema) : undefined;
          return validate ? [validate] : [];
        });
        validators.set(property, found);
      }
      return found.every((validate) => validate(value).length === 0);
    };
    const clientKey = sentMembers(contract, operation.path).has(idProperty);
    byPath.set(operation.path, {
      ...(known ?? { path: operation.path, idProperty, ...(clientKey ? { clientKey } : {}) }),
      create: { operation, success, item, storedProperties, keeps },
    });
  }
  const collectionAt = flatItemsOf(byPath, contract.operations);
  for (const operation of contract.operations) {
    const parameter = itemPathParts(operation.path);
    const known = parameter ? collectionAt(parameter[0]) : undefined;
    const success = jsonSuccess(operation);
    if (!known || !parameter || operation.method !== 'GET' || operation.unspecified || !success) continue;
    const item = singleItem(success.schema, known.idProperty, corrections(known.path).item, lastSegment(known.path));
    if (!item) continue;
    byPath.set(known.path, { ...known, read: { operation, success, item, parameter: parameter[1] } });
  }
  dropListsThatAreReads(byPath);
  dropCreationsThatAreActions(byPath);
  for (const operation of usable) {
    const parameter = itemPathParts(operation.path);
    const known = parameter ? collectionAt(parameter[0]) : undefined;
    // A POST on the item itself changes it where no PATCH does (Twilio's updates).
    const patched = usable.some((o) => o.path === operation.path && o.method === 'PATCH');
    const kind = ITEM_METHODS[operation.method] ?? (operation.method === 'POST' && !patched ? 'update' : undefined);
    if (!known || !parameter || !kind || !(known.create || upserted(usable, known.path))) continue;
    const correction = corrections(known.path);
    const item = itemOperation(operation, parameter[1], known.idProperty, correction, lastSegment(known.path));
    // Items made by a PUT at a key the client chooses (no POST): the key is the client's.
    const keyed = !known.create ? { clientKey: true } : {};
    if (item && (kind === 'remove' || takesObjects(operation)))
      byPath.set(known.path, { ...known, ...keyed, [kind]: item });
  }
  return [...byPath.values()];
}

/** The collection an item path's prefix names: its own, else, for a flat prefix no collection holds
 * (`/books` of `GET /books/{bookId}`), the one nested collection of that last word with no item path
 * of its own (`/branches/{code}/books`): books made under a branch and read on their own. */
function flatItemsOf(
  byPath: ReadonlyMap<string, CollectionSpec>,
  operations: readonly Operation[],
): (prefix: string) => CollectionSpec | undefined {
  const withItems = new Set(operations.flatMap((operation) => itemPathParts(operation.path)?.[0] ?? []));
  return (prefix) => {
    const own = byPath.get(prefix);
    if (own || prefix.includes('{')) return own;
    const nested = [...byPath.values()].filter(
      (collection) =>
        collection.path.includes('{') && collection.path.endsWith(prefix) && !withItems.has(collection.path),
    );
    return nested.length === 1 ? byPath.get(nested[0]!.path) : undefined;
  };
}

/** Whether the collection's items are made by a PUT at their path (an upsert documenting 201). */
const upserted = (operations: readonly Operation[], path: string): boolean =>
  operations.some(
    (operation) =>
      operation.method === 'PUT' &&
      itemPathParts(operation.path)?.[0] === path &&
      operation.responses.some((response) => response.status === '201'),
  );

/** The PUT that makes the collection's items where it has no creation of its own: an upsert at a key
 * the client chooses (PUT /books/{isbn} answering 201 for a new book). */
export function putCreation(collection: CollectionSpec): ItemOperation | undefined {
  const replace = collection.replace;
  if (collection.create || !replace) return undefined;
  return replace.operation.responses.some((response) => response.status === '201') ? replace : undefined;
}

export { sameSchema } from './collection-pruning.js';
export type { CollectionSpec, ItemOperation, JsonSuccess } from './collection-spec.js';
export { collectionOperations, pathNamesParents } from './collection-spec.js';
