// Binds the stateful list and create behaviours to the collections the document shows.
import { type CollectionSpec, type Contract, findCollections, type Operation } from '../spec/index.js';

export interface ListBehaviour {
  readonly kind: 'list';
  readonly collection: string;
  readonly status: number;
}

export interface CreateBehaviour {
  readonly kind: 'create';
  readonly collection: string;
  readonly status: number;
  readonly storedProperties: readonly string[];
}

export interface ReadBehaviour {
  readonly kind: 'read';
  readonly collection: string;
  readonly status: number;
  readonly parameter: string;
}

/** An operation whose documented success carries no body: answered with that status, empty. */
export interface EmptySuccessBehaviour {
  readonly kind: 'empty-success';
  readonly status: number;
}

export type Behaviour = ListBehaviour | CreateBehaviour | ReadBehaviour | EmptySuccessBehaviour;

export interface Bindings {
  readonly behaviours: ReadonlyMap<Operation, Behaviour>;
  readonly collections: readonly CollectionSpec[];
}

export function bindBehaviours(contract: Contract): Bindings {
  const collections = findCollections(contract);
  const behaviours = new Map<Operation, Behaviour>();
  for (const { path, list, create, read } of collections) {
    if (read)
      behaviours.set(read.operation, {
        kind: 'read',
        collection: path,
        status: read.success.status,
        parameter: read.parameter,
      });
    if (list) behaviours.set(list.operation, { kind: 'list', collection: path, status: list.success.status });
    if (create) {
      behaviours.set(create.operation, {
        kind: 'create',
        collection: path,
        status: create.success.status,
        storedProperties: create.storedProperties,
      });
    }
  }
  for (const operation of contract.operations) {
    if (behaviours.has(operation) || operation.unspecified) continue;
    const empty = operation.responses.find((r) => /^2\d\d$/.test(r.status) && r.content.length === 0);
    if (empty) behaviours.set(operation, { kind: 'empty-success', status: Number(empty.status) });
  }
  return { behaviours, collections };
}
