// Values one live item at a time (or at most N) may hold, as the document's words say: "A vet cannot
// have two appointments that are not cancelled starting at the same instant ... gets 409", "A room
// holds one booking that is not cancelled (409)", "Project keys are unique", "A member may hold at
// most 5 active loans". Read from the words only, and only where the creation documents 409: a rule
// the words do not state is never assumed.
import { responseFor } from '../contract/operations.js';
import type { Contract } from '../contract/types.js';
import { escapeRegExp } from '../json/text.js';
import { mergeAllOf, propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { type Interval, intervalOf } from './intervals.js';
import { collectionResource, referencedName } from './references.js';
import { sentencesOf } from './sentences.js';

export interface UniqueRule {
  /** The members whose values together one live item at a time may hold: the scope the words name
   * (`vetId` for "a vet") and the value (`startsAt`). */
  readonly members: readonly string[];
  /** Date-time members the words say are compared as instants ("whatever the offset"). */
  readonly instants: readonly string[];
  /** String members the words say are compared ignoring case ("compared case-insensitively"). */
  readonly caseless?: readonly string[];
  /** The state member and the values whose items hold nothing ("A cancelled appointment does not
   * hold its slot"), where the words say so. */
  readonly freedBy?: { readonly member: string; readonly values: readonly unknown[] };
  /** The creation's documented status for a value in use. */
  readonly conflictStatus: number;
  /** How many live items may hold the values together: 1 where the words make them unique. */
  readonly limit: number;
  /** The sentence the rule was read from. */
  readonly words: string;
  /** Items that must not overlap in time (intervals.ts): the rule's start member spans this. */
  readonly interval?: Interval;
}

const DELETION_FREES =
  /\bdelet\w*\b[^.;]{0,60}\b(?:free|releas|reusable|available again|can be (?:re)?used)|\b(?:is|are|becomes?) free(?: again)?\s*(?:[.;,]|$)/i;
const DELETION_HOLDS =
  /\blive or (?:soft[- ])?deleted\b|\b(?:soft[- ])?deleted or (?:live|not)\b|\bbelongs? to [^.;]{0,30}\bfor good\b|\bstays? (?:taken|reserved|in use)\b|\beven (?:after|if|when) (?:it is |they are )?deleted\b|\bdeleted\b[^.;]{0,40}\b(?:still|also) (?:count|hold|block|take)/i;

/** What the words say of a deleted item's values: free, held, or nothing. `texts` are the words
 * of the rule, the creation's and the deletion's. */
export function valuesAfterDeletion(texts: readonly (string | undefined)[]): 'free' | 'held' | undefined {
  const sentences = sentencesOf(texts.map((text) => text?.replace(/\*\*|__/g, '')));
  if (sentences.some((sentence) => DELETION_HOLDS.test(sentence))) return 'held';
  return sentences.some((sentence) => DELETION_FREES.test(sentence)) ? 'free' : undefined;
}

const SAYS_UNIQUE =
  /\bunique\b|\b(?:cannot|can ?not|can't|may not|must not|never)\b[^.;]{0,30}\btwo\b|\bno two\b|\bat most one\b|\b(?:holds?|takes?) (?:only )?one\b|\balready (?:has|have|exists?|in use|used|taken|booked|registered)\b|\b(?:used|taken|held) by another\b|\b(?:must not|may not|cannot|can't|never)\s+(?:belong to|be used by|be held by|be taken by)\s+(?:another|any other)\b/i;
/** Sentences that leave the rule open, or speak of retries (an idempotency key's "same body"). */
const NOT_A_RULE =
  /\bnot (?:shown|specified|documented|defined|enforced)\b|\bunspecified\b|\bidempot|\breplay|\bretr(?:y|ies)\b/i;
const AS_INSTANTS =
  /\binstants?\b|\b(?:whatever|regardless of|any|ignoring) (?:the )?(?:offset|time ?zone)s?\b|\bsame point in time\b/i;
const CASELESS =
  /\bcase[- ]?insensitiv|\b(?:ignoring|regardless of|without regard to|whatever) (?:the )?(?:letter )?case\b/i;
const STATE_WORDS = /^(status|state)$/i;
const NUMBERS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};
const COUNT = '(\\d+|one|two|three|four|five|six|seven|eight|nine|ten)';

