// The idioms a resource may use beyond list/create/read/change/delete, each read by one named
// function from the operations the collection finder bound (a registry: a new idiom is a new entry).

import { responseFor } from '../contract/operations.js';
import type { Contract, Operation } from '../contract/types.js';
import { propertiesOf } from '../schema/all-of.js';
import { type Action, takenOnce } from './action.js';
import { actionSourcesOf, statedSourcesOf } from './action-sources.js';
import { actionStores } from './action-stores.js';
import { participle, targetFromWords } from './action-targets.js';
import { type CollectionSpec, collectionOperations } from './collections.js';
import type { Corrections } from './corrections.js';
import { finalStatesOf, tagDescriptions } from './final-states.js';
import { flagMoveOf, flagSourcesOf } from './flag-actions.js';
import { refusalsLeaveKeyFree } from './idempotent-refusals.js';
import { type KeyScope, keyScopeOf } from './key-scopes.js';
import { type LifeIdioms, readLifeIdioms } from './life-idioms.js';
import { type MadeElsewhere, makersOf } from './made-elsewhere.js';
import { namedAction, namedActionsOf } from './named-actions.js';
import { goneForParent } from './parent-gone.js';
import { statusMember } from './state-member.js';
import { type Tally, talliesOf } from './tallies.js';

export { operationPointer } from './pointers.js';
export { statusMember } from './state-member.js';

export interface Conditional {
  /** Operations whose success carries an ETag header. */
  readonly etagOn: readonly Operation[];
  /** Operations that take If-Match (and whether it is required). */
  readonly ifMatch: readonly { readonly operation: Operation; readonly required: boolean }[];
  /** Operations that take If-None-Match. */
  readonly ifNoneMatch: readonly Operation[];
}

export interface Idempotency {
  readonly header: string;
  readonly operation: Operation;
  /** The documented status for the same key with another body (409 or 422). */
  readonly conflictStatus?: number;
  /** The status of a replay (the same key and body again), where the document gives it its own:
   * a 200 documented beside the creation's 201. */
  readonly replayStatus?: number;
  /** The words that say a refused request leaves its key free (idempotent-refusals.ts). */
  readonly refusalsLeaveKeyFree?: string;
  /** The parent the words scope the key to ("Keys are scoped to the warehouse": key-scopes.ts). */
  readonly keyScope?: KeyScope;
}

export type { Action } from './action.js';

export interface Idioms extends LifeIdioms {
  readonly location?: { readonly header: string; readonly operation: Operation };
  readonly conditional?: Conditional;
  readonly idempotency?: Idempotency;
  readonly actions?: readonly Action[];
  /** A creation accepted (202) and finished later: the state member and the value it ends in. */
  readonly asynchronous?: {
    readonly operation: Operation;
    readonly status: number;
    readonly member?: string;
    readonly terminal?: unknown;
  };
  /** Deleted items answer `status` (410) on `operation` (the read); `restore` brings one back. */
  readonly softDelete?: { readonly operation: Operation; readonly status: number; readonly restore?: Operation };
  readonly owned?: { readonly how: string; readonly operations: readonly Operation[] };
  /** POSTs of other resources that make its items (a cart's checkout makes an order). */
  readonly madeBy?: readonly MadeElsewhere[];
  /** Reads that count its items by a member ("Pet counts by status": tallies.ts). */
  readonly tallied?: readonly Tally[];
}

interface Reading {
  readonly collection: CollectionSpec;
  readonly contract: Contract;
  readonly corrections: Corrections;
  /** Every collection of the model: a POST that creates in one of them is no action. */
  readonly collections?: readonly CollectionSpec[];
}

const headerOf = (operation: Operation, status: number, name: string) =>
  responseFor(operation, status)?.headers.find((h) => h.name.toLowerCase() === name);
const headerParameter = (operation: Operation, pattern: RegExp) =>
  operation.parameters.find((p) => p.in === 'header' && pattern.test(p.name));
const firstDocumented = (operation: Operation, statuses: readonly number[]) =>
  statuses.find((status) => operation.responses.some((r) => r.status === String(status)));

type Reader = (reading: Reading) => Partial<Idioms>;

/** States a job ends well in, most telling first. */
const TERMINAL_STATES = [
  'completed',
  'complete',
  'succeeded',
  'success',
  'done',
  'finished',
  'ready',
  'available',
  'active',
];

/** The state among `values` a job ends well in (done, completed, ...), where there is one. */
export const terminalState = (values: readonly unknown[]): unknown =>
  TERMINAL_STATES.map((name) => values.find((value) => String(value).toLowerCase() === name)).find(
    (value) => value !== undefined,
  );

