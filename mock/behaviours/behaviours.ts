// Binds a behaviour to every operation of the document: stateful ones to the collections its
// shapes show, and an answer prepared from the document to every other operation.
import fc from 'fast-check';
import {
  type Action,
  apiModelOf,
  type CollectionSpec,
  type Contract,
  type ItemView,
  type JsonSchema,
  type JsonSuccess,
  jsonSuccess,
  lastSegment,
  mergeAllOf,
  type Operation,
  type ParentItem,
  parentItemsOf,
  propertiesOf,
  type Resource,
  type ResourceCorrection,
  responseFor,
  type SchemaValidator,
  singleItem,
  statusMember,
} from '../../spec/core.js';
import { seedOf, UNSATISFIABLE, valueArbitrary } from '../../spec/generate/index.js';
import { type ListPages, planListPages } from './list-pages.js';
import { type PreparedAnswer, prepareAnswer, successResponse } from './respond.js';

/** The Content-Type of a stateful answer: the media type the document gives its success. */
export type AnswerHeaders = Readonly<Record<string, string>>;

function answerHeaders(success: JsonSuccess | undefined): AnswerHeaders {
  const mediaType = success?.mediaType ?? 'application/json';
  return { 'Content-Type': mediaType === 'application/json' ? 'application/json; charset=utf-8' : mediaType };
}

/** The member an answer wraps its one item in (DigitalOcean's {"droplet": {...}}); absent: bare. */
type Wrapped = { readonly wrap?: string };

const wrapOf = (view: ItemView | undefined): Wrapped => (view?.member !== undefined ? { wrap: view.member } : {});

export interface ListBehaviour {
  readonly kind: 'list';
  readonly collection: string;
  readonly status: number;
  readonly headers: AnswerHeaders;
  /** An envelope or paging to answer in; absent: the store's whole list as a bare array. */
  readonly pages?: ListPages;
  readonly owned?: boolean;
}

/** Idioms on a resource's answers: conditional requests (conditional.ts), soft deletion, ownership. */
interface Conditional {
  /** Items belong to the credential that made them (owners.ts): each credential has its own. */
  readonly owned?: boolean;
  /** Send the item's ETag (and honour If-None-Match on reads, If-Match on changes). */
  readonly etag?: boolean;
  /** Deleted items answer 410 where the document lists it for reads. */
  readonly softDelete?: boolean;
}

export interface CreateBehaviour extends Wrapped, Conditional {
  readonly kind: 'create';
  /** The header that carries an idempotency key, and the status for the same key with another body. */
  readonly idempotency?: { readonly header: string; readonly conflictStatus: number };
  /** The item path template a Location header names (where the document gives one). */
  readonly location?: string;
  readonly collection: string;
  readonly status: number;
  readonly headers: AnswerHeaders;
  readonly storedProperties: readonly string[];
  /** Whether a sent value can be stored (it fits the answer's schema; else the fallback stands). */
  readonly keeps: (property: string, value: unknown) => boolean;
  /** Values of the properties the service assigns (readOnly, required in the answer), besides the id. */
  readonly assignedValues: Readonly<Record<string, unknown>>;
  /** Values for properties the answer requires but a request may leave out: used when it does. */
  readonly fallbackValues: Readonly<Record<string, unknown>>;
}

export interface ReadBehaviour extends Wrapped, Conditional {
  /** An accepted job's item: read once, it moves to the state it ends in. */
  readonly completes?: { readonly member: string; readonly terminal: unknown };
  readonly kind: 'read';
  readonly collection: string;
  readonly status: number;
  readonly headers: AnswerHeaders;
  readonly parameter: string;
}

