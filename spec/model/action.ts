// An action on an item, as the model reads it: its operation, its verb, the member and state it
// moves the item to, where it starts from and what it sets.
import type { Operation } from '../contract/types.js';

export interface Action {
  readonly operation: Operation;
  readonly verb: string;
  /** The member the action moves and the value it moves it to, where read. */
  readonly member?: string;
  readonly target?: unknown;
  /** The documented status for an action the item's state forbids (409, 422). */
  readonly refusedStatus?: number;
  /** States the document's words call final (final-states.ts): from them this action is refused
   * with `refusedStatus`, whatever state it would move the item to. */
  readonly refusedFrom?: readonly unknown[];
  /** The states the document's words let it start from ("`draft` or `submitted` → `cancelled`",
   * action-sources.ts), where they draw them. */
  readonly from?: readonly unknown[];
  /** Members of its body its words say it sets on the item ("Sets ... grade", action-stores.ts). */
  readonly sets?: readonly string[];
  /** Members of the item its words say are null after it ("`archivedAt` ... become null"). */
  readonly nulls?: readonly string[];
  /** Its words allow it once per item ("Returns `409` if the loan was already returned (a loan is
   * returned at most once)"): taken again, it gets `refusedStatus`, whatever state member it has. */
  readonly once?: true;
}

/** "409 if the loan was already returned", "at most once", "can only be returned once". */
const ONCE = /\b(?:already|at most once|only once|more than once|a second time|twice)\b/i;

/** Whether the action's words allow it once per item, with a documented refusal in the same clause
 * or beside "at most once". */
export function takenOnce(operation: Operation, verb: string): boolean {
  const words = `${operation.summary ?? ''}. ${operation.description ?? ''}`;
  const stem = verb.toLowerCase().replace(/e$/, '');
  return words
    .split(/(?<=[.;])\s+/)
    .some(
      (clause) =>
        ONCE.test(clause) &&
        /\b(?:409|422|refused|rejected)\b/i.test(clause) &&
        new RegExp(`\\b${stem}(?:e|ed|d|ing)?\\b`, 'i').test(clause),
    );
}
