// The shape of a partial update the item scenario sends, and of the planners that choose one
// (partial-updates.ts, partial-states.ts).

import type { ClearedInstant } from '../../../spec/index.js';

type Item = Record<string, unknown>;

export interface PartialUpdate {
  readonly body: Item | Item[];
  /** The stored fields the item holds after it (a null: absent or null, which read the same). */
  readonly expected: Item;
  readonly what: string;
  /** Sent to be refused (a JSON Patch whose test fails): the item must stay `expected`. */
  readonly refused?: boolean;
  /** The media type it goes as, where not the operation's first (a merge patch beside plain JSON). */
  readonly mediaType?: string;
  /** A move the item's state may rightly refuse (back to a state it left): a documented conflict is
   * the item's state, not a refusal of the input. */
  readonly stateMayRefuse?: boolean;
}

export interface StepInput {
  readonly current: Item;
  /** Another valid creation body, where the new values come from. */
  readonly fresh: Item;
  /** The body the item was made from: values of members the fresh body leaves out. */
  readonly earlier: Item;
  /** Properties the item's schema requires: never removed. */
  readonly required: ReadonlySet<string>;
  readonly accepts: (body: Item | Item[]) => boolean;
  /** Whether the item can hold this value of a member (a null where its schema allows one). */
  readonly keeps: (name: string, value: unknown) => boolean;
  /** The defaults the item's members take where a creation leaves them out. */
  readonly defaults: Readonly<Record<string, unknown>>;
  /** The item's state member (status, state) and its values, where it has one. */
  readonly state?: { readonly member: string; readonly values: readonly unknown[] };
  /** Instants the words make null in some states ("null while it is open"). */
  readonly cleared?: readonly ClearedInstant[];
  /** Members the change's words say a null clears ("send `null` to unassign"). */
  readonly nullClears?: ReadonlySet<string>;
}

export type Planner = (input: StepInput) => PartialUpdate | undefined;