/** How many of the resource's items the sentence lets hold the values: "at most 5 active loans",
 * "cannot have more than 3 bookings"; 1 for words of uniqueness; undefined for no rule. */
function limitOf(sentence: string, resource: string): number | undefined {
  const counted = `\\s+(?:\\w+\\s+){0,2}?${escapeRegExp(resource)}(?:e?s)?\\b`;
  const most = new RegExp(`\\b(?:at most|no more than|up to|a maximum of)\\s+${COUNT}${counted}`, 'i').exec(sentence);
  const beyond = new RegExp(
    `\\b(?:cannot|can ?not|can't|may not|must not)\\s+(?:have|hold|take|book|make|borrow)\\s+more than\\s+${COUNT}${counted}`,
    'i',
  ).exec(sentence);
  const count = (most ?? beyond)?.[1]?.toLowerCase();
  if (count !== undefined) return NUMBERS[count] ?? Number(count);
  return SAYS_UNIQUE.test(sentence) ? 1 : undefined;
}

/** Whether the sentence counts the resource's items ("at most one loan", "holds one booking",
 * "cannot have two appointments", "at most 5 active loans"): a rule on references alone needs it,
 * where "the vet already has an appointment (at that instant)" leaves out what the words qualify. */
function countsItems(sentence: string, resource: string): boolean {
  const counted = `\\s+(?:\\w+\\s+){0,2}?${escapeRegExp(resource)}(?:e?s)?\\b`;
  return new RegExp(
    `\\b(?:(?:at most|no more than|up to|a maximum of|more than)\\s+${COUNT}|(?:holds?|has|have|takes?)\\s+(?:only\\s+)?(?:one|a single)|(?:cannot|can ?not|can't|may not|must not|never)\\s+(?:have|hold|take)\\s+two)${counted}`,
    'i',
  ).test(sentence);
}

/** Where the sentence first names a word (as a whole word, plural too), or -1. */
const positionOf = (sentence: string, word: string): number => {
  const match = wordPattern(word).exec(sentence);
  return match ? match.index : -1;
};

const wordPattern = (word: string) => new RegExp(`(^|[^\\w])${escapeRegExp(word)}(e?s)?([^\\w]|$)`, 'i');
const names = (sentence: string, word: string) => word.length > 1 && wordPattern(word).test(sentence);

/** A state value the sentence frees: "not cancelled", "except cancelled", "a cancelled X does not
 * hold (count, block) ...". */
function frees(sentence: string, value: string): boolean {
  const v = escapeRegExp(value);
  return (
    new RegExp(`\\b(?:not|except|other than|excluding|besides)\\s+(?:\\w+\\s+)?${v}\\b`, 'i').test(sentence) ||
    new RegExp(
      `\\b${v}\\b[^.;]{0,40}\\b(?:do(?:es)?n['’]?t|do(?:es)? not|never)\\s+(?:hold|count|block|occupy|take|conflict|overlap)`,
      'i',
    ).test(sentence)
  );
}

interface Text {
  readonly text: string | undefined;
  /** A member's own description names it without saying its name. */
  readonly member?: string;
  /** The document's description speaks of every resource: its sentence must name this one. */
  readonly global?: boolean;
}

const KEPT_ASIDE = /\([^()]*\b(?:keeps?|kept|unchanged|stays?|remains?|untouched)\b[^()]*\)/gi;

