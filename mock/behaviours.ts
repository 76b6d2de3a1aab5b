// Binds a behaviour to every operation of the document: stateful ones to the collections its
// shapes show, and an answer prepared from the document to every other operation.
import {
  type CollectionSpec,
  type Contract,
  findCollections,
  type Operation,
  type SchemaValidator,
} from '../spec/index.js';
import { type PreparedAnswer, prepareAnswer } from './respond.js';

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

/** PUT, PATCH or DELETE on an item: replaced, merged or removed; 404 when there is none. */
export interface ItemChangeBehaviour {
  readonly kind: 'replace' | 'update' | 'remove';
  readonly collection: string;
  readonly status: number;
  readonly parameter: string;
  readonly storedProperties: readonly string[];
  /** Whether the documented success answers the item (else the status alone). */
  readonly answersItem: boolean;
  /** What an item must be (the create operation's answer), checked after the change. */
  readonly itemValidator?: SchemaValidator;
}

/** Any other operation: its documented success, answered as prepared from the document. */
export interface RespondBehaviour extends PreparedAnswer {
  readonly kind: 'respond';
}

export type Behaviour = ListBehaviour | CreateBehaviour | ReadBehaviour | ItemChangeBehaviour | RespondBehaviour;

export interface Bindings {
  readonly behaviours: ReadonlyMap<Operation, Behaviour>;
  readonly collections: readonly CollectionSpec[];
}

export function bindBehaviours(contract: Contract): Bindings {
  const collections = findCollections(contract);
  const behaviours = new Map<Operation, Behaviour>();
  for (const collection of collections) {
    const { path, create } = collection;
    for (const kind of ['replace', 'update', 'remove'] as const) {
      const item = collection[kind];
      if (!item) continue;
      behaviours.set(item.operation, {
        kind,
        collection: path,
        status: item.status,
        parameter: item.parameter,
        storedProperties: create?.storedProperties ?? [],
        answersItem: item.success !== undefined,
        ...(create ? { itemValidator: create.success.validator } : {}),
      });
    }
  }
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
    const answer = prepareAnswer(operation);
    if (answer) behaviours.set(operation, { kind: 'respond', ...answer });
  }
  return { behaviours, collections };
}
