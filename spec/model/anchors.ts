// Times of a child that the document's words bind to a time of its parent: "`startedAt` must fall
// within the timesheet's week: at or after `weekStart` 00:00 UTC ...", "a session's start lies within
// its event's day". A client that sends any other instant is rightly refused, so generated values
// follow the rule (the runner) and, where the words give the period, the service keeps it. Read from
// the words only: a rule the words do not state is never assumed.
import { responseFor } from '../contract/operations.js';
import type { Contract } from '../contract/types.js';
import { escapeRegExp } from '../json/text.js';
import { propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { parentItemsOf } from './parents.js';
import { collectionResource } from './references.js';
import { sentencesOf } from './sentences.js';

export interface AnchorRule {
  /** The creation's date or date-time member the words bind. */
  readonly member: string;
  /** The parent item's date or date-time member it is bound to. */
  readonly on: string;
  /** The parent collection's path. */
  readonly parent: string;
  /** How many days from the anchor the period holds ("week": 7; a day where the words name none). */
  readonly days: number;
  /** The sentence the rule was read from. */
  readonly words: string;
}

const WITHIN =
  /\b(?:within|during|inside|falls? in|lies? in|(?:at|on) or after|not (?:before|earlier than)|no earlier than|between|in the same)\b/i;
const PERIODS: readonly (readonly [RegExp, number])[] = [
  [/\bweek(?:'s|s)?\b/i, 7],
  [/\bfortnight\b/i, 14],
  [/\bmonth(?:'s|s)?\b/i, 28],
  [/\byear(?:'s|s)?\b/i, 365],
];
const TIMES = new Set(['date', 'date-time']);

const formatOf = (property: unknown): unknown => (property as { format?: unknown } | undefined)?.format;
const describe = (value: unknown): string | undefined => {
  const description = (value as { description?: unknown } | undefined)?.description;
  return typeof description === 'string' ? description : undefined;
};
const names = (sentence: string, word: string) =>
  word.length > 1 && new RegExp(`(^|[^\\w])${escapeRegExp(word)}(['’]s|e?s)?([^\\w]|$)`, 'i').test(sentence);

/** A clause where two of the creation's own times are the bounds ("invoices whose `issuedAt` falls
 * between `from` and `to`"): they bound something else, not themselves within the parent's. */
function boundsOfItsOwn(clause: string, times: readonly string[]): boolean {
  return times.some((first) =>
    times.some(
      (second) =>
        first !== second &&
        new RegExp(`\\bbetween\\s+${escapeRegExp(first)}\\s+and\\s+${escapeRegExp(second)}\\b`, 'i').test(clause),
    ),
  );
}

/** The rules the document's words give the collection's creation: one per bound member. */
export function anchorsOf(
  collection: CollectionSpec,
  contract: Contract,
  collections: readonly CollectionSpec[],
): AnchorRule[] {
  const create = collection.create?.operation;
  const parent = parentItemsOf(collection.path, collections).at(-1)?.collection;
  if (!create || !parent) return [];
  const schema = create.requestBody?.content.find((m) => m.validator)?.validator?.schema;
  const times = Object.entries(propertiesOf(schema))
    .filter(([, property]) => TIMES.has(String(formatOf(property))))
    .filter(([, property]) => (property as { readOnly?: unknown }).readOnly !== true)
    .map(([name]) => name);
  const parentSchema = parent.read?.item.schema ?? parent.create?.item.schema;
  const anchors = Object.entries(propertiesOf(parentSchema))
    .filter(([, property]) => TIMES.has(String(formatOf(property))))
    .map(([name]) => name);
  if (times.length === 0 || anchors.length === 0) return [];
  const texts: { readonly text: string | undefined; readonly member?: string }[] = [
    ...times.map((member) => ({ text: describe(propertiesOf(schema)[member]), member })),
    { text: describe(operationObject(contract, create.path, create.method)) },
    ...[422, 400].map((status) => ({ text: responseFor(create, status)?.description })),
  ];
  const parentWord = collectionResource(parent);
  const rules = new Map<string, AnchorRule>();
  for (const { text, member: own } of texts) {
    const clauses = sentencesOf([text])
      .flatMap((sentence) => sentence.split(/;\s+/))
      .map((clause) => clause.replace(/\*\*|__|`/g, ''));
    for (const clause of clauses) {
      if (!WITHIN.test(clause) || boundsOfItsOwn(clause, times)) continue;
      const member = own ?? times.find((name) => names(clause, name));
      if (member === undefined || rules.has(member)) continue;
      // The parent's member by name, else its only time where the words name the parent ("the
      // timesheet's week").
      const on =
        anchors.find((name) => names(clause, name)) ??
        (anchors.length === 1 && names(clause, parentWord) ? anchors[0] : undefined);
      if (on === undefined || on === member) continue;
      const days = PERIODS.find(([words]) => words.test(clause))?.[1] ?? 1;
      rules.set(member, {
        member,
        on,
        parent: parent.path,
        days,
        words: clause
          .replace(/\s+/g, ' ')
          .replace(/^\s*[*-]\s+/, '')
          .replace(/[;,]$/, '')
          .trim(),
      });
    }
  }
  return [...rules.values()];
}

function operationObject(contract: Contract, path: string, method: string): unknown {
  const paths = contract.document.paths as Record<string, Record<string, unknown>> | undefined;
  return paths?.[path]?.[method.toLowerCase()];
}
