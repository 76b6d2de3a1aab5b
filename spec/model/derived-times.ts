// Times the words derive from others: "`dueAt` = `loanedAt` + exactly 14 days (336 hours)", a
// member described as "`loanedAt` + 14 days × (1 + `renewCount`)", "expiresAt is 24 hours after
// createdAt". Read where both members are date-times of the item (and a multiplier's member an
// integer); judged on every answer that holds the item.
import type { Contract } from '../contract/types.js';
import { propertiesOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { CollectionSpec } from './collections.js';
import { collectionResource } from './references.js';
import { sentencesOf } from './sentences.js';

export interface DerivedTime {
  /** The member derived, and the one it is derived from. */
  readonly member: string;
  readonly from: string;
  /** What is added, in milliseconds (times 1 + `times` where given). */
  readonly plusMs: number;
  /** An integer member the addition is repeated by: "× (1 + `renewCount`)". */
  readonly times?: string;
  /** How far an answer may be off: a second (precision), an hour for calendar days not said exact. */
  readonly toleranceMs: number;
  /** Said of a new item only ("A new loan ... `dueAt` = `loanedAt` + 14 days"): judged on its creation. */
  readonly onCreation?: boolean;
  readonly words: string;
}

const UNIT_MS: Readonly<Record<string, number>> = {
  second: 1_000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
};
const NAME = '`?([A-Za-z_]\\w*)`?';
const AMOUNT = '(exactly\\s+)?(\\d+)\\s*(second|minute|hour|day|week)s?';
const TIMES = '(?:\\s*[×x*]\\s*\\(\\s*1\\s*\\+\\s*`?([A-Za-z_]\\w*)`?\\s*\\))?';
/** "`dueAt` = `loanedAt` + 14 days", "`dueAt` is `loanedAt` plus 14 days". */
const EQUALS = new RegExp(`${NAME}\\s*(?:=|is|equals)\\s*${NAME}\\s*(?:\\+|plus)\\s*${AMOUNT}${TIMES}`, 'gi');
/** "expiresAt is 24 hours after createdAt". */
const AFTER = new RegExp(`${NAME}\\s+is\\s+${AMOUNT}\\s+after\\s+${NAME}`, 'gi');
/** A member's own description: "`loanedAt` + 14 days × (1 + `renewCount`)". */
const OWN = new RegExp(`^\\s*${NAME}\\s*(?:\\+|plus)\\s*${AMOUNT}${TIMES}`, 'i');

/** Words of a new item: what they derive holds when it is made, not after its changes. */
const NEW_ITEM = /\bnew\b|\bcreat(?:ed|ion|ing)\b|\bwhen made\b/i;

const isDateTime = (schema: unknown) => (schema as { format?: unknown } | undefined)?.format === 'date-time';
const isInteger = (schema: unknown) => (schema as { type?: unknown } | undefined)?.type === 'integer';
const describe = (value: unknown): string | undefined => {
  const description = (value as { description?: unknown } | undefined)?.description;
  return typeof description === 'string' ? description : undefined;
};

const KNOWN = new WeakMap<CollectionSpec, DerivedTime[]>();

/** The derived times of the collection's items, read once per collection. */
export function derivedTimesOf(collection: CollectionSpec, contract: Contract): DerivedTime[] {
  let known = KNOWN.get(collection);
  if (!known) KNOWN.set(collection, (known = readDerivedTimes(collection, contract)));
  return known;
}

function readDerivedTimes(collection: CollectionSpec, contract: Contract): DerivedTime[] {
  const schema: JsonSchema | undefined =
    collection.read?.item.schema ?? collection.create?.item.schema ?? collection.list?.items.schema;
  const members = propertiesOf(schema);
  const found = new Map<string, DerivedTime>();
  const add = (
    member: string,
    from: string,
    exact: boolean,
    count: string,
    unit: string,
    times: string | undefined,
    words: string,
    onCreation = false,
  ) => {
    if (found.has(member) || member === from || !isDateTime(members[member]) || !isDateTime(members[from])) return;
    if (times !== undefined && !isInteger(members[times])) return;
    const unitMs = UNIT_MS[unit.toLowerCase()]!;
    const toleranceMs = unitMs >= UNIT_MS.day! && !exact ? UNIT_MS.hour! : 1_000;
    found.set(member, {
      member,
      from,
      plusMs: Number(count) * unitMs,
      ...(times ? { times } : {}),
      toleranceMs,
      ...(onCreation ? { onCreation } : {}),
      words,
    });
  };
  for (const [member, property] of Object.entries(members)) {
    const text = describe(property)?.replace(/\s+/g, ' ').trim();
    const own = text ? OWN.exec(text) : null;
    if (own) add(member, own[1]!, own[2] !== undefined, own[3]!, own[4]!, own[5], text!);
  }
  const resource = new RegExp(`\\b${collectionResource(collection)}s?\\b`, 'i');
  const texts = [
    { text: collection.create?.operation.description, creation: true },
    { text: describe(schema) },
    // The document's own words speak of every resource: only a sentence naming this one counts.
    { text: describe(contract.document.info), global: true },
  ];
  for (const { text, global, creation } of texts)
    for (const sentence of sentencesOf([text])) {
      const words = sentence.replace(/\s+/g, ' ').trim();
      if (global && !resource.test(words)) continue;
      const onCreation = creation === true || NEW_ITEM.test(words);
      for (const m of words.matchAll(EQUALS))
        add(m[1]!, m[2]!, m[3] !== undefined, m[4]!, m[5]!, m[6], words, onCreation && m[6] === undefined);
      for (const m of words.matchAll(AFTER))
        add(m[1]!, m[5]!, m[2] !== undefined, m[3]!, m[4]!, undefined, words, onCreation);
    }
  return [...found.values()];
}

/** The item with each derived time set from the member it is derived from (the mock's creations). */
export function withDerivedTimes<T extends Record<string, unknown>>(item: T, rules: readonly DerivedTime[]): T {
  let next = item;
  for (const rule of rules) {
    const from = item[rule.from];
    const count = rule.times === undefined ? 0 : item[rule.times];
    const start = typeof from === 'string' ? Date.parse(from) : Number.NaN;
    if (Number.isNaN(start) || typeof count !== 'number') continue;
    next = { ...next, [rule.member]: new Date(start + rule.plusMs * (1 + count)).toISOString() };
  }
  return next;
}
