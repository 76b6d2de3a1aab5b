// What a sequence is given to talk to the target with, and how it reads an item from an answer.
import { answeredItem, type CollectionSpec } from '../../../spec/index.js';
import type { Scope } from '../../judge/evaluate.js';
import { idKey, idPathText } from '../../judge/json-body.js';
import type { Executed, ParsedBody, TestCase } from '../../model.js';
import type { Exchange } from '../../send/http.js';
import type { PlanContext } from '../context.js';
import { refusalText } from './fresh-values.js';
import type { MakeRequest, Making } from './making.js';
import type { Reach } from './reach.js';

export interface SequenceRunner {
  /** Sends a case and returns the exchange, unjudged. */
  readonly send: (testCase: TestCase) => Promise<Exchange | undefined>;
  /** Sends, judges and records a case. */
  readonly execute: (testCase: TestCase, scope: Scope) => Promise<Executed | undefined>;
  /** Judges and records an exchange that was already sent. */
  readonly conclude: (testCase: TestCase, exchange: Exchange, body: ParsedBody, scope: Scope) => Executed;
  readonly stopped: () => boolean;
  /** Makes a valid item of a collection (maker.ts), or says why it could not. */
  readonly make: (collection: CollectionSpec, request: MakeRequest) => Promise<Making>;
  /** The body a creation of a new item would send first, unsent (maker.ts). */
  readonly draft: (collection: CollectionSpec, request: MakeRequest) => Promise<unknown>;
  /** Valid creation bodies with references filled (maker.ts), the author's example first. */
  /** Valid creation bodies, their references naming items listed under `parent` where nested. */
  readonly bodies: (
    collection: CollectionSpec,
    count: number,
    purpose: string,
    parent?: Readonly<Record<string, string>>,
  ) => Promise<unknown[]>;
  /** The same, each with fresh values of the purpose's own (keys, names, times no other step sends). */
  readonly freshBodies: (collection: CollectionSpec, count: number, purpose: string) => Promise<unknown[]>;
  /** A new item for a member of the collection's creation to name, made for it: its id, or
   * undefined where none can be made (references-found.ts). */
  readonly freshReference?: (collection: CollectionSpec, member: string) => Promise<unknown>;
  /** The parent item a nested collection's path values name (made by the run, else read once). */
  readonly parentItem: (
    collection: CollectionSpec,
    values: Readonly<Record<string, string>>,
  ) => Promise<Record<string, unknown> | undefined>;
  /** Moves a parent of the run's own into a state the collection's creation needs, where its words
   * lock it ("Tickets are only sold while the event is `on_sale`"): what it did, or undefined. */
  readonly unlockParent: (
    collection: CollectionSpec,
    values: Readonly<Record<string, string>>,
  ) => Promise<string | undefined>;
  /** Members of a creation that name other items, with ids that exist (listed under the parent, or
   * made where none is listed). */
  readonly references: (
    collection: CollectionSpec,
    parent: Readonly<Record<string, string>>,
    fixed?: ReadonlyMap<string, unknown[]>,
  ) => Promise<ReadonlyMap<string, readonly unknown[]>>;
  /** Keeps an item the run made for one scenario out of the listed ones others are given. */
  readonly reserve?: (collection: CollectionSpec, idText: string) => void;
  /** Ids a collection lists now (read once per run). */
  readonly listedIds: (collection: CollectionSpec) => Promise<unknown[]>;
  /** The collection's listed items (under the parent's path values), as the list answers them. */
  readonly listedItems: (
    collection: CollectionSpec,
    parent?: Readonly<Record<string, string>>,
  ) => Promise<Record<string, unknown>[]>;
  /** Where each scenario says what it set out to check and what it reached. */
  readonly reach: Reach;
}

type Item = Record<string, unknown>;

/** The item an answer of the collection holds (unwrapped where its answers wrap it). */
export function itemOf(body: ParsedBody, collection: CollectionSpec): Item | undefined {
  return body.kind === 'json' ? answeredItem(collection, body.value) : undefined;
}

/** Whether a case was answered at all, with a 2xx: a refused creation made no item, whatever its body
 * holds (an error with an `id` member). */
export const succeeded = (executed: Executed | undefined): executed is Executed =>
  executed?.exchange.ok === true && executed.exchange.response.status < 300;

/** The item a scenario's creation made: the item, its id's exact text, and path values naming it
 * (under its parent); undefined where the creation was refused. Marked as the run's own change. */
export function madeItem(
  made: Executed | undefined,
  collection: CollectionSpec,
  context: PlanContext,
  parent: Readonly<Record<string, string>>,
): { item: Item; id: string; at: (parameter: string) => Record<string, string> } | undefined {
  const item = succeeded(made) ? itemOf(made.body, collection) : undefined;
  if (item?.[collection.idProperty] === undefined) return undefined;
  const id = idKey(item, collection.idProperty);
  context.markChangedByRun(collection, id);
  return { item, id, at: (parameter) => ({ ...parent, [parameter]: idPathText(item, collection.idProperty) }) };
}

/** How a case was answered, for a reason a step did not run: "answered 409", "not answered". */
export function answeredAs(executed: Executed | undefined): string {
  return executed?.exchange.ok ? `answered ${executed.exchange.response.status}` : 'not answered';
}

/** How a creation was refused, with the refusal's own words: "answered 422: no such vet". */
export function refusalOf(executed: Executed | undefined): string {
  const words = executed?.exchange.ok ? refusalText(executed.exchange.response.text) : '';
  return `${answeredAs(executed)}${words}`;
}

/** The case with one header set to a value taken from the target's answers (an ETag), replacing any
 * generated value of it. */
/** The ETag an answer carries, where it carries one. */
export const etagOf = (exchange: Exchange | undefined): string | undefined => {
  const value = exchange?.ok ? exchange.response.headers.etag : undefined;
  return typeof value === 'string' ? value : undefined;
};

export function withHeader(testCase: TestCase, name: string, value: string): TestCase {
  const kept = (testCase.parameters ?? []).filter(
    (p) => !(p.in === 'header' && p.name.toLowerCase() === name.toLowerCase()),
  );
  return {
    ...testCase,
    parameters: [...kept, { in: 'header', name, value }],
    fromAnswers: [...(testCase.fromAnswers ?? []), name],
  };
}

/** The body as its case carries it: the words' rules (a check digit) may have set a value anew. */
export function asCarried(testCase: TestCase, body: unknown): unknown {
  return testCase.payload?.kind === 'json' ? testCase.payload.value : body;
}
