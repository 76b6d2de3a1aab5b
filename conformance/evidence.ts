// What a scenario exercised and what its answer must show: the evidence a sequence hands the
// checks beside the exchange (an idiom on one item, a paged walk, an ownership step). Split from
// model.ts, which re-exports it: the runner's records stay one import.

import type { Exchange } from './send/http.js';

/** The parsed response body, computed once per exchange. */
export type ParsedBody =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'empty' }
  | { readonly kind: 'unparseable'; readonly error: string }
  | { readonly kind: 'not-json' };

export interface Creation {
  readonly sent: Record<string, unknown>;
  readonly exchange: Exchange;
  readonly body: ParsedBody;
}

/** A PUT or PATCH of one item: its id and the fields it must now hold. */
export interface ChangeEvidence {
  readonly id: string;
  /** entry: a write below the item that changes what it holds (a cart's line added). */
  readonly kind: 'replace' | 'update' | 'entry';
  /** entry: the write, as "PATCH /carts/{cartId}/lines/{sku}". */
  readonly via?: string;
  readonly expected: Record<string, unknown>;
  /** The change must be refused (a JSON Patch whose test fails) and leave the item `expected`. */
  readonly refused?: boolean;
  /** The item's stamped instants before its first change (createdAt, updatedAt), made at least a
   * second earlier: the creation's must stay, the update's must move on. */
  readonly instantsBefore?: Readonly<Record<string, string>>;
}

