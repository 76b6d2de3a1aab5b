// The behaviours the mock binds to operations, as records: what each kind of handler is given.

import type {
  CallerNames,
  ClearedInstant,
  CollectionSpec,
  DerivedTime,
  FilledIn,
  ItemView,
  JsonSuccess,
  KeptByChildren,
  LineAmount,
  NamedEffect,
  NamedState,
  Operation,
  ParentItem,
  ParentLock,
  ReferenceDefault,
  ReferencedBound,
  ReferrerEffect,
  ReferrerLimit,
  SchemaValidator,
  SpanOrder,
} from '../../spec/core.js';
import type { AddedChildren } from './added-children.js';
import type { Recount } from './counts.js';
import type { EntryShape } from './entries.js';
import type { AppendBehaviour, EntryBehaviour, TallyBehaviour } from './entry-types.js';
import type { ItemFormulas } from './formula-values.js';
import { siblingText } from './item-values.js';
import type { JobReadBehaviour, JobStartBehaviour } from './job-types.js';
import type { ListPages } from './list-pages.js';
import type { MinimalAnswer } from './minimal-answers.js';
import type { MemberReference, ParentDefaulted } from './named-references.js';
import { once } from './once.js';
import type { ParentEquals } from './parent-equals.js';
import type { ParentLockBehaviour } from './parent-locks.js';
import type { ReferrerRecount } from './referrer-counts.js';
import type { PreparedAnswer } from './respond.js';
import type { CountStep } from './stepped-counts.js';
import type { UniqueValues } from './unique-values.js';

export type * from './entry-types.js';
export type * from './job-types.js';

/** The Content-Type of a stateful answer: the media type the document gives its success. */
export type AnswerHeaders = Readonly<Record<string, string>>;

export function answerHeaders(success: JsonSuccess | undefined): AnswerHeaders {
  const mediaType = success?.mediaType ?? 'application/json';
  return { 'Content-Type': mediaType === 'application/json' ? 'application/json; charset=utf-8' : mediaType };
}

/** The member an answer wraps its one item in (DigitalOcean's {"droplet": {...}}); absent: bare.
 * `siblings`: the JSON of the other members such an answer requires (`"links":{…}`), or ''. */
export type Wrapped = { readonly wrap?: string; readonly siblings?: () => string };

export const wrapOf = (view: ItemView | undefined): Wrapped =>
  view?.member !== undefined ? { wrap: view.member, siblings: once(() => siblingText(view)) } : {};

export interface ListBehaviour {
  readonly kind: 'list';
  readonly collection: string;
  readonly status: number;
  readonly headers: AnswerHeaders;
  /** An envelope or paging to answer in; absent: the store's whole list as a bare array. */
  readonly pages?: ListPages;
  readonly owned?: boolean;
  /** The query switch that lists kept deleted items too (kept-deletions.ts). */
  readonly deletedSwitch?: string;
  /** A view under a parent's path: only the items whose `member` is the path's `parameter`. */
  readonly within?: { readonly member: string; readonly parameter: string };
}

/** Idioms on a resource's answers: conditional requests (conditional.ts), soft deletion, ownership. */
export interface Conditional {
  /** Items belong to the credential that made them (owners.ts): each credential has its own. */
  readonly owned?: boolean;
  /** Send the item's ETag (and honour If-None-Match on reads, If-Match on changes). */
  readonly etag?: boolean;
  /** Deleted items answer 410 where the document lists it for reads. */
  readonly softDelete?: boolean;
  /** Deleted items stay readable, stamped, where the DELETE's words say so. */
  readonly readsDeleted?: boolean;
}

export interface InitialValues {
  readonly assigned: Readonly<Record<string, unknown>>;
  readonly fallback: Readonly<Record<string, unknown>>;
}

/** A child's creation moving its parent's state ("the order's `status` becomes `paid`"). */
export interface ParentMove {
  readonly parent: string;
  readonly parameter: string;
  readonly member: string;
  readonly state: unknown;
  readonly stamps: ActionBehaviour['stamps'];
  /** The parent's states it moves from, where the words limit it ("on an `open` ticket"). */
  readonly from?: readonly string[];
}