/** The rules the document's words give the collection's creation, one per set of members. */
export function uniqueValuesOf(
  collection: CollectionSpec,
  contract: Contract,
  collections: readonly CollectionSpec[] = [],
): UniqueRule[] {
  const create = collection.create?.operation;
  const conflict = create && responseFor(create, 409)?.status === '409' ? 409 : undefined;
  if (!create || conflict === undefined) return [];
  const schema = create.requestBody?.content.find((m) => m.validator)?.validator?.schema;
  const sent = Object.entries(propertiesOf(schema)).filter(
    ([, property]) => (property as { readOnly?: unknown }).readOnly !== true,
  );
  if (sent.length === 0) return [];
  const itemSchema = (collection.read?.item.schema ?? collection.create?.item.schema) as { description?: unknown };
  const info = (contract.document.info ?? {}) as { description?: unknown };
  const texts: Text[] = [
    ...sent.map(([member, property]) => ({ text: describe(property), member })),
    { text: create.summary },
    { text: describe(operationObject(contract, create.path, create.method)) },
    { text: responseFor(create, 409)?.description },
    { text: describe(itemSchema) },
    { text: describe(info), global: true },
  ];
  const resource = collectionResource(collection);
  // Members that together name another collection's item (a loan's isbn and copyNumber name a copy
  // at /books/{isbn}/copies/{copyNumber}): "a copy" in the words names them all.
  const compound = collections.flatMap((other) => {
    const path = other.read?.operation.path;
    const parts = path ? [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!) : [];
    const sentNames = new Set(sent.map(([name]) => name));
    return other !== collection && parts.length > 1 && parts.every((part) => sentNames.has(part))
      ? [{ word: collectionResource(other), parts }]
      : [];
  });
  const rules = new Map<string, UniqueRule>();
  for (const { text, member, global } of texts) {
    // Clauses, without emphasis: "`409` when the copy already has an active loan (a copy has **at
    // most one** active loan at any time; returned loans do not count)".
    const sentences = sentencesOf([text])
      .flatMap((sentence) => sentence.split(/;\s+/))
      .map((clause) => clause.replace(/\*\*|__/g, ''));
    for (const [index, sentence] of sentences.entries()) {
      const near = `${sentence} ${sentences[index + 1] ?? ''} ${sentences[index + 2] ?? ''}`;
      const interval = intervalOf(sentence, near, schema);
      if (interval && !rules.has(interval.start)) {
        const instants = AS_INSTANTS.test(near) ? [interval.start] : [];
        // The scope the words name ("of the same desk (same `spaceCode` and `deskNumber`)"): the
        // members the clause names in code, besides the interval's own.
        const ends = [interval.start, interval.end, interval.length?.member];
        const scope = sent
          .map(([name]) => name)
          .filter((name) => !ends.includes(name) && new RegExp(`\`${escapeRegExp(name)}\``).test(sentence));
        const freedBy = freedStates(collection, resource, sentence, near);
        rules.set(interval.start, {
          members: [interval.start, ...scope],
          instants,
          ...(freedBy ? { freedBy } : {}),
          conflictStatus: conflict,
          limit: 1,
          words: plain(sentence),
          interval,
        });
        continue;
      }
      const limit = limitOf(sentence, resource);
      if (limit === undefined || NOT_A_RULE.test(sentence)) continue;
      // An aside on what a refusal leaves as it was ("(the existing workspace keeps its name)")
      // names no member of the rule.
      const ruled = sentence.replace(KEPT_ASIDE, ' ');
      if (global && !names(sentence, resource)) continue;
      const members = sent
        .map(([name]) => name)
        .filter(
          (name) =>
            name === member ||
            names(ruled, name) ||
            namesReference(ruled, name) ||
            compound.some(({ word, parts }) => parts.includes(name) && names(sentence, word)),
        )
        // A key the client chooses is the item's id: its conflict is the key's own (clientKey).
        .filter((name) => !(collection.clientKey && name === collection.idProperty));
      if (members.length === 0 || rules.has(members.join())) continue;
      // A rule on a value (a slot, a key, a name), or on the items of another resource ("a copy can
      // have at most one loan": the copy named before this resource's items); never "a pet has at
      // most one owner" (the reference named after).
      const scopeWord = (name: string) =>
        referencedName(name) ?? compound.find(({ parts }) => parts.includes(name))?.word;
      const onValue = members.some((name) => scopeWord(name) === undefined);
      const own = positionOf(sentence, resource);
      const scoped =
        countsItems(sentence, resource) &&
        members.every((name) => {
          const at = positionOf(sentence, scopeWord(name) ?? name);
          return at >= 0 && own > at;
        });
      if (!onValue && !scoped) continue;
      const around = `${sentence} ${sentences[index + 1] ?? ''}`;
      const instants = members.filter(
        (name) =>
          (propertiesOf(schema)[name] as { format?: unknown }).format === 'date-time' && AS_INSTANTS.test(around),
      );
      const caseless = CASELESS.test(around)
        ? members.filter((name) => (propertiesOf(schema)[name] as { type?: unknown }).type === 'string')
        : [];
      const freedBy = freedStates(collection, resource, sentence, sentences[index + 1]);
      rules.set(members.join(), {
        members,
        instants,
        ...(caseless.length > 0 ? { caseless } : {}),
        ...(freedBy ? { freedBy } : {}),
        conflictStatus: conflict,
        limit,
        words: plain(sentence),
      });
    }
  }
  return [...rules.values()];
}