/** The header that makes a creation idempotent: Idempotency-Key (IETF draft), X-Idempotency-Key. */
export const IDEMPOTENCY_HEADER = /^(x-)?idempotency-?key$/i;

const verbOf = (path: string, itemPath: string): string | undefined =>
  new RegExp(`^${itemPath.replace(/[.*+?^$()|[\]\\]/g, '\\$&')}(?:/|:)([A-Za-z][\\w-]*)$`).exec(path)?.[1];

/** The verbs that bring a soft-deleted item back. */
const RESTORE = /^(restore|undelete|recover|untrash|undo[-_]?delete)$/i;

export const IDIOM_READERS: Readonly<Record<Exclude<keyof Idioms, keyof LifeIdioms>, Reader>> = {
  location({ collection }) {
    const create = collection.create;
    const header = create && headerOf(create.operation, create.success.status, 'location');
    return create && header ? { location: { header: header.name, operation: create.operation } } : {};
  },

  conditional({ collection }) {
    const operations = collectionOperations(collection);
    const etagOn = operations.filter((operation) =>
      operation.responses.some((r) => /^2/.test(r.status) && r.headers.some((h) => h.name.toLowerCase() === 'etag')),
    );
    const ifMatch = operations.flatMap((operation) => {
      const parameter = headerParameter(operation, /^if-match$/i);
      return parameter ? [{ operation, required: parameter.required }] : [];
    });
    const ifNoneMatch = operations.filter((operation) => headerParameter(operation, /^if-none-match$/i));
    return etagOn.length + ifMatch.length + ifNoneMatch.length === 0
      ? {}
      : { conditional: { etagOn, ifMatch, ifNoneMatch } };
  },

  idempotency({ collection, collections = [] }) {
    const operation = collection.create?.operation;
    const parameter = operation && headerParameter(operation, IDEMPOTENCY_HEADER);
    if (!operation || !parameter) return {};
    const conflictStatus = firstDocumented(operation, [422, 409]);
    const replayStatus =
      collection.create?.success.status === 201 && responseFor(operation, 200)?.status === '200' ? 200 : undefined;
    const keyFree = refusalsLeaveKeyFree(operation);
    const keyScope = keyScopeOf(operation, collections);
    return {
      idempotency: {
        header: parameter.name,
        operation,
        ...(conflictStatus ? { conflictStatus } : {}),
        ...(replayStatus ? { replayStatus } : {}),
        ...(keyFree ? { refusalsLeaveKeyFree: keyFree } : {}),
        ...(keyScope ? { keyScope } : {}),
      },
    };
  },

  actions({ collection, contract, corrections, collections = [] }) {
    const itemPath = collection.read?.operation.path ?? collection.remove?.operation.path;
    if (!itemPath) return {};
    const status = statusMember(collection);
    const properties = propertiesOf(collection.read?.item.schema);
    const itemMembers = Object.keys(properties);
    // POST /projects/{id}/issues makes an issue (a child collection's creation), not an action.
    const creations = new Set(collections.flatMap((other) => (other.create ? [other.create.operation] : [])));
    const verbs = contract.operations.filter((operation) => {
      const verb = operation.method === 'POST' ? verbOf(operation.path, itemPath) : undefined;
      return verb !== undefined && !creations.has(operation);
    });
    // The words of the tags its operations carry too ("`completed` and `cancelled` are final").
    const words = [status?.description, ...verbs.map(({ summary }) => summary)];
    const tagged = tagDescriptions(contract, [collection.read?.operation, ...verbs]);
    const final = status ? finalStatesOf(contract, status.values, [...words, ...tagged]) : [];
    const actions = verbs.flatMap((operation): Action[] => {
      const verb = verbOf(operation.path, itemPath);
      if (!verb) return [];
      // One endpoint taking several actions by a member of its body: an action per value.
      const named = namedActionsOf(operation);
      if (named)
        return named.map((action) =>
          namedAction(action, {
            status,
            final,
            correction: corrections(operation.path),
            refusedStatus: firstDocumented(operation, [409, 422]),
            stores: actionStores(operation, itemMembers),
          }),
        );
      const correction = corrections(operation.path);
      const values = (status?.values ?? []).map(String);
      // POST /invoices/{number}/lines adds to the item's `lines`: no verb, and the state its words
      // name ("Appends a line to a `draft` invoice") is where it is allowed, not where it leads.
      const addsEntries = (properties[verb] as { type?: unknown } | undefined)?.type === 'array';
      const stated =
        correction.target ??
        (addsEntries
          ? undefined
          : (values.find((value) => participle(verb).includes(value.toLowerCase())) ??
            (status ? targetFromWords(operation, collection.path, status.values) : undefined)));
      // Where no state is named, a yes/no member the verb names (`archive` sets `archived`).
      const flag = stated === undefined && correction.member === undefined ? flagMoveOf(verb, properties) : undefined;
      const target = stated ?? flag?.target;
      const member = correction.member ?? flag?.member ?? (target !== undefined ? status?.member : undefined);
      const refusedStatus = firstDocumented(operation, [409, 422]);
      const from = flag
        ? refusedStatus && flagSourcesOf(operation, verb, flag)
        : member !== undefined && member === status?.member
          ? actionSourcesOf(contract, operation, status.values, target)
          : member === undefined && status
            ? statedSourcesOf(contract, operation, status.values)
            : undefined;
      return [
        {
          operation,
          verb,
          ...(member !== undefined && target !== undefined ? { member, target } : {}),
          ...(refusedStatus ? { refusedStatus } : {}),
          ...(refusedStatus && member !== undefined && final.length > 0 ? { refusedFrom: final } : {}),
          ...(from ? { from } : {}),
          ...(refusedStatus && takenOnce(operation, verb) ? { once: true as const } : {}),
          ...actionStores(operation, itemMembers),
        },
      ];
    });
    return actions.length === 0 ? {} : { actions };
  },

  asynchronous({ collection }) {
    const create = collection.create?.operation;
    const onlyAccepted = create?.responses.filter((r) => /^2/.test(r.status)).every((r) => r.status === '202');
    if (!create || !onlyAccepted) return {};
    const state = statusMember(collection);
    const terminal = TERMINAL_STATES.map((name) =>
      state?.values.find((value) => String(value).toLowerCase() === name),
    ).find((value) => value !== undefined);
    return {
      asynchronous: {
        operation: create,
        status: 202,
        ...(state && terminal !== undefined ? { member: state.member, terminal } : {}),
      },
    };
  },

  softDelete({ collection, contract, collections = [] }) {
    const read = collection.read?.operation;
    const gone = read && responseFor(read, 410);
    if (!read || gone?.status !== '410') return {};
    const restore = contract.operations.find(
      (operation) => operation.method === 'POST' && RESTORE.test(verbOf(operation.path, read.path) ?? ''),
    );
    // A 410 its words give a parent ("The space is soft-deleted"), not the item: the parent's.
    if (!restore && goneForParent(gone.description, collection, collections)) return {};
    return { softDelete: { operation: read, status: 410, ...(restore ? { restore } : {}) } };
  },

  tallied({ collection, contract }) {
    const tallies = talliesOf(collection, contract.operations);
    return tallies.length > 0 ? { tallied: tallies } : {};
  },

  madeBy({ collection, contract, collections }) {
    const makers = collections ? makersOf(contract.operations, collections, collection) : [];
    return makers.length > 0 ? { madeBy: makers } : {};
  },

  owned({ collection, contract, corrections }) {
    const said = corrections(collection.path).owned;
    if (said === false) return {};
    const operations = [collection.read, collection.replace, collection.update, collection.remove].flatMap((role) =>
      role ? [role.operation] : [],
    );
    if (said) return { owned: { how: 'the model says so', operations } };
    const forbidden = operations.filter(documents403);
    if (forbidden.length === 0) return {};
    if (forbidden.some(speaksOfOwners))
      return { owned: { how: 'a documented 403 that says whose the item is', operations: forbidden } };
    if (listsForbiddenEverywhere(contract.operations)) return {};
    return { owned: { how: 'a documented 403 on its items', operations: forbidden } };
  },
};