export interface CreateBehaviour extends Wrapped, Conditional {
  /** The parent states the words allow this write in (parent-locks.ts). */
  readonly parentLock?: ParentLockBehaviour;
  /** Members the words compute from the item's others (formula-values.ts). */
  readonly formulas?: ItemFormulas;
  /** Counts on other items the write moves by one (stepped-counts.ts). */
  readonly countSteps?: readonly CountStep[];
  /** How many items may name one item (referrer-limits.ts). */
  readonly limits?: readonly ReferrerLimit[];
  /** Lists the body may send whose entries a POST below the item also adds (entries.ts). */
  readonly entryShapes?: readonly EntryShape[];
  readonly kind: 'create';
  /** Times the words derive from others (`dueAt` = `loanedAt` + 14 days), set on every creation. */
  readonly derived?: readonly DerivedTime[];
  /** The header that carries an idempotency key, and the status for the same key with another body. */
  readonly idempotency?: { readonly header: string; readonly conflictStatus: number; readonly replayStatus?: number };
  /** The item path template a Location header names (where the document gives one). */
  readonly location?: string;
  readonly collection: string;
  readonly status: number;
  readonly headers: AnswerHeaders;
  readonly storedProperties: readonly string[];
  /** Whether a sent value can be stored (it fits the answer's schema; else the fallback stands). */
  readonly keeps: (property: string, value: unknown) => boolean;
  /** Values besides the client's: the service's assigned ones, and fallbacks for what the answer
   * requires but a request may leave out (drawn on first use). */
  readonly initialValues: (body?: unknown) => InitialValues;
  /** Stored property → the request's name for it, where the request spells it another way. */
  readonly sentNames?: ReadonlyMap<string, string>;
  /** The item is made at the key the client sends in this member; a key in use gets `conflictStatus`,
   * and so does one a deleted item keeps where the words say so (`heldWhenDeleted`: "Its slug stays
   * taken"). */
  readonly clientKey?: { readonly property: string; readonly conflictStatus: number; readonly heldWhenDeleted?: true };
  /** Values one live item at a time may hold (the document's words): another's get the conflict. */
  readonly unique?: readonly UniqueValues[];
  /** Spans whose end the words order after their start ("`endsAt` must be strictly later than
   * `startsAt`"): a body breaking one gets its documented refusal. */
  readonly spanOrders?: readonly SpanOrder[];
  /** Members naming other collections' items: an unknown one refused (named-references.ts). */
  readonly references?: readonly MemberReference[];
  /** Members whose default is the parent's value (named-references.ts). */
  readonly parentDefaults?: ParentDefaulted;
  /** Members whose default an item the body names holds (named-references.ts fromNamed). */
  readonly referenceDefaults?: readonly ReferenceDefault[];
  /** What the creation does to the items its new item names ("The copy becomes `on_loan`"), with
   * the counts others keep of them (named-life.ts). */
  readonly namedMoves?: readonly NamedEffect[];
  readonly namedReferred?: ReadonlyMap<string, readonly ReferrerRecount[]>;
  /** What the service fills in on each new item: times now, later states' times null, the parent. */
  readonly filled?: FilledIn;
  /** The caller's login, for the owner-like members filled in (from the current-user operation). */
  readonly caller?: () => CallerNames | undefined;
  /** The parent members that count this collection's items. */
  readonly recount?: Recount;
  /** Counts on other collections' items of the items of this one that name them (productCount). */
  readonly referred?: readonly ReferrerRecount[];
  /** An item made from another (a checkout's order from its cart): the members both have, copied. */
  readonly copiesFrom?: CopiedSource;
  /** The action a POST that makes an item elsewhere takes on its source (a checkout moves its cart
   * to `checked_out`), and the source's member that then names the made item (`orderId`). */
  readonly sourceAction?: ActionBehaviour;
  readonly sourceNaming?: string;
  /** The parent state the creation moves its parent into (parent-moves.ts). */
  readonly parentMove?: ParentMove;
  /** Members it must send equal to its parent's (parent-equals.ts). */
  readonly parentEquals?: ParentEquals;
  /** Numbers the body's words bound by a member of the item it names (referenced-bounds.ts). */
  readonly bounds?: readonly ReferencedBound[];
}

/** The item a POST's path names whose members a new item of another collection copies. */
export interface CopiedSource {
  readonly collection: string;
  readonly parameter: string;
  readonly members: readonly string[];
  /** The fewest entries the new item's lists take (minItems), and the status for fewer. */
  readonly fewest: Readonly<Record<string, number>>;
  readonly refusedStatus: number;
}

export interface ReadBehaviour extends Wrapped, Conditional {
  /** An accepted job's item: read once, it moves to the state it ends in. */
  readonly completes?: {
    readonly member: string;
    readonly terminal: unknown;
    /** What the job holds once done besides its state (its `completedAt`, its `result`). */
    readonly doneValues?: () => Record<string, unknown>;
  };
  readonly kind: 'read';
  readonly collection: string;
  readonly status: number;
  readonly headers: AnswerHeaders;
  readonly parameter: string;
}