/** PUT, PATCH or DELETE on an item: replaced, merged or removed; 404 when there is none. */
export interface ItemChangeBehaviour extends Wrapped, Conditional {
  readonly kind: 'replace' | 'update' | 'remove';
  readonly collection: string;
  readonly status: number;
  readonly headers: AnswerHeaders;
  readonly parameter: string;
  readonly storedProperties: readonly string[];
  /** Properties the service assigned at creation: a replacement keeps them. */
  readonly assignedProperties: readonly string[];
  /** Whether the documented success answers the item (else the status alone). */
  readonly answersItem: boolean;
  /** What an item must be (the create operation's answer), checked after the change. */
  readonly itemValidator?: SchemaValidator;
  /** Every view of the item (the create's answer, the read's, the list's items): what a change
   * leaves out and one of them requires is kept from the old item. */
  readonly itemViews: readonly SchemaValidator[];
  /** Whether a sent value can be the item's (a replacement stores only those, as a creation does). */
  readonly keeps?: (property: string, value: unknown) => boolean;
}

/** POST on an item's verb (/bookings/{id}/cancel): moves `member` to `target`; refused with
 * `refusedStatus` where the item is there already. */
export interface ActionBehaviour extends Wrapped, Conditional {
  readonly kind: 'action';
  readonly collection: string;
  readonly status: number;
  readonly headers: AnswerHeaders;
  readonly parameter: string;
  readonly member: string;
  readonly target: unknown;
  readonly refusedStatus?: number;
  readonly answersItem: boolean;
}

/** Any other operation: its documented success, answered as prepared from the document (on the
 * first request: generating every answer of a large document would hold up the start). */
export interface RespondBehaviour {
  readonly kind: 'respond';
  readonly status: number;
  answer(): PreparedAnswer;
}

export type Behaviour =
  | ListBehaviour
  | CreateBehaviour
  | ReadBehaviour
  | ItemChangeBehaviour
  | ActionBehaviour
  | RespondBehaviour;

export interface Bindings {
  readonly behaviours: ReadonlyMap<Operation, Behaviour>;
  readonly collections: readonly CollectionSpec[];
  /** The items an operation's path names above itself, checked before its behaviour runs. */
  readonly parents: ReadonlyMap<Operation, readonly ParentItem[]>;
}

/** The properties a request body may carry (readOnly ones are not in the request schema). */
function requestProperties(operation: Operation): Set<string> | undefined {
  const schema = operation.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  if (!schema) return undefined;
  // A body of alternatives (oneOf/anyOf) may carry what any of them names.
  const merged = mergeAllOf(schema as Record<string, unknown>);
  const branches = [...((merged.oneOf as JsonSchema[]) ?? []), ...((merged.anyOf as JsonSchema[]) ?? [])];
  return new Set([schema, ...branches].flatMap((part) => Object.keys(propertiesOf(part))));
}

/** A value for each property the answer requires (besides the id): of those no request may send
 * (the service's to assign), or of those a request may leave out (`sent`: true). */
function assignedValues(
  success: { readonly schema: JsonSchema },
  sendable: Set<string> | undefined,
  idProperty: string,
  sent = false,
): Record<string, unknown> {
  // Required anywhere in the schema's allOf (an item = its creation's schema + what the service adds).
  const required = new Set((mergeAllOf(success.schema as Record<string, unknown>).required as string[]) ?? []);
  const values: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(propertiesOf(success.schema))) {
    // Without a request schema every property is one a request may send (or leave out).
    const mayBeSent = sendable ? sendable.has(name) : true;
    if (mayBeSent !== sent || !required.has(name) || name === idProperty) continue;
    const [value] = fc.sample(valueArbitrary(schema, { style: 'plain' }), { numRuns: 1, seed: seedOf(name, 1) });
    if (value !== undefined && value !== UNSATISFIABLE) values[name] = value;
  }
  return values;
}

/** The validators of every view of a collection's item; the list's judges the item as a list of one. */
function itemViews(collection: CollectionSpec): SchemaValidator[] {
  const { create, read, list } = collection;
  return [create?.item, read?.item, list?.items].flatMap((view) => (view ? [view.validator] : []));
}

/** The path of one item, for a Location header: the read's, else any item operation's. */
function itemPathOf(collection: CollectionSpec, basePath: string): string {
  const item = collection.read ?? collection.replace ?? collection.update ?? collection.remove;
  return `${basePath}${item ? item.operation.path.replace(/\{[^}]+\}(?=(\.[A-Za-z]+)?$)/, '{}') : `${collection.path}/{}`}`;
}