/** An idiom the model read, exercised on one item (plan/idioms.ts), and what its answer must show. */
export interface IdiomEvidence {
  readonly idiom:
    | 'idempotent-replay'
    | 'idempotency-conflict'
    | 'if-none-match'
    | 'etag-changes'
    | 'etag-stable'
    | 'stale-if-match'
    | 'action'
    | 'action-refused'
    | 'action-from-state'
    | 'job-completes'
    | 'job-pending'
    | 'job-result-early'
    | 'if-match-missing'
    | 'job-location'
    | 'next-page'
    | 'page-after-last'
    | 'location'
    | 'filter'
    | 'put-replaced'
    | 'put-created'
    | 'restore-live'
    | 'create-only-existing'
    | 'restored'
    | 'restored-as-was'
    | 'copy-kept'
    | 'parent-deleted'
    | 'kept-by-children'
    | 'kept-child'
    | 'number-first'
    | 'number-not-reused'
    | 'number-next'
    | 'values-in-use'
    | 'values-freed'
    | 'values-other-scope'
    | 'values-within-limit'
    | 'interval-touching'
    | 'parent-locked'
    | 'state-locked'
    | 'needs-children'
    | 'needs-member'
    | 'reference-unknown'
    | 'parent-unknown'
    | 'other-parent'
    | 'counts-unchanged'
    | 'state-counts'
    | 'referrer-moved'
    | 'action-too-early'
    | 'limit-reached'
    | 'bound-passed'
    | 'parent-unequal'
    | 'limit-freed'
    | 'key-free-after-refusal'
    | 'key-scoped'
    | 'absent-head'
    | 'head-headers'
    | 'frozen-write'
    | 'missing-delete'
    | 'precondition-missing'
    | 'if-match-star'
    | 'parent-default'
    | 'named-moved'
    | 'named-state-refused'
    | 'amount-moved'
    | 'amount-short'
    | 'deleted-listed'
    | 'precedence'
    | 'children-added'
    | 'prefer-minimal'
    | 'capacity-state'
    | 'values-own'
    | 'parent-touched'
    | 'kept-on-repeat';
  /** Other statuses the words allow beside `expectedStatus` ("`400`/`422`"). */
  readonly orStatuses?: readonly number[];
  /** Response headers the answer must carry (a HEAD's, as its GET sent them). */
  readonly headers?: readonly string[];
  /** The item's id (exact text). */
  readonly id?: string;
  /** The documented status the answer must have (412, 422, 409). */
  readonly expectedStatus?: number;
  /** etag-changes: the ETag before the change; action: the state the member must hold. */
  readonly expected?: unknown;
  /** etag-changes: the change sent. */
  readonly changed?: unknown;
  /** etag-stable: the body of the read that gave the ETag (the tag may change only with it). */
  readonly body?: string;
  readonly member?: string;
  /** filter: the member is a list, matched when it holds the value. */
  /** location: the Location resolved against the creation's URL. */
  readonly resolved?: string;
  readonly contains?: boolean;
  /** counts-unchanged: only the counts `expected` names are judged. */
  readonly partial?: boolean;
  /** next-page: its token is the id of an item the run itself changes or deletes. */
  readonly runItem?: boolean;
  readonly verb?: string;
  /** idempotent-replay: a refusal of the replay is allowed (the words say nothing of replays). */
  readonly refusalAllowed?: boolean;
  /** action: the item's stamped instants read before it (createdAt, updatedAt), made at least a
   * second earlier: the update's must move on. */
  readonly instantsBefore?: Readonly<Record<string, string>>;
  /** action: the members its body carried that its words say it sets on the item, as sent. */
  readonly stored?: Readonly<Record<string, unknown>>;
  /** action: the item's members its words say are null after it. */
  readonly nulled?: readonly string[];
  /** action: other final states, which an item in the expected one never passed through. */
  readonly otherFinals?: readonly unknown[];
  /** action: other actions' states, and the item's members null right before it: the instant of such
   * a state that was null stays null. */
  readonly unreached?: readonly unknown[];
  /** action: the times of other states the item held before it (`confirmedAt` before a cancel), by
   * member: they keep their values. */
  readonly keptBefore?: Readonly<Record<string, unknown>>;
  readonly nullBefore?: readonly string[];
  /** action-from-state: the state the item was in, whether the words let the action start there,
   * and another such state the run saw it taken from. */
  readonly fromState?: unknown;
  readonly allowed?: boolean;
  readonly takenFrom?: unknown;
  /** action-refused: the final state another action left the item in (absent: this action's own). */
  readonly finalState?: unknown;
  /** values-in-use, values-freed: the values sent again, the words that make them unique, and how
   * they were sent (the same, another offset) or the state that freed them. */
  readonly values?: string;
  readonly words?: string;
  /** capacity-state: the item's place among the waiting ones (null where it waits no more). */
  readonly place?: { readonly member: string; readonly expected: number | null };
  readonly how?: string;
  /** values-within-limit: how many items may hold the values, and whether the run made their scope
   * itself (no item made before holds them: a refusal is then a fault). */
  readonly limit?: number;
  readonly exact?: boolean;
  /** Values of references outside a uniqueness rule that may hold one item each: a conflict naming
   * one is theirs, not the rule's. */
  readonly heldElsewhere?: readonly string[];
  /** filter: every item the filtered list showed (all pages), and whether that was all of it;
   * deleted-listed: whether the walk ended (an item missing from one cut short says nothing). */
  readonly items?: readonly Record<string, unknown>[];
  readonly complete?: boolean;
}

/** A paged list walked to its end (plan/scenarios/pages.ts), judged by api_idioms_honoured. */
export interface WalkEvidence {
  /** How many items the pages held together, and whether the walk reached the end. */
  readonly count: number;
  readonly complete: boolean;
  /** The total each page stated (member or header), in page order. */
  readonly totals: readonly number[];
  /** The query of a page the service pointed to a second time (a walk that would never end). */
  readonly repeatedQuery?: string;
  /** The first page's items and the limit its request asked for (the later pages are judged as
   * they come, by next-page). */
  readonly firstPage?: { readonly count: number; readonly limit: number };
  /** The run's last list, read when none of its own writes were under way (totals are judged only
   * then: a creation running alongside moves them). */
  readonly settled: boolean;
  /** Ids the walk met on more than one page of a cursor walk (a cursor that hands an item again). */
  readonly repeatedIds?: readonly string[];
}

