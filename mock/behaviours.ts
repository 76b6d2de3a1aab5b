// Binds operations to stateful behaviours by their shape in the document, not by name, so a
// collection added to the spec is mocked with state without new code:
//   list   = GET on a path without parameters whose 2xx JSON body is an array of objects with an id
//   create = POST on the same path whose 2xx JSON body is one such object
import type { Contract, JsonSchema, Operation, SchemaValidator } from '../spec/index.js';

export interface ListBehaviour {
  readonly kind: 'list';
  readonly collection: string;
  readonly status: number;
}

export interface CreateBehaviour {
  readonly kind: 'create';
  readonly collection: string;
  readonly status: number;
  /** Properties of the created item, other than the id, that the client may set. */
  readonly storedProperties: readonly string[];
}

export type Behaviour = ListBehaviour | CreateBehaviour;

export interface CollectionSpec {
  readonly path: string;
  readonly idProperty: string;
  /** Validates a whole list of items (the list response schema), used to check seed data. */
  readonly listValidator?: SchemaValidator;
}

export interface Bindings {
  readonly behaviours: ReadonlyMap<Operation, Behaviour>;
  readonly collections: readonly CollectionSpec[];
}

interface JsonSuccess {
  readonly status: number;
  readonly schema: JsonSchema;
  readonly validator: SchemaValidator;
}

function jsonSuccess(operation: Operation): JsonSuccess | undefined {
  for (const response of operation.responses) {
    const status = Number(response.status);
    if (!(status >= 200 && status < 300)) continue;
    const media = response.content.find((m) => isJsonMediaType(m.mediaType) && m.validator);
    if (media?.validator) return { status, schema: media.validator.schema, validator: media.validator };
  }
  return undefined;
}

export function isJsonMediaType(mediaType: string): boolean {
  const essence = mediaType.split(';')[0]!.trim().toLowerCase();
  return essence === 'application/json' || /^application\/[^/]+\+json$/.test(essence);
}

function propertiesOf(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  if (!schema || typeof schema !== 'object') return {};
  const merged: Record<string, JsonSchema> = { ...((schema.properties ?? {}) as Record<string, JsonSchema>) };
  for (const member of (schema.allOf ?? []) as JsonSchema[]) Object.assign(merged, propertiesOf(member));
  return merged;
}

function idPropertyOf(operation: Operation, itemSchema: JsonSchema | undefined): string | undefined {
  const properties = propertiesOf(itemSchema);
  const candidates = [...operation.assignedProperties, 'id'];
  return candidates.find((name) => name in properties);
}

export function bindBehaviours(contract: Contract): Bindings {
  const behaviours = new Map<Operation, Behaviour>();
  const collections = new Map<string, CollectionSpec>();
  const usable = contract.operations.filter((op) => !op.unspecified && !op.path.includes('{'));
  for (const operation of usable) {
    const success = jsonSuccess(operation);
    if (!success) continue;
    if (operation.method === 'GET' && success.schema.type === 'array') {
      const idProperty = idPropertyOf(operation, success.schema.items as JsonSchema);
      if (!idProperty) continue;
      behaviours.set(operation, { kind: 'list', collection: operation.path, status: success.status });
      collections.set(operation.path, { path: operation.path, idProperty, listValidator: success.validator });
    }
  }
  for (const operation of usable) {
    const success = jsonSuccess(operation);
    const takesJson = operation.requestBody?.content.some((m) => isJsonMediaType(m.mediaType));
    if (operation.method !== 'POST' || !success || !takesJson) continue;
    const idProperty = idPropertyOf(operation, success.schema);
    const known = collections.get(operation.path);
    if (!idProperty || (known && known.idProperty !== idProperty)) continue;
    const storedProperties = Object.keys(propertiesOf(success.schema)).filter((name) => name !== idProperty);
    behaviours.set(operation, { kind: 'create', collection: operation.path, status: success.status, storedProperties });
    if (!known) collections.set(operation.path, { path: operation.path, idProperty });
  }
  return { behaviours, collections: [...collections.values()] };
}
