// The behaviours of reads and writes on an item's parts: an entry added to one of its lists
// (appends.ts), and a count of a collection's items by a member (tallies.ts).
import type { ParentLock } from '../../spec/core.js';

/** What an entry takes from the item one of its members names. */
export interface EntryReference {
  readonly member: string;
  readonly collection: string;
  /** Members of the entry the request does not send, copied from that item's member: its own name
   * (`name`), or the unit form's plain one (`unitPrice` from `price`). */
  readonly copies: readonly { readonly to: string; readonly from: string }[];
}

/** A POST below an item that adds an entry to one of its lists and answers the item (appends.ts). */
export interface AppendBehaviour {
  readonly kind: 'append';
  readonly collection: string;
  readonly parameter: string;
  /** The item's list the entry goes into. */
  readonly member: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly references: readonly EntryReference[];
  /** The entry's required numbers no request sends (lineTotal): worked out by the sums. */
  readonly derived: readonly string[];
  /** The most entries the list's schema holds (`maxItems`), and the documented refusal of one more. */
  readonly mostEntries?: { readonly count: number; readonly status: number };
  /** The members an entry holds: what else a request sends is ignored (not stored). */
  readonly entryMembers?: readonly string[];
  /** The entry's required strings no request sends (its `id`): the service's own, unique. */
  readonly minted?: readonly { readonly name: string; readonly schema: Readonly<Record<string, unknown>> }[];
  /** The one of them that numbers the entry within its item (`lineNo`): highest ever used + 1. */
  readonly numbered?: string;
  /** The status for an entry naming an item that does not exist. */
  readonly unknownStatus: number;
  /** The entry member the words keep one entry per ("at most one line per `sku`"): an entry for a
   * value held already merges into it, its numbers added, answered `mergedStatus`. */
  readonly uniqueBy?: string;
  readonly mergedStatus?: number;
  /** The entry's numbers' maxima a merge may not pass, and the documented refusal of one that would. */
  readonly mergeMaxima?: Readonly<Record<string, number>>;
  readonly mergeRefusal?: number;
  /** The item's states that allow the write (said-rules.ts). */
  readonly stateLock?: ParentLock;
}

/** A change or removal of one entry of an item's list (PATCH or DELETE
 * /carts/{cartId}/lines/{lineNo}), answering the item or nothing (appends.ts). */
export interface EntryBehaviour extends Omit<AppendBehaviour, 'kind'> {
  readonly kind: 'entry';
  readonly method: 'PATCH' | 'PUT' | 'DELETE';
  /** The path parameter naming the entry, and the entry's member it matches (`lineNo`). */
  readonly entryParameter: string;
  readonly key: string;
  /** Whether the success answers the item (else it has no body). */
  readonly answersItem: boolean;
}

/** A read that counts a collection's items by a member (tallies.ts). */
export interface TallyBehaviour {
  readonly kind: 'tally';
  readonly collection: string;
  readonly member: string;
  readonly values: readonly string[];
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
}