/** What a move of an item's state member stamps and empties (state-moves.ts). */
export interface StateMoves {
  readonly member: string;
  /** The instants each state stamps when an item moves into it. */
  readonly stamps: ReadonlyMap<unknown, readonly { readonly name: string; readonly date: boolean }[]>;
  readonly cleared: readonly ClearedInstant[];
}

/** Items naming an item that a write of it moves, and the counts their moves change. */
export interface ReferrerMoves {
  readonly moves: readonly ReferrerEffect[];
  readonly referred: ReadonlyMap<string, readonly ReferrerRecount[]>;
}

/** PUT, PATCH or DELETE on an item: replaced, merged or removed; 404 when there is none. */
export interface ItemChangeBehaviour extends Wrapped, Conditional {
  readonly kind: 'replace' | 'update' | 'remove';
  /** A deletion that keeps the item, its deletion time stamped (kept-deletions.ts). */
  readonly keepsDeleted?: { readonly stamp?: string };
  /** The parent states the words allow this write in (parent-locks.ts). */
  readonly parentLock?: ParentLockBehaviour;
  /** Members the words compute from the item's others (formula-values.ts). */
  readonly formulas?: ItemFormulas;
  /** Members counting the item's changes, one more on each (change-counts.ts). */
  readonly changeCounters?: readonly string[];
  /** The bodiless answer a `Prefer: return=minimal` gets (minimal-answers.ts). */
  readonly minimal?: MinimalAnswer;
  /** The instants a move of the state member stamps and empties (state-moves.ts). */
  readonly stateMoves?: StateMoves;
  /** Children a change of named members adds (added-children.ts). */
  readonly addedChildren?: readonly AddedChildren[];
  /** Counts on other items the write moves by one (stepped-counts.ts). */
  readonly countSteps?: readonly CountStep[];
  /** Members naming other collections' items: an unknown one refused (named-references.ts). */
  readonly references?: readonly MemberReference[];
  readonly collection: string;
  readonly status: number;
  readonly headers: AnswerHeaders;
  readonly parameter: string;
  readonly storedProperties: readonly string[];
  /** Stored property → the request's name for it, where the request spells it another way. */
  readonly sentNames?: ReadonlyMap<string, string>;
  /** The members some view of the item holds as an object (a related object a change may name by a
   * scalar: changes.ts holdable). Read at binding, not per request. */
  readonly objectMembers: ReadonlySet<string>;
  /** Properties the service assigned at creation: a replacement keeps them. */
  readonly assignedProperties: () => readonly string[];
  /** Whether the documented success answers the item (else the status alone). */
  readonly answersItem: boolean;
  /** What an item must be (the create operation's answer), checked after the change. */
  readonly itemValidator?: SchemaValidator;
  /** Values one live item at a time may hold, where this change documents the conflict too. */
  readonly unique?: readonly UniqueValues[];
  /** Every view of the item (the create's answer, the read's, the list's items): what a change
   * leaves out and one of them requires is kept from the old item. */
  readonly itemViews: readonly SchemaValidator[];
  /** Whether a sent value can be the item's (a replacement stores only those, as a creation does). */
  readonly keeps?: (property: string, value: unknown) => boolean;
  /** The instants a change moves on (updatedAt), where the item has them. */
  readonly filled?: FilledIn;
  readonly caller?: () => CallerNames | undefined;
  readonly recount?: Recount;
  readonly referred?: readonly ReferrerRecount[];
  /** A DELETE the words refuse while the item has children: the child collection and the status. */
  readonly keptBy?: readonly KeptByChildren[];
  /** The items naming it that a DELETE moves ("Every `active` enrollment of the learner becomes
   * `cancelled`"), with the counts kept by their state (action-life.ts). */
  readonly deletionMoves?: ReferrerMoves;
  /** A change or deletion the words allow only in some of the item's states, and its refusal. */
  readonly stateLock?: ParentLock;
  /** A PUT that replaces (its words say so): what each optional member left out becomes. */
  readonly resets?: Readonly<Record<string, unknown>>;
  /** A PUT at a key the client chooses that no item has makes the item there, answered `status`. */
  readonly upsert?: {
    readonly status: number;
    readonly initialValues: (body?: unknown) => InitialValues;
    /** The 201 documents a Location: the item's own URL, the one the PUT named. */
    readonly location?: boolean;
  };
}

/** POST on an item's verb (/bookings/{id}/cancel): moves `member` to `target`; refused with
 * `refusedStatus` where the item is there already. */
