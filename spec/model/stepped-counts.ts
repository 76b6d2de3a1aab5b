// Counts of another item that a write moves by one, as the write's words say: "The copy becomes
// `on_loan`, its book's `availableCount` goes down by one and the member's `activeLoanCount` up by
// one" (a loan's creation), "the member's `activeLoanCount` down by one" (its return), "raises the
// book's `copyCount` and `availableCount` by one" (a copy's creation). Read on the creation, the
// deletion and every action of a collection, for a possessive ("the member's `count`") naming a
// collection whose items hold that whole-number member, reached through a member of the request or
// the item that names it, or the parent in the path. The runner reads the named item around each.
import type { Operation } from '../contract/types.js';
import { propertiesOf, variantPropertiesOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { speaksOfOtherAction } from './action-targets.js';
import type { CollectionSpec } from './collections.js';
import { parentItemsOf } from './parents.js';
import { referencedCollection, resourceWordPattern } from './references.js';
import { sentencesOf } from './sentences.js';

export interface SteppedCount {
  /** The write: the collection's creation or deletion, or one of its actions. */
  readonly operation: Operation;
  /** The counted item's collection, its count member and the step the write moves it by. */
  readonly collection: string;
  readonly member: string;
  readonly step: 1 | -1;
  /** The member naming the counted item: of the request on a creation, of the item otherwise;
   * absent where it is the parent the path names. */
  readonly via?: string;
  readonly words: string;
}

const UP = /\b(?:up|raises?|increases?|increments?|grows?|rises?|adds? (?:one|1) to)\b/i;
const DOWN =
  /\b(?:down|lowers?|decreases?|decrements?|drops?|falls?|reduces?|shrinks?|(?:subtracts?|takes?) (?:one|1) (?:from|off))\b/i;
/** "by one", or the step said by its verb: "adds one to the guest's `stayCount`". */
const BY_ONE = /\bby (?:one|1)\b|\b(?:adds? (?:one|1) to|(?:subtracts?|takes?) (?:one|1) (?:from|off))\b/i;
/** "its book's `availableCount`", "the book's `copyCount` and `availableCount`", "the course's
 * seatsTaken" (a camelCase name needs no code span). */
const POSSESSIVE = /\b([A-Za-z][\w-]*)'s\s+(`\w+`(?:\s*(?:,|and|or)\s*`\w+`)*|[a-z]+[A-Z]\w*)/g;
/** Several counts moved together: "the course's seatsTaken and the student's enrollmentCount each
 * go up by one", one clause for all. */
const TOGETHER = /\b(?:each|both|all)\s+(?:go(?:es)?|move|moves|grow|drop)\b/i;
/** Counts said without their owner: "(seatsTaken and enrollmentCount go down by one)". */
const BARE_MEMBER = /`(\w+)`|\b([a-z]+[A-Z]\w*)\b/g;
/** Clauses: a comma, a semicolon, or an "and" opening another subject ("and the member's"). */
const CLAUSE = /[,;]|\band\b(?=\s+(?:the|its|their|his|her)\b)/i;

const isWhole = (schema: unknown): boolean => {
  const type = (schema as { type?: unknown } | undefined)?.type;
  return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
};

const membersOf = (schema: JsonSchema | undefined): Record<string, JsonSchema> => ({
  ...variantPropertiesOf(schema, false),
  ...propertiesOf(schema),
});

/** The members of what the write carries: the request on a creation, the item otherwise. */
function carriedMembers(collection: CollectionSpec, operation: Operation): string[] {
  const request = operation.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  const item = collection.read?.item.schema ?? collection.list?.items.schema;
  return Object.keys(membersOf(operation === collection.create?.operation ? request : item));
}

/** The collection a word names whose items hold every one of the members as whole numbers. */
function countedCollection(
  word: string,
  members: readonly string[],
  collections: readonly CollectionSpec[],
): CollectionSpec | undefined {
  return collections.find((candidate) => {
    if (!new RegExp(`^${resourceWordPattern(candidate)}$`, 'i').test(word)) return false;
    const properties = membersOf(candidate.read?.item.schema ?? candidate.list?.items.schema);
    return members.every((member) => isWhole(properties[member]));
  });
}

/** The counts one sentence says the write moves by one. */
function steppedIn(
  sentence: string,
  collection: CollectionSpec,
  operation: Operation,
  collections: readonly CollectionSpec[],
): Omit<SteppedCount, 'operation' | 'words'>[] {
  const found: Omit<SteppedCount, 'operation' | 'words'>[] = [];
  const clauses = TOGETHER.test(sentence) ? [sentence] : sentence.split(CLAUSE);
  for (const clause of clauses) {
    const up = UP.test(clause);
    if (!BY_ONE.test(clause) || up === DOWN.test(clause)) continue;
    const owned = [...clause.matchAll(POSSESSIVE)];
    if (owned.length === 0) found.push(...ownerless(clause, up, collection, operation, collections));
    for (const match of owned) {
      const members = [...match[2]!.matchAll(/`(\w+)`|^(\w+)$/g)].map((m) => (m[1] ?? m[2])!);
      const counted = countedCollection(match[1]!, members, collections);
      if (!counted || counted === collection) continue;
      const parent = parentItemsOf(collection.path, collections).some((p) => p.collection === counted);
      const via = parent
        ? undefined
        : carriedMembers(collection, operation).find(
            (name) => referencedCollection(name, collections, collection) === counted,
          );
      if (!parent && via === undefined) continue;
      for (const member of members)
        found.push({ collection: counted.path, member, step: up ? 1 : -1, ...(via ? { via } : {}) });
    }
  }
  return found;
}

/** Counts named without their owner ("seatsTaken and enrollmentCount go down by one"): each a
 * whole-number member of exactly one collection that the item names by a member of its own. */
function ownerless(
  clause: string,
  up: boolean,
  collection: CollectionSpec,
  operation: Operation,
  collections: readonly CollectionSpec[],
): Omit<SteppedCount, 'operation' | 'words'>[] {
  const named = carriedMembers(collection, operation).flatMap((via) => {
    const other = referencedCollection(via, collections, collection);
    return other && other !== collection ? [{ via, other }] : [];
  });
  const found: Omit<SteppedCount, 'operation' | 'words'>[] = [];
  for (const match of clause.matchAll(BARE_MEMBER)) {
    const member = (match[1] ?? match[2])!;
    const owners = named.filter(({ other }) =>
      isWhole(membersOf(other.read?.item.schema ?? other.list?.items.schema)[member]),
    );
    if (owners.length !== 1) continue;
    const [{ via, other }] = owners as [(typeof owners)[number]];
    found.push({ collection: other.path, member, step: up ? 1 : -1, via });
  }
  return found;
}

/** The counts of other items the collection's writes move by one, as each write's words say. */
export function steppedCountsOf(
  collection: CollectionSpec,
  actions: readonly { readonly operation: Operation }[],
  collections: readonly CollectionSpec[],
): SteppedCount[] {
  const writes = [collection.create?.operation, collection.remove?.operation, ...actions.map((a) => a.operation)];
  // One count per write, member and step: the words often say it twice (a summary line and prose).
  const seen = new Set<string>();
  const first = (count: SteppedCount) => {
    const key = `${count.operation.id} ${count.collection} ${count.member} ${count.step}`;
    return !seen.has(key) && seen.add(key) !== undefined;
  };
  const counts = writes.flatMap((operation) => {
    if (!operation) return [];
    const own = sentencesOf([operation.summary, operation.description]).filter(
      (sentence) => !speaksOfOtherAction(sentence, operation, actions),
    );
    return own.flatMap((sentence) =>
      steppedIn(sentence, collection, operation, collections).map((count) => ({
        operation,
        ...count,
        words: sentence.replace(/\s+/g, ' ').trim(),
      })),
    );
  });
  return [...counts, ...borrowedCounts(counts, writes, collection, actions)].filter(first);
}

/** The phrase a count's words define it by: the words before its bracket or colon ("frees the seat
 * (seatsTaken and enrollmentCount go down by one)", "It takes a seat: the course's ..."). */
function definedPhrase(words: string): string | undefined {
  const defined = /([A-Za-z][\w ]*?)\s*(?:\(([^)]*)\)|:\s)/.exec(words);
  if (!defined || (defined[2] !== undefined && !BY_ONE.test(defined[2]))) return undefined;
  const phrase = defined[1]!.trim().split(/\s+/).slice(-3);
  return phrase.length === 3 ? phrase.join(' ') : undefined;
}

/** Counts another write's words move by the phrase one write defined ("... and frees the seat."
 * after "frees the seat (seatsTaken ... go down by one)"): the same counts, by the same member. */
function borrowedCounts(
  counts: readonly SteppedCount[],
  writes: readonly (Operation | undefined)[],
  collection: CollectionSpec,
  actions: readonly { readonly operation: Operation }[],
): SteppedCount[] {
  return counts.flatMap((count) => {
    const phrase = definedPhrase(count.words);
    if (!phrase) return [];
    const said = new RegExp(`\\b${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i');
    return writes.flatMap((operation) => {
      if (!operation || operation === count.operation) return [];
      if (count.via !== undefined && !carriedMembers(collection, operation).includes(count.via)) return [];
      const sentence = sentencesOf([operation.summary, operation.description]).find(
        (line) => !speaksOfOtherAction(line, operation, actions) && said.test(line.replace(/\([^)]*\)/g, ' ')),
      );
      return sentence ? [{ ...count, operation, words: sentence.replace(/\s+/g, ' ').trim() }] : [];
    });
  });
}
