// Collections found by their shape in the document, not by name: the mock binds its stateful
// behaviours to them and the runner builds its sequences from them.
//   list    = GET on a path whose 2xx JSON body is an array of objects with an id
//   create  = POST on the same path whose 2xx JSON body is one such object
//   read    = GET on that path plus one path parameter (the id) whose 2xx JSON body is one such object
//   replace, update, remove = PUT, PATCH, DELETE on that item path
// A collection path may itself hold parameters (/owners/{ownerId}/pets): one collection per owner.
import { propertiesOf } from './all-of.js';
import type { JsonSchema } from './json-schema.js';
import { isJsonMediaType } from './media-types.js';
import { validatorOfView } from './schema-registry.js';
import type { Contract, Operation } from './types.js';
import type { SchemaValidator } from './validators.js';

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
  readonly list?: { readonly operation: Operation; readonly success: JsonSuccess };
  readonly create?: {
    readonly operation: Operation;
    readonly success: JsonSuccess;
    /** Properties of the created item, other than the id, that the client may set. */
    readonly storedProperties: readonly string[];
    /** Whether a sent value can be the created item's (fits the answer's property schema): one
     * notion for the mock (stores it) and the runner (expects it back). */
    readonly keeps: (property: string, value: unknown) => boolean;
  };
  /** GET on the collection path plus one path parameter, answering one item. */
  readonly read?: { readonly operation: Operation; readonly success: JsonSuccess; readonly parameter: string };
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
  readonly parameter: string;
}

/** The first documented 2xx response with a JSON schema. */
export function jsonSuccess(operation: Operation): JsonSuccess | undefined {
  for (const response of operation.responses) {
    const status = Number(response.status);
    if (!(status >= 200 && status < 300)) continue;
    const media = response.content.find((m) => isJsonMediaType(m.mediaType) && m.validator);
    if (media?.validator) {
      return { status, mediaType: media.mediaType, schema: media.validator.schema, validator: media.validator };
    }
  }
  return undefined;
}

const ITEM_METHODS: Readonly<Record<string, 'replace' | 'update' | 'remove'>> = {
  PUT: 'replace',
  PATCH: 'update',
  DELETE: 'remove',
};

/** An item operation's success: the item itself as JSON, or a 2xx without a body. */
function itemOperation(operation: Operation, parameter: string, idProperty: string): ItemOperation | undefined {
  const success = jsonSuccess(operation);
  if (success && Object.hasOwn(propertiesOf(success.schema), idProperty))
    return { operation, status: success.status, success, parameter };
  const empty = operation.responses
    .filter((r) => /^2\d\d$/.test(r.status) && r.content.length === 0)
    .map((r) => Number(r.status))
    .sort((a, b) => a - b)[0];
  return empty === undefined ? undefined : { operation, status: empty, parameter };
}

function idPropertyOf(operation: Operation, itemSchema: JsonSchema | undefined): string | undefined {
  const properties = propertiesOf(itemSchema);
  return [...operation.assignedProperties, 'id'].find((name) => Object.hasOwn(properties, name));
}

export function findCollections(contract: Contract): CollectionSpec[] {
  const byPath = new Map<string, CollectionSpec>();
  const usable = contract.operations.filter((op) => !op.unspecified);
  for (const operation of usable) {
    const success = jsonSuccess(operation);
    if (operation.method !== 'GET' || !success || success.schema.type !== 'array') continue;
    const idProperty = idPropertyOf(operation, success.schema.items as JsonSchema);
    if (idProperty) byPath.set(operation.path, { path: operation.path, idProperty, list: { operation, success } });
  }
  for (const operation of usable) {
    const success = jsonSuccess(operation);
    const takesJson = operation.requestBody?.content.some((m) => isJsonMediaType(m.mediaType));
    if (operation.method !== 'POST' || !success || !takesJson) continue;
    const idProperty = idPropertyOf(operation, success.schema);
    const known = byPath.get(operation.path);
    if (!idProperty || (known && known.idProperty !== idProperty)) continue;
    const answerProperties = propertiesOf(success.schema);
    const storedProperties = Object.keys(answerProperties).filter((name) => name !== idProperty);
    const keeps = (property: string, value: unknown): boolean => {
      const schema = Object.hasOwn(answerProperties, property) ? answerProperties[property] : undefined;
      const validate = schema && typeof schema === 'object' ? validatorOfView(schema) : undefined;
      return !validate || validate(value).length === 0;
    };
    byPath.set(operation.path, {
      ...(known ?? { path: operation.path, idProperty }),
      create: { operation, success, storedProperties, keeps },
    });
  }
  for (const operation of contract.operations) {
    const parameter = /^(.*)\/\{([^}/]+)\}$/.exec(operation.path);
    const known = parameter ? byPath.get(parameter[1]!) : undefined;
    const success = jsonSuccess(operation);
    if (!known || !parameter || operation.method !== 'GET' || operation.unspecified || !success) continue;
    if (!Object.hasOwn(propertiesOf(success.schema), known.idProperty)) continue;
    byPath.set(known.path, { ...known, read: { operation, success, parameter: parameter[2]! } });
  }
  for (const operation of usable) {
    const parameter = /^(.*)\/\{([^}/]+)\}$/.exec(operation.path);
    const known = parameter ? byPath.get(parameter[1]!) : undefined;
    const kind = ITEM_METHODS[operation.method];
    if (!known?.create || !parameter || !kind) continue;
    const item = itemOperation(operation, parameter[2]!, known.idProperty);
    if (item && (kind === 'remove' || operation.requestBody?.content.some((m) => isJsonMediaType(m.mediaType)))) {
      byPath.set(known.path, { ...known, [kind]: item });
    }
  }
  return [...byPath.values()];
}

// Query parameters that page or filter a list: a list that takes one may rightly leave items out.
const NARROWING_PARAMETER =
  /^(limit|page|per_?page|page_?size|size|offset|cursor|after|before|start|count|max|top|skip|first|last|page_?token|next|since|q|query|filter|search)$/i;

/** Whether reading the list (with only its required parameters) shows every item of the collection. */
export function listsEveryItem(collection: CollectionSpec): boolean {
  const list = collection.list?.operation;
  if (!list) return false;
  return !list.parameters.some(
    (parameter) => parameter.in === 'query' && (parameter.required || NARROWING_PARAMETER.test(parameter.name)),
  );
}