/** The words that may say what a deletion does to an item's values: the DELETE's own, the
 * creation's, and the sentences of the document's description that name deleted items of it. */
export function deletionWords(collection: CollectionSpec, contract: Contract): string[] {
  const remove = collection.remove?.operation;
  const create = collection.create?.operation;
  if (!remove) return [];
  const resource = collectionResource(collection);
  const info = describe(contract.document.info);
  const aboutDeletion = sentencesOf([info]).filter(
    (sentence) => /\bdelet/i.test(sentence) && names(sentence, resource),
  );
  return [
    remove.summary,
    describe(operationObject(contract, remove.path, remove.method)),
    ...(create ? [describe(operationObject(contract, create.path, create.method))] : []),
    ...aboutDeletion,
  ].filter((text): text is string => typeof text === 'string');
}

/** A reference member (`vetId`) the sentence names by its resource ("a vet"). */
function namesReference(sentence: string, member: string): boolean {
  const resource = referencedName(member);
  return resource !== undefined && names(sentence, resource);
}

/** The states whose items hold nothing: named as freeing ("not cancelled", "a cancelled booking
 * does not hold its court"), else every state but those named as holding ("at most 5 active loans"). */
function freedStates(collection: CollectionSpec, resource: string, sentence: string, next: string | undefined) {
  const schema = collection.read?.item.schema ?? collection.create?.item.schema;
  for (const [member, property] of Object.entries(propertiesOf(schema))) {
    const values = mergeAllOf(property as Record<string, unknown>).enum;
    if (!STATE_WORDS.test(member) || !Array.isArray(values)) continue;
    const freed = values.filter((value) => [sentence, next ?? ''].some((words) => frees(words, String(value))));
    if (freed.length > 0) return { member, values: freed };
    // "a `confirmed` booking", "another booking ... whose status is `confirmed` or `checked_in`".
    const whose = /\bwhose\s+(?:status|state)\s+is\s+((?:`?[\w-]+`?(?:\s*,\s*|\s+or\s+)?)+)/i.exec(sentence)?.[1] ?? '';
    const holding = values.filter(
      (value) =>
        new RegExp(`\\b${escapeRegExp(String(value))}\\s+${escapeRegExp(resource)}(?:e?s)?\\b`, 'i').test(sentence) ||
        new RegExp(`\\b${escapeRegExp(String(value))}\\b`).test(whose),
    );
    if (holding.length > 0) return { member, values: values.filter((value) => !holding.includes(value)) };
  }
  return undefined;
}

/** A sentence as one line, without its list bullet. */
const plain = (sentence: string): string =>
  sentence
    .replace(/^\s*[*-]\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();

const describe = (value: unknown): string | undefined => {
  const description = (value as { description?: unknown } | undefined)?.description;
  return typeof description === 'string' ? description : undefined;
};

function operationObject(contract: Contract, path: string, method: string): unknown {
  const paths = contract.document.paths as Record<string, Record<string, unknown>> | undefined;
  return paths?.[path]?.[method.toLowerCase()];
}