/** One step of the object-level authorization scenario (plan/scenarios/ownership.ts). */
export interface OwnershipEvidence {
  readonly step: 'no-second-credential' | 'other-user' | 'owner-still-has';
  /** The item's id (exact text). */
  readonly id?: string;
  /** The first user's request that made the item. */
  readonly madeBy: string;
  /** What the first user sent: the item must still hold it. */
  readonly sent?: Record<string, unknown>;
}

export interface SequenceEvidence {
  /** The answer of a POST that made an item of the scope's collection elsewhere (a checkout's order). */
  readonly madeElsewhere?: boolean;
  /** The list's pages, walked to the end. */
  readonly walk?: WalkEvidence;
  /** A step of the object-level authorization scenario: judged by object_level_authorization alone. */
  readonly ownership?: OwnershipEvidence;
  /** An idiom exercised on one item: judged by api_idioms_honoured alone. */
  readonly idiom?: IdiomEvidence;
  /** What was sent in each creation and what came back. */
  readonly creations?: readonly Creation[];
  /** The list before the first creation and after the last, when they could be read. */
  readonly before?: readonly Record<string, unknown>[];
  readonly after?: readonly Record<string, unknown>[];
  /** Whether `after` is the whole list: every page walked to the end the answers told. */
  readonly complete?: boolean;
  /** Whether `after` came from more than one page: a cap on one answer (maxItems) is no cap on it. */
  readonly pagedPastFirst?: boolean;
  /** The filter values the list was read with, by member (a filter the list requires): items off
   * them are rightly not in `before` or `after`. */
  readonly narrowedTo?: Readonly<Record<string, readonly string[]>>;
  /** A write the model says the run's own items may rightly hold off: a change into a span another
   * item holds (an interval rule), a deletion while items name it (keptByChildren). Its documented
   * refusal is then a note, not a refusal of valid input. */
  readonly heldByOwnItems?: 'interval' | 'referrers';
  /** For a read-back of one created item: its id (exact digits) and what was sent to create it. */
  readonly readBack?: { readonly id: string; readonly sent: Record<string, unknown> };
  /** For the client-sent id sequence: the existing id the client tried to take (its exact digits). */
  readonly collidingId?: string;
  /** For a read after PUT or PATCH: the item's id and the fields it must now hold. */
  readonly afterChange?: ChangeEvidence;
  /** For the answer of a PUT or PATCH itself, where the answer is the item. */
  readonly changeAnswer?: ChangeEvidence;
  /** Bodies of creations refused for their credentials (401 or 403): none may be listed. */
  readonly refused?: readonly Record<string, unknown>[];
  /** Bodies of creations refused as invalid (a 4xx): none may be listed either. */
  readonly refusedInvalid?: readonly Record<string, unknown>[];
  /** For a read after DELETE: the id of the item removed. */
  /** After DELETE: the item's id, and the status the document gives deleted items where it gives
   * one (410, soft deletion) rather than the 404 of an unknown id. */
  readonly afterRemove?: {
    readonly id: string;
    readonly goneStatus?: number;
    /** The words keep the deleted item readable: its deletion time (or '' where it has none) is set. */
    readonly readableWith?: string;
  };
  /** For a list or read under another parent: the children created under the first (id and what
   * was sent), which belong to that parent only. */
  readonly otherParent?: { readonly children: ReadonlyMap<string, Record<string, unknown>> };
  /** A parent read after the run's creations under it: the members that count the child collection
   * and how many items that list held (twice, the same) around the read. */
  readonly childCount?: { readonly members: readonly string[]; readonly listed: number; readonly child: string };
  /** A parent read after the run made or deleted one child under it: each total's expected value. */
  readonly childTotals?: {
    readonly expected: Readonly<Record<string, number>>;
    /** Each total as read before the child was made. */
    readonly before: Readonly<Record<string, unknown>>;
    readonly child: string;
    readonly step: string;
  };
}