export interface ActionBehaviour extends Wrapped, Conditional {
  readonly kind: 'action';
  /** Members counting the item's changes, one more on each (change-counts.ts). */
  readonly changeCounters?: readonly string[];
  /** The instants a move of the state member stamps and empties (state-moves.ts). */
  readonly stateMoves?: StateMoves;
  /** Children a change of named members adds (added-children.ts). */
  readonly addedChildren?: readonly AddedChildren[];
  /** Counts on other items the write moves by one (stepped-counts.ts). */
  readonly countSteps?: readonly CountStep[];
  /** Counts the items its lines name move by each line's amount (line-amounts.ts). */
  readonly lineAmounts?: readonly LineAmount[];
  readonly collection: string;
  readonly status: number;
  readonly headers: AnswerHeaders;
  readonly parameter: string;
  readonly member: string;
  readonly target?: unknown;
  /** The action leaves the item's state as it is (a renewal): `member` is only checked (`from`). */
  readonly keepsState?: true;
  readonly refusedStatus?: number;
  /** States the document calls final: from them the action is refused with `refusedStatus`. */
  readonly refusedFrom?: readonly unknown[];
  /** The states the words start it from ("`draft` or `submitted` → `cancelled`"): from any other it
   * is refused with `refusedStatus`. */
  readonly from?: readonly unknown[];
  readonly answersItem: boolean;
  /** A restore: a softly deleted item back (`refusedStatus` for a live one); `member` unused. */
  readonly restores?: boolean;
  /** The deletion time a restore clears. */
  readonly clears?: string;
  /** Members the action's words say are null after it ("`archivedAt` becomes null"). */
  readonly nulls?: readonly string[];
  /** Taken once per item ("A loan already returned answers 409"): refused where its instant is set. */
  readonly once?: true;
  /** The action empties instants of its own and moves no state (an unarchive sets `archivedAt` back
   * to null): refused where they are empty already. */
  readonly empties?: true;
  /** The parent members that count the collection's items (a restore counts again). */
  readonly recount?: Recount;
  /** The instants the move stamps now: the target state's own (closedAt for closed), and the
   * update instants (updatedAt). */
  readonly stamps?: readonly { readonly name: string; readonly date: boolean }[];
  /** The item's time that must have passed before the action is taken ("only once `endsAt` has
   * passed"), refused with `refusedStatus` before it. */
  readonly waitsFor?: string;
  /** The items naming this one that the action moves ("every `pending` order of the event becomes
   * `cancelled`"), and the counts their moves change. */
  readonly moves?: readonly ReferrerEffect[];
  readonly referred?: ReadonlyMap<string, readonly ReferrerRecount[]>;
  /** The counts on other items this collection's moves change (tickets in paid orders). */
  readonly ownReferred?: readonly ReferrerRecount[];
  /** What it does to and asks of the items its item names, itself or through children
   * (named-life.ts), and the child it needs first. */
  readonly namedMoves?: readonly NamedEffect[];
  readonly namedAsks?: readonly NamedState[];
  readonly needsChild?: { readonly child: string; readonly status: number };
  /** A member of the item the words refuse it without ("while no technician is assigned"). */
  readonly needsMember?: { readonly member: string; readonly status: number };
}

/** Any other operation: its documented success, answered as prepared from the document (on the
 * first request: generating every answer of a large document would hold up the start). */
export interface RespondBehaviour {
  readonly kind: 'respond';
  readonly status: number;
  answer(): PreparedAnswer;
}

/** One operation taking several actions by a body member (chosen-actions.ts). */
export interface ChoiceBehaviour {
  readonly kind: 'choice';
  /** The success of the first action (each answers the item the same way). */
  readonly status: number;
  /** The body member naming the action, and each value's behaviour. */
  readonly member: string;
  readonly choices: Readonly<Record<string, ActionBehaviour>>;
}

export type Behaviour =
  | AppendBehaviour
  | EntryBehaviour
  | ListBehaviour
  | CreateBehaviour
  | ReadBehaviour
  | ItemChangeBehaviour
  | ActionBehaviour
  | RespondBehaviour
  | JobStartBehaviour
  | JobReadBehaviour
  | TallyBehaviour
  | ChoiceBehaviour;

export interface Bindings {
  readonly behaviours: ReadonlyMap<Operation, Behaviour>;
  readonly collections: readonly CollectionSpec[];
  /** The items an operation's path names above itself, checked before its behaviour runs. */
  readonly parents: ReadonlyMap<Operation, readonly ParentItem[]>;
  /** Who the caller is, where the document has a current-user operation (read on first use). */
  readonly caller: () => CallerNames | undefined;
}

/** A request body read but not judged yet (a handler's receiveBody). */
export interface ReceivedBody {
  /** The text of a JSON or form body; undefined for other media types or a body left out. */
  readonly text: string | undefined;
  /** Parsed and validated (400 otherwise), on each call. */
  value(): unknown;
  /** value(), with a refusal returned (a MockHttpError) instead of thrown. */
  judged(): unknown;
}