const documents403 = (operation: Operation): boolean => responseFor(operation, 403)?.status === '403';

/** Words that say an item belongs to someone: "The booking belongs to another user", "not the owner". */
const OWNERSHIP_WORDS =
  /\b(owner|owners|owns|owned|belongs?|belonging|another (user|account|member|customer)|other users?|private|not yours|your own)\b/i;

const speaksOfOwners = (operation: Operation): boolean =>
  OWNERSHIP_WORDS.test(`${responseFor(operation, 403)?.description ?? ''} ${operation.summary ?? ''}`);

/** A 403 listed on (nearly) every operation of the document says a request may be refused (scopes,
 * rate limits, a suspended account), not that an item is private: GitHub's description lists it on
 * all 244 operations, and its gists, labels and releases are readable by others. */
function listsForbiddenEverywhere(operations: readonly Operation[]): boolean {
  return operations.length >= 3 && operations.filter(documents403).length >= 0.9 * operations.length;
}

export function readIdioms(reading: Reading): Idioms {
  const shape: Idioms = Object.assign({}, ...Object.values(IDIOM_READERS).map((read) => read(reading)));
  // The item's life is read once its actions are known.
  const life = readLifeIdioms({ ...reading, actions: shape.actions ?? [] });
  return { ...shape, ...life };
}
