// The API model: what each resource of a document is and which idioms it uses, inferred once from
// any document (and corrected by x-model or a model file), shared by the mock and the runner.

import type { Contract, Operation } from '../contract/types.js';
import { propertiesOf } from '../schema/all-of.js';
import { type CollectionSpec, findCollections } from './collections.js';
import { correctionsOf, type ResourceCorrection } from './corrections.js';
import { type Idioms, readIdioms } from './idioms.js';
import type { Paging } from './pagination.js';
import { parentItemsOf } from './parents.js';

export interface Resource {
  readonly collection: CollectionSpec;
  /** Collections nested under this one's items (/owners/{ownerId}/pets under /owners). */
  readonly parentOf: readonly string[];
  /** integer, int64, uuid, pattern …, string. */
  readonly idFormat: string;
  readonly paging?: Paging;
  readonly idioms: Idioms;
}

export interface ApiModel {
  readonly resources: readonly Resource[];
  readonly collections: readonly CollectionSpec[];
  /** Paths that look like a collection (a GET and a POST) and were not read as one, and why. */
  readonly notUnderstood: readonly string[];
}

type Schema = Record<string, unknown>;

function idFormatOf(collection: CollectionSpec): string {
  const item = collection.create?.item.schema ?? collection.read?.item.schema ?? collection.list?.items.schema;
  const schema = (propertiesOf(item)[collection.idProperty] ?? {}) as Schema;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('integer')) return schema.format === 'int64' ? 'int64' : 'integer';
  if (schema.format === 'uuid') return 'uuid';
  if (typeof schema.pattern === 'string') return `pattern ${schema.pattern}`;
  return types.includes('string') ? 'string' : 'any';
}

function notUnderstood(contract: Contract, collections: readonly CollectionSpec[]): string[] {
  const byPath = new Map<string, Operation[]>();
  for (const operation of contract.operations)
    byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation]);
  return [...byPath].flatMap(([path, operations]) => {
    const methods = new Set(operations.map((o) => o.method));
    const known = collections.find((c) => c.path === path);
    if (!methods.has('GET') || !methods.has('POST') || (known?.list && known.create)) return [];
    const why = !known
      ? 'neither answer holds items with an id (x-model: {items, item, id} names them)'
      : known.list
        ? "the POST answers no item with the list's id, or takes no JSON"
        : 'the GET answers no list of these items';
    return [`${path}: a GET and a POST, not read as one resource: ${why}`];
  });
}

export function inferApiModel(contract: Contract, fromFile?: ReadonlyMap<string, ResourceCorrection>): ApiModel {
  const corrections = correctionsOf(contract.document, contract.file, fromFile);
  const collections = findCollections(contract, corrections);
  // Each collection's parents once: every resource asks which collections it is a parent of.
  const parentsOf = new Map(collections.map((c) => [c, parentItemsOf(c.path, collections)]));
  const resources = collections.map((collection): Resource => {
    const paging = collection.list?.paging;
    const parentOf = collections
      .filter((other) => parentsOf.get(other)!.some((parent) => parent.collection === collection))
      .map((other) => other.path);
    return {
      collection,
      parentOf,
      idFormat: idFormatOf(collection),
      ...(paging ? { paging } : {}),
      idioms: readIdioms({ collection, contract, corrections, collections }),
    };
  });
  return { resources, collections, notUnderstood: notUnderstood(contract, collections) };
}

const models = new WeakMap<Contract, ApiModel>();

/** The model of a contract, inferred once (a model file's corrections give a model of their own). */
export function apiModelOf(contract: Contract, fromFile?: ReadonlyMap<string, ResourceCorrection>): ApiModel {
  if (fromFile && fromFile.size > 0) return inferApiModel(contract, fromFile);
  let model = models.get(contract);
  if (!model) models.set(contract, (model = inferApiModel(contract)));
  return model;
}

/** The model's reading of one collection (its idioms), where the model read it as a resource. */
export function resourceOf(
  model: Pick<ApiModel, 'resources'>,
  collection: CollectionSpec | undefined,
): Resource | undefined {
  return model.resources.find((resource) => resource.collection === collection);
}
