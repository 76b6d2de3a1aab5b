// A child's creation that moves its parent's state, as its words say: "Sets the order's `status` to
// `paid`" (a payment), "The order's `status` becomes `shipped`". A parent a later child needs in that
// state (refunds only of a `paid` order) is moved there by making such a child first.
import type { CollectionSpec } from './collections.js';
import { parentOfPath } from './parents.js';
import { resourceWordPattern } from './references.js';
import { sentencesOf } from './sentences.js';
import { statusMember } from './state-member.js';

/** The states of the parent a creation of `child` moves it into, by its words. */
export function parentStatesSetBy(child: CollectionSpec, collections: readonly CollectionSpec[]): string[] {
  const create = child.create?.operation;
  const parent = parentOfPath(child.path, collections)?.collection;
  const state = parent && statusMember(parent);
  if (!create || !parent || !state) return [];
  const noun = resourceWordPattern(parent);
  const member = state.member.replace(/[^\w-]/g, '');
  const sets = new RegExp(
    `\\b(?:sets?|moves?|changes?)\\s+(?:the\\s+)?${noun}'s\\s+\`?${member}\`?\\s+to\\s+\`?([\\w-]+)\`?|\\b${noun}'s\\s+\`?${member}\`?\\s+(?:becomes|is\\s+set\\s+to|goes\\s+to)\\s+\`?([\\w-]+)\`?`,
    'gi',
  );
  // "A comment on an `open` ticket moves it to `pending`": the parent as "it", where the sentence
  // names the parent's word.
  const movesIt = new RegExp(
    `\\b(?:moves?|sets?|turns?|puts?)\\s+(?:it|the\\s+(?:${noun}))\\s+(?:back\\s+)?(?:to|into)\\s+\`?([\\w-]+)\`?`,
    'gi',
  );
  const naming = new RegExp(`\\b(?:${noun})s?\\b`, 'i');
  const found = new Set<string>();
  for (const sentence of sentencesOf([create.summary, create.description])) {
    const said = [...sentence.matchAll(sets), ...(naming.test(sentence) ? sentence.matchAll(movesIt) : [])];
    for (const match of said) {
      const to = match[1] ?? match[2];
      if (to !== undefined && state.values.map(String).includes(to)) found.add(to);
    }
  }
  return [...found];
}

/** The parent's states the words limit a child's move to ("A comment on an `open` ticket moves it to
 * `pending`": only an open ticket moves); empty where they limit none. */
export function parentMoveSources(child: CollectionSpec, collections: readonly CollectionSpec[]): string[] {
  const create = child.create?.operation;
  const parent = parentOfPath(child.path, collections)?.collection;
  const state = parent && statusMember(parent);
  if (!create || !parent || !state) return [];
  const on = new RegExp(
    `\\b(?:on|for|to)\\s+(?:an?|the)\\s+((?:\`[\\w-]+\`(?:\\s*,\\s*|\\s+or\\s+)?)+)\\s+(?:${resourceWordPattern(parent)})\\b[^.;]*?\\bmoves?\\s+it\\b`,
    'i',
  );
  for (const sentence of sentencesOf([create.summary, create.description])) {
    const match = on.exec(sentence);
    if (!match) continue;
    const states = [...match[1]!.matchAll(/`([\w-]+)`/g)].map((one) => one[1]!);
    if (states.every((one) => state.values.map(String).includes(one))) return states;
  }
  return [];
}
