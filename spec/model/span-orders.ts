// Spans whose end the words order after their start: "`endsAt` must be strictly later than
// `startsAt`", "checkOut after checkIn". Read from the creation's words, its members' and the
// document's description, for members that open and close a span (startsAt/endsAt, from/until).
// "after" and "later than" are strict (an end equal to the start is refused); "not before", "at or
// after" and "or equal" are not.

import { responseFor } from '../contract/operations.js';
import type { Contract } from '../contract/types.js';
import { escapeRegExp } from '../json/text.js';
import { propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { sentencesOf } from './sentences.js';

export interface SpanOrder {
  readonly start: string;
  readonly end: string;
  /** An end equal to its start is refused too. */
  readonly strict: boolean;
  /** The documented refusal: the one the sentence names, else 422 or 400 where documented. */
  readonly status: number;
  readonly words: string;
  /** The longest span the words allow ("a rental lasts at most 90 days"), in milliseconds. */
  readonly maxMs?: number;
}

const UNIT_MS: Readonly<Record<string, number>> = {
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
};
/** "lasts at most 90 days", "no longer than 8 hours", "at most 30 days apart". */
const AT_MOST =
  /\b(?:at\s+most|no\s+more\s+than|no\s+longer\s+than|not\s+more\s+than|up\s+to|a\s+maximum\s+of)\s+(\d+)\s+(minute|hour|day|week)s?\b/i;
const ABOUT_LENGTH = /\b(?:lasts?|long|longer|apart|span|duration|length)\b/i;

/** The longest span a sentence about its length or its members allows. */
function longestOf(sentences: readonly string[], start: string, end: string): number | undefined {
  for (const sentence of sentences) {
    const match = AT_MOST.exec(sentence);
    if (!match) continue;
    if (!ABOUT_LENGTH.test(sentence) && at(sentence, start) < 0 && at(sentence, end) < 0) continue;
    return Number(match[1]) * UNIT_MS[match[2]!.toLowerCase()]!;
  }
  return undefined;
}

const LATER = /\b(?:after|later than|greater than|past)\b|>/i;
/** An end "before" its start, said to be refused ("`endDate` before `startDate` is refused with
 * 422", "must not be before"): the end may equal the start. */
const BEFORE = /\b(?:before|earlier than|prior to)\b|</i;
const FORBIDS = /\b(?:refused|rejected|invalid|not allowed|an error|must not|cannot|can't)\b|\b4\d\d\b/i;
const NOT_STRICT = /\bor equal\b|\bat or after\b|\bnot before\b|\bno earlier than\b|\bat least\b|>=|≥/i;
const END_WORD = /end|until|finish|stop|[oO]ut$|_to$|To$|^to$/;

const describe = (value: unknown): string | undefined => {
  const description = (value as { description?: unknown } | undefined)?.description;
  return typeof description === 'string' ? description : undefined;
};

/** Where the sentence names a member as a word, or -1. */
const at = (sentence: string, member: string): number =>
  sentence.search(new RegExp(`(^|[^\\w])${escapeRegExp(member)}($|[^\\w])`));

/** The words between a mention of `end` and the next mention of `start` that orders them. */
function orderedBetween(sentence: string, end: string, start: string, order = LATER): string | undefined {
  const pair = new RegExp(
    `(?:^|[^\\w])${escapeRegExp(end)}(?![\\w])((?:(?!${escapeRegExp(start)}).){0,80}?)${escapeRegExp(start)}(?![\\w])`,
    'g',
  );
  for (const match of sentence.matchAll(pair)) if (order.test(match[1]!)) return match[1];
  return undefined;
}

/** The spans the creation's words order, each with the status that refuses a body breaking it. */
export function spanOrdersOf(collection: CollectionSpec, contract: Contract): SpanOrder[] {
  const create = collection.create?.operation;
  if (!create) return [];
  const schema = create.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  const properties = propertiesOf(schema);
  const instants = Object.entries(properties)
    .filter(([, property]) => ['date-time', 'date'].includes(String((property as { format?: unknown }).format)))
    .map(([name]) => name);
  const ends = instants.filter((name) => END_WORD.test(name));
  const starts = instants.filter((name) => !END_WORD.test(name));
  if (ends.length === 0 || starts.length === 0) return [];
  const paths = contract.document.paths as Record<string, Record<string, unknown>> | undefined;
  const texts = [
    create.summary,
    describe(paths?.[create.path]?.[create.method.toLowerCase()]),
    ...instants.map((name) => describe(properties[name])),
    describe(schema),
    describe(contract.document.info),
  ];
  const documented = create.responses.map((response) => Number(response.status));
  const fallback = [422, 400].find((status) => responseFor(create, status)?.status === String(status));
  const sentences = sentencesOf(texts).map((text) => text.replace(/[`*_]/g, ''));
  const found: SpanOrder[] = [];
  for (const end of ends) {
    // Every sentence ordering this end after a start: the first says how, any may give the status
    // ("Rules stated in words ... (for example endsAt later than startsAt) ... breaking them is 400").
    const ordering = sentences.flatMap((sentence) =>
      starts.flatMap((start) => {
        // The end named, then the start, the words between them ordering the two ("`endDate` must
        // be strictly after `startDate`"), wherever in the sentence (both may be named before).
        const between = orderedBetween(sentence, end, start);
        if (between !== undefined) return [{ sentence, start, between }];
        // Or an end before the start, forbidden: the same order, not strict.
        const before = orderedBetween(sentence, end, start, BEFORE);
        if (before !== undefined && !LATER.test(before) && FORBIDS.test(sentence))
          return [{ sentence, start, between: 'not before' }];
        // Or a start after the end, forbidden ("`from` after `to` is refused with `422`"): the same.
        const startAfter = orderedBetween(sentence, start, end);
        return startAfter !== undefined && !BEFORE.test(startAfter) && FORBIDS.test(sentence)
          ? [{ sentence, start, between: 'not before' }]
          : [];
      }),
    );
    const [first] = ordering;
    if (!first) continue;
    // The status of the clause that orders them first ("404 for an unknown customer; ... `from`
    // after `to` is refused with `422`": 422), then any other the sentences give.
    const statusesIn = (text: string) => [...text.matchAll(/\b(4\d\d)\b/g)].map((match) => Number(match[1]));
    const named = ordering.flatMap(({ sentence, start }) => [
      ...sentence
        .split(/;\s+/)
        .filter((clause) => at(clause, start) >= 0 && at(clause, end) >= 0)
        .flatMap(statusesIn),
      ...statusesIn(sentence),
    ]);
    const status = named.find((s) => documented.includes(s)) ?? fallback;
    if (status === undefined) continue;
    const words = first.sentence.replace(/\s+/g, ' ').trim();
    const maxMs = longestOf(sentences, first.start, end);
    found.push({
      start: first.start,
      end,
      strict: !NOT_STRICT.test(first.between),
      status,
      words,
      ...(maxMs !== undefined ? { maxMs } : {}),
    });
  }
  return found;
}
