// What making an item asks for and gives (maker.ts makes them; every scenario asks).
import type { Executed, TestCase } from '../../model.js';

type Item = Record<string, unknown>;

export interface MadeItem {
  readonly executed: Executed;
  readonly testCase: TestCase;
  /** The body the creation sent. */
  readonly sent: unknown;
  readonly item: Item;
  /** The item's id, exact text. */
  readonly id: string;
  /** Path values naming the item (under its parent) for an operation's item parameter. */
  readonly at: (parameter: string) => Record<string, string>;
  readonly parent: Readonly<Record<string, string>>;
  /** Creations refused before this one was made (a service may spend a number on each). */
  readonly refusedBefore?: number;
}

export interface MakeRequest {
  /** What the item is for, in the case's label ("to change and delete"). */
  readonly what: string;
  /** Why it is made, for the generated values' seed. */
  readonly purpose: string;
  readonly parent: Readonly<Record<string, string>>;
  /** Members the item must hold (a product of the order's supplier), where its schema takes them. */
  readonly members?: Readonly<Record<string, unknown>>;
  /** Members tried first but given up after a refusal (a parent's room for the run's children:
   * `capacity` 1000, which its venue may not take). */
  readonly preferred?: Readonly<Record<string, unknown>>;
  /** Made to move its parent on (action-paths.ts): the parent is being moved by the very request
   * that asks, so it is not moved first (that would wait on itself). */
  readonly keepParent?: boolean;
  /** The key a PUT makes the item at, where the client chooses it: taken as is (an item made again
   * at the key of one just deleted). */
  readonly key?: string;
  /** A change to the creation case (an Idempotency-Key header). */
  readonly decorate?: (testCase: TestCase) => TestCase;
}

export type Making = { readonly made: MadeItem } | { readonly refused: string };