function conditionalOf(resource: Resource): Conditional {
  return {
    ...(resource.idioms.conditional ? { etag: true } : {}),
    ...(resource.idioms.softDelete ? { softDelete: true } : {}),
    ...(ownedBy(resource) ? { owned: true } : {}),
  };
}

/** Owned where the model says so, but not a parent of other collections (their items are looked
 * up under the parent's shared key). */
const ownedBy = (resource: Resource): boolean => resource.idioms.owned !== undefined && resource.parentOf.length === 0;

/** Assigned values that fit every view of the item: where the creation's answer allows what the
 * list's items do not (Box's free `type` against the list's enum), a value the other view gives. */
function fitEveryView(
  values: Record<string, unknown>,
  views: readonly (ItemView | undefined)[],
  keeps: (property: string, value: unknown) => boolean,
  idProperty: string,
): Record<string, unknown> {
  const others = views.flatMap((view) => (view ? [assignedValues(view, undefined, idProperty, true)] : []));
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (keeps(name, value)) return [name, value];
      const fitting = others.map((other) => other[name]).find((other) => other !== undefined && keeps(name, other));
      return [name, fitting ?? value];
    }),
  );
}

function completionOf({ idioms }: Resource): Pick<ReadBehaviour, 'completes'> {
  const job = idioms.asynchronous;
  return job?.member !== undefined ? { completes: { member: job.member, terminal: job.terminal } } : {};
}

/** A new item's state, where actions move it: the state member's first value (pending, new, draft). */
function initialState(resource: Resource, values: Record<string, unknown>): Record<string, unknown> {
  const { actions, asynchronous } = resource.idioms;
  const state = actions || asynchronous?.member ? statusMember(resource.collection) : undefined;
  // A job starts in a state it has yet to leave.
  const first = state?.values.find((value) => value !== asynchronous?.terminal);
  return state && state.member in values ? { ...values, [state.member]: first } : values;
}

/** An action whose target state was read; its success answers the item (bare or wrapped) or nothing. */
function actionBehaviour(
  collection: CollectionSpec,
  action: Action,
  conditional: Conditional,
): ActionBehaviour | undefined {
  const parameter = collection.read?.parameter ?? collection.remove?.parameter;
  if (action.member === undefined || parameter === undefined) return undefined;
  const success = jsonSuccess(action.operation);
  const item = success && singleItem(success.schema, collection.idProperty, undefined, lastSegment(collection.path));
  const empty = action.operation.responses.find((r) => /^2\d\d$/.test(r.status) && r.content.length === 0);
  if (!item && !empty) return undefined;
  return {
    kind: 'action',
    collection: collection.path,
    status: item ? success!.status : Number(empty!.status),
    headers: answerHeaders(item ? success : undefined),
    parameter,
    member: action.member,
    target: action.target,
    ...(action.refusedStatus ? { refusedStatus: action.refusedStatus } : {}),
    answersItem: item !== undefined,
    ...wrapOf(item),
    ...conditional,
  };
}

