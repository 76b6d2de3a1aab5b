// Words that freeze an item its deletion keeps: "A deleted project is read-only: replacing or
// changing it, creating ... its issues ... are answered `409` until the project is restored". Read
// from the DELETE's words and the overview's, in a sentence naming a deleted item of the collection
// and a refusal status. The runner then changes a deleted item of its own, and makes a child under
// it: each must get the refusal.
import type { Contract } from '../contract/types.js';
import type { CollectionSpec } from './collections.js';
import { resourceWordPattern } from './references.js';
import { sentencesOf } from './sentences.js';

export interface FrozenDeletion {
  readonly status: number;
  readonly words: string;
  /** Said on the change alone ("A soft-deleted task cannot be changed"): children made under the
   * deleted item are refused only where their own creation's words say so. */
  readonly changesOnly?: true;
}

const FROZEN =
  /\b(?:is|are|becomes?|stays?)\s+read-only\b|\bcannot be (?:changed|modified|updated|written to)\b|\bno (?:changes|writes)\b/i;

/** The refusal of writes on a deleted item the words give, where they give one. */
export function frozenDeletionOf(collection: CollectionSpec, contract: Contract): FrozenDeletion | undefined {
  const remove = collection.remove?.operation;
  if (!remove) return undefined;
  const info = (contract.document.info ?? {}) as { description?: unknown };
  const noun = resourceWordPattern(collection);
  const deleted = new RegExp(`\\b(?:soft-)?deleted\\s+${noun}s?\\b`, 'i');
  // The change's own words too: "A soft-deleted task cannot be changed: ... `409`" on its PATCH.
  const whole = [
    remove.summary,
    remove.description,
    typeof info.description === 'string' ? info.description : undefined,
  ];
  const changes = [collection.update?.operation.description, collection.replace?.operation.description];
  for (const [texts, changesOnly] of [
    [whole, false],
    [changes, true],
  ] as const) {
    for (const sentence of sentencesOf(texts)) {
      if (!deleted.test(sentence) || !FROZEN.test(sentence)) continue;
      const status = /\b(409|423|410|422|403)\b/.exec(sentence)?.[1];
      const words = sentence.replace(/\s+/g, ' ').trim();
      if (status) return { status: Number(status), words, ...(changesOnly ? { changesOnly: true as const } : {}) };
    }
  }
  return undefined;
}

/** The refusal of a second DELETE of an item already deleted, where the DELETE's words give one:
 * "Deleting a project that is already deleted is answered `409`". */
export function deletedAgainOf(collection: CollectionSpec): FrozenDeletion | undefined {
  const remove = collection.remove?.operation;
  if (!remove) return undefined;
  for (const sentence of sentencesOf([remove.summary, remove.description])) {
    if (!/\balready\s+(?:been\s+)?(?:soft-)?deleted\b/i.test(sentence)) continue;
    const status = /\b(409|410|404|422)\b/.exec(sentence)?.[1];
    if (status) return { status: Number(status), words: sentence.replace(/\s+/g, ' ').trim() };
  }
  return undefined;
}

/** The refusal of a DELETE of an item that does not exist, where the DELETE's words give one:
 * "Deleting a workspace that does not exist answers `404`". A hard deletion's second DELETE meets
 * that item: many services answer 204 again, so only the words make it a rule. */
export function missingDeletionOf(collection: CollectionSpec): FrozenDeletion | undefined {
  const remove = collection.remove?.operation;
  if (!remove) return undefined;
  for (const sentence of sentencesOf([remove.summary, remove.description])) {
    if (!/\b(?:does not|doesn't|do not|don't|no longer) exists?\b|\bnon-?existent\b|\bunknown\b/i.test(sentence))
      continue;
    const status = /\b(404|410)\b/.exec(sentence)?.[1];
    if (status) return { status: Number(status), words: sentence.replace(/\s+/g, ' ').trim() };
  }
  return undefined;
}

/** Whether a child's creation words refuse it under a deleted parent: "Time cannot be logged on a
 * soft-deleted task (`409`)". */
export function refusedUnderDeleted(child: CollectionSpec, parent: CollectionSpec): boolean {
  const noun = resourceWordPattern(parent);
  const deleted = new RegExp(`\\b(?:soft-)?deleted\\s+${noun}s?\\b`, 'i');
  return sentencesOf([child.create?.operation.description]).some(
    (sentence) =>
      deleted.test(sentence) &&
      /\b(?:cannot|can't|may not|not allowed|refused|rejected)\b/i.test(sentence) &&
      /\b4\d\d\b/.test(sentence),
  );
}
