// A DELETE whose words keep the item and only move its state: "Cancels the registration; it is not
// removed. Its `status` becomes `cancelled`". After it the item reads as before, in that state, and
// lists stay free to show it; where the words do not say the state, only "not removed" is read.
import type { CollectionSpec } from './collections.js';
import { sentencesOf } from './sentences.js';
import { statusMember } from './state-member.js';

export interface StateDeletion {
  /** The state member and the state the DELETE moves the item to, where the words name one. */
  readonly member?: string;
  readonly to?: unknown;
  readonly words: string;
}

const NOT_REMOVED =
  /\b(?:is|are)\s+not\s+(?:removed|deleted|erased)\b|\b(?:stays|remains|is\s+kept)\s+(?:listed|readable|in\s+the\s+list|stored)\b/i;
const BECOMES = /`?(?:status|state)`?\s+(?:becomes|is\s+set\s+to|changes\s+to|moves\s+to|turns)\s+`([\w-]+)`/i;

/** How the collection's DELETE keeps its items, where its words say it does. */
export function stateDeletionOf(collection: CollectionSpec): StateDeletion | undefined {
  const remove = collection.remove?.operation;
  if (!remove) return undefined;
  const sentences = sentencesOf([remove.summary, remove.description]).map((text) => text.replace(/\s+/g, ' '));
  // "A room with a `booked` reservation is not deleted: 409" refuses a deletion; it keeps nothing.
  const kept = sentences.find((sentence) => NOT_REMOVED.test(sentence) && !/\b4\d\d\b/.test(sentence));
  if (!kept) return undefined;
  const state = statusMember(collection);
  const named = sentences.map((sentence) => BECOMES.exec(sentence)?.[1]).find((value) => value !== undefined);
  const to = state?.values.find((value) => String(value) === named);
  return { ...(state && to !== undefined ? { member: state.member, to } : {}), words: kept.trim() };
}