export function bindBehaviours(contract: Contract, corrections?: ReadonlyMap<string, ResourceCorrection>): Bindings {
  const model = apiModelOf(contract, corrections);
  const collections = model.collections;
  const behaviours = new Map<Operation, Behaviour>();
  for (const resource of model.resources) {
    const { collection } = resource;
    const conditional = conditionalOf(resource);
    const { path, create } = collection;
    const sendable = create ? requestProperties(create.operation) : undefined;
    const assigned = create ? Object.keys(assignedValues(create.item, sendable, collection.idProperty)) : [];
    for (const kind of ['replace', 'update', 'remove'] as const) {
      const item = collection[kind];
      if (!item) continue;
      behaviours.set(item.operation, {
        kind,
        collection: path,
        status: item.status,
        parameter: item.parameter,
        storedProperties: (create?.storedProperties ?? []).filter((name) => !sendable || sendable.has(name)),
        assignedProperties: assigned,
        answersItem: item.success !== undefined,
        headers: answerHeaders(item.success),
        itemViews: itemViews(collection),
        ...wrapOf(item.item),
        ...conditional,
        ...(create ? { itemValidator: create.item.validator, keeps: create.keeps } : {}),
      });
    }
  }
  for (const resource of model.resources) {
    const { collection } = resource;
    const { path, list, create, read, idProperty } = collection;
    if (read)
      behaviours.set(read.operation, {
        kind: 'read',
        collection: path,
        status: read.success.status,
        parameter: read.parameter,
        headers: answerHeaders(read.success),
        ...wrapOf(read.item),
        ...conditionalOf(resource),
        ...completionOf(resource),
      });
    for (const action of resource.idioms.actions ?? []) {
      const bound = actionBehaviour(collection, action, conditionalOf(resource));
      if (bound) behaviours.set(action.operation, bound);
    }
    if (list) {
      const status = list.success.status;
      const pages = planListPages(resource);
      behaviours.set(list.operation, {
        kind: 'list',
        collection: path,
        status,
        headers: answerHeaders(list.success),
        ...(pages ? { pages } : {}),
        ...(ownedBy(resource) ? { owned: true } : {}),
      });
    }
    if (create) {
      const sendable = requestProperties(create.operation);
      behaviours.set(create.operation, {
        kind: 'create',
        collection: path,
        ...wrapOf(create.item),
        ...(resource.idioms.location ? { location: itemPathOf(collection, contract.basePath) } : {}),
        ...conditionalOf(resource),
        ...(resource.idioms.idempotency
          ? {
              idempotency: {
                header: resource.idioms.idempotency.header,
                conflictStatus: resource.idioms.idempotency.conflictStatus ?? 409,
              },
            }
          : {}),
        status: create.success.status,
        headers: answerHeaders(create.success),
        // Only what a client may send is stored from a request: a readOnly property never is.
        storedProperties: create.storedProperties.filter((name) => !sendable || sendable.has(name)),
        keeps: create.keeps,
        assignedValues: initialState(
          resource,
          fitEveryView(
            assignedValues(create.item, sendable, idProperty),
            [list?.items, read?.item],
            create.keeps,
            idProperty,
          ),
        ),
        // What the list's items and the read's answer require too, so every view of the item is valid.
        fallbackValues: Object.assign(
          {},
          ...[list?.items, read?.item].map((view) => (view ? assignedValues(view, undefined, idProperty, true) : {})),
          assignedValues(create.item, sendable, idProperty, true),
        ),
      });
    }
  }
  for (const operation of contract.operations) {
    if (behaviours.has(operation) || operation.unspecified) continue;
    const success = successResponse(operation);
    if (!success) continue;
    let prepared: PreparedAnswer | undefined;
    behaviours.set(operation, {
      kind: 'respond',
      status: success.status,
      answer: () => (prepared ??= prepareAnswer(operation, success)),
    });
  }
  return { behaviours, collections, parents: parentsToCheck(behaviours, collections) };
}

/** Stateful behaviours always answer 404 under a missing parent (as a read of a missing item does);
 * an answer prepared from the document does where the operation documents one. */
function parentsToCheck(
  behaviours: ReadonlyMap<Operation, Behaviour>,
  collections: readonly CollectionSpec[],
): Map<Operation, readonly ParentItem[]> {
  const parents = new Map<Operation, readonly ParentItem[]>();
  for (const [operation, behaviour] of behaviours) {
    // An action's own item is looked up by the action itself (in its owner's copy, where owned).
    const items = parentItemsOf(operation.path, collections).filter(
      (parent) => behaviour.kind !== 'action' || parent.collection.path !== behaviour.collection,
    );
    if (items.length === 0) continue;
    if (behaviour.kind === 'respond' && responseFor(operation, 404) === undefined) continue;
    parents.set(operation, items);
  }
  return parents;
}
