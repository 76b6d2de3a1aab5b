// Words that scope an idempotency key to the parent in the creation's path: "Keys are scoped to the
// warehouse", "The same key may be used independently in another event". A key used under one
// parent then means nothing under another: the same key there makes a new item, never a replay of
// the first parent's item.
import type { Operation } from '../contract/types.js';
import type { CollectionSpec } from './collections.js';
import { parentOfPath } from './parents.js';
import { resourceWordPattern } from './references.js';
import { sentencesOf } from './sentences.js';

export interface KeyScope {
  /** The path parameter naming the parent the key is scoped to. */
  readonly parameter: string;
  readonly words: string;
}

const KEY = /\bkeys?\b|\bidempoten/i;

/** The parent the creation's words scope its idempotency key to, where they do. */
export function keyScopeOf(operation: Operation, collections: readonly CollectionSpec[]): KeyScope | undefined {
  const parent = parentOfPath(operation.path, collections);
  if (!parent) return undefined;
  const noun = resourceWordPattern(parent.collection);
  const scoped = new RegExp(
    `\\bscoped\\s+(?:to|per|by|within)\\s+(?:the\\s+|each\\s+|its\\s+|a\\s+|one\\s+)?(?:[\\w-]+\\s+)?${noun}\\b|\\b(?:per|each)\\s+${noun}\\b|\\bindependently\\s+(?:in|under|for|within)\\s+(?:an)?other\\s+${noun}\\b`,
    'i',
  );
  const said = sentencesOf([operation.description]).find((sentence) => KEY.test(sentence) && scoped.test(sentence));
  return said ? { parameter: parent.parameter, words: said.replace(/\s+/g, ' ').trim() } : undefined;
}
