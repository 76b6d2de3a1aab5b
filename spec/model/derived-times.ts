// Times the words derive from others: "`dueAt` = `loanedAt` + exactly 14 days (336 hours)", a
// member described as "`loanedAt` + 14 days × (1 + `renewCount`)", "expiresAt is 24 hours after
// createdAt". Read where both members are date-times of the item (and a multiplier's member an
// integer); judged on every answer that holds the item.
import type { Contract } from '../contract/types.js';
import { mergeAllOf, propertiesOf } from '../schema/all-of.js';
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
  /** A further amount per unit of an integer member: "plus 14 days for each renewal" (`renewals`). */
  readonly each?: { readonly member: string; readonly plusMs: number };
  /** An amount per value of an enum member ("+ the response time of the ticket's priority:
   * `urgent` 4 hours, `high` 24 hours"): added instead of `plusMs`, by the item's value. */
  readonly byValue?: { readonly member: string; readonly plusMs: Readonly<Record<string, number>> };
  /** How far an answer may be off: a second (precision), an hour for calendar days not said exact. */
  readonly toleranceMs: number;
  /** Said of a new item only ("A new loan ... `dueAt` = `loanedAt` + 14 days"): judged on its creation. */
  readonly onCreation?: boolean;
  /** The member is a date (`format: date`): "`dueDate` = the UTC date of `loanedAt` plus `days` days". */
  readonly dateOnly?: true;
  /** Said of the member where the client leaves it out ("an absent `dueDate` is the date of
   * `loanedAt` plus 21 days"): a default, judged on a creation that did not send it. */
  readonly whenAbsent?: true;
  readonly words: string;
}

/** "an absent `dueDate`", "`dueDate`, where omitted,", "if `dueDate` is not sent". */
const absentSaid = (member: string, words: string): boolean =>
  new RegExp(
    `\\b(?:absent|omitted|missing|without an?|without)\\s+\`?${member}\\b|\`?\\b${member}\`?,?\\s+(?:is\\s+|was\\s+|where\\s+|when\\s+|if\\s+)?(?:absent|omitted|not sent|not given|left out|defaults)\\b`,
    'i',
  ).test(words);

const UNIT_MS: Readonly<Record<string, number>> = {
  second: 1_000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
};
const NAME = '`?([A-Za-z_]\\w*)`?';
/** The time added from: a member, or the date of one ("the UTC date of `loanedAt`"). */
const FROM = `(?:the\\s+(?:UTC\\s+)?(?:calendar\\s+)?date\\s+of\\s+)?${NAME}`;
/** A number of units, or an integer member's ("plus `days` days"). */
const AMOUNT = '(exactly\\s+)?(\\d+|`[A-Za-z_]\\w*`)\\s*(second|minute|hour|day|week)s?';
const TIMES = '(?:\\s*[×x*]\\s*\\(\\s*1\\s*\\+\\s*`?([A-Za-z_]\\w*)`?\\s*\\))?';
/** "`dueAt` = `loanedAt` + 14 days", "`dueAt` is `loanedAt` plus 14 days". */
const EQUALS = new RegExp(`${NAME}\\s*(?:=|is|equals|to)\\s*${FROM}\\s*(?:\\+|plus)\\s*${AMOUNT}${TIMES}`, 'gi');
/** "expiresAt is 24 hours after createdAt". */
const AFTER = new RegExp(`${NAME}\\s+is\\s+${AMOUNT}\\s+after\\s+${NAME}`, 'gi');
/** A member's own description: "`loanedAt` + 14 days × (1 + `renewCount`)". */
const OWN = new RegExp(`^\\s*${FROM}\\s*(?:\\+|plus)\\s*${AMOUNT}${TIMES}`, 'i');

/** A further term after the addition: "…, plus 14 days for each renewal", "plus another 14 days for
 * each renewal". */
const EACH =
  /^\s*,?\s*(?:and\s+)?(?:\+|plus)\s*(?:another\s+|a\s+further\s+|an\s+additional\s+|further\s+)?(\d+)\s*(second|minute|hour|day|week)s?\s+(?:for|per)\s+(?:each|every)\s+`?([A-Za-z_]\w*)`?/i;
/** Any further term at all: one that cannot be read leaves the rule unjudged. */
const MORE = /^\s*,?\s*(?:and\s+)?(?:\+|plus|minus|-)\s*\d/i;

/** "`dueAt` = `createdAt` + the response time of the ticket's priority: `urgent` 4 hours, `high` 24
 * hours, …": an amount per value of a member. */
const BY_VALUE = new RegExp(
  `${NAME}\\s*(?:=|is|equals)\\s*${NAME}\\s*(?:\\+|plus)\\s*the\\s+[^:.;]{0,60}?\\b(?:of|by|for)\\s+(?:the\\s+)?(?:[\\w-]+'s\\s+)?${NAME}\\s*:\\s*((?:\\s*(?:,|and)?\\s*\`?[\\w-]+\`?\\s+\\d+\\s*(?:second|minute|hour|day|week)s?)+)`,
  'gi',
);
const VALUE_AMOUNT = /`?([\w-]+)`?\s+(\d+)\s*(second|minute|hour|day|week)s?/gi;

/** The amount a rule adds to the item's time: by its value where the rule goes by one, else
 * `plusMs` (times 1 + the count, plus each unit); undefined where a member it needs is missing. */
export function addedMs(rule: DerivedTime, item: Readonly<Record<string, unknown>>): number | undefined {
  const count = rule.times === undefined ? 0 : item[rule.times];
  const each = rule.each === undefined ? 0 : item[rule.each.member];
  if (typeof count !== 'number' || typeof each !== 'number') return undefined;
  const base = rule.byValue ? rule.byValue.plusMs[String(item[rule.byValue.member])] : rule.plusMs;
  return base === undefined ? undefined : base * (1 + count) + (rule.each?.plusMs ?? 0) * each;
}

/** The integer member a per-unit word names: "renewal" is `renewals`, `renewalCount`, `renewCount`. */
function countMember(word: string, members: Record<string, JsonSchema>): string | undefined {
  const stem = word.toLowerCase().replace(/s$/, '');
  return Object.keys(members).find((name) => {
    const base = name
      .toLowerCase()
      .replace(/_/g, '')
      .replace(/count$/, '')
      .replace(/s$/, '');
    return isInteger(members[name]) && (base === stem || (base.length >= 4 && stem.startsWith(base)));
  });
}

/** Words of a new item: what they derive holds when it is made, not after its changes. */
const NEW_ITEM = /\bnew\b|\bcreat(?:ed|ion|ing)\b|\bwhen made\b/i;

// Declared as allOf [$ref] beside readOnly or a description: merged first.
const merged = (schema: unknown) =>
  typeof schema === 'object' && schema !== null ? mergeAllOf(schema as Record<string, unknown>) : undefined;
const isDateTime = (schema: unknown) => merged(schema)?.format === 'date-time';
const isDate = (schema: unknown) => merged(schema)?.format === 'date';
const isInteger = (schema: unknown) => merged(schema)?.type === 'integer';
const describe = (value: unknown): string | undefined => {
  const description = (value as { description?: unknown } | undefined)?.description;
  return typeof description === 'string' ? description : undefined;
};

/** A date is exact where the words say whose day it is ("the UTC date of"), else a day either way
 * (the service's own time zone). */
const dateTolerance = (words: string): number => (/\bUTC\b/.test(words) ? 0 : UNIT_MS.day!);

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
    rest: string,
    onCreation = false,
  ) => {
    const dateOnly = isDate(members[member]);
    if (found.has(member) || member === from || !(isDateTime(members[member]) || dateOnly)) return;
    const whenAbsent = absentSaid(member, words) ? { whenAbsent: true as const, onCreation: true } : {};
    if (!isDateTime(members[from]) || (times !== undefined && !isInteger(members[times]))) return;
    const unitMs = UNIT_MS[unit.toLowerCase()]!;
    // "plus `days` days": the amount is the item's own count, in the unit.
    const byMember = /^`(\w+)`$/.exec(count)?.[1];
    if (byMember !== undefined) {
      if (!isInteger(members[byMember]) || times !== undefined || MORE.test(rest)) return;
      found.set(member, {
        member,
        from,
        plusMs: 0,
        each: { member: byMember, plusMs: unitMs },
        toleranceMs: dateOnly ? dateTolerance(words) : 1_000,
        ...(onCreation ? { onCreation } : {}),
        ...(dateOnly ? { dateOnly } : {}),
        ...whenAbsent,
        words,
      });
      return;
    }
    const further = EACH.exec(rest);
    const perMember = further ? countMember(further[3]!, members) : undefined;
    if (MORE.test(rest) && perMember === undefined) return;
    const each = perMember
      ? { member: perMember, plusMs: Number(further![1]) * UNIT_MS[further![2]!.toLowerCase()]! }
      : undefined;
    const toleranceMs = dateOnly ? dateTolerance(words) : unitMs >= UNIT_MS.day! && !exact ? UNIT_MS.hour! : 1_000;
    found.set(member, {
      member,
      from,
      plusMs: Number(count) * unitMs,
      ...(times ? { times } : {}),
      ...(each ? { each } : {}),
      toleranceMs,
      ...(onCreation ? { onCreation } : {}),
      ...(dateOnly ? { dateOnly } : {}),
      ...whenAbsent,
      words,
    });
  };
  const byValue = (member: string, from: string, by: string, list: string, words: string) => {
    if (found.has(member) || !isDateTime(members[member]) || !isDateTime(members[from]) || !(by in members)) return;
    const values = (merged(members[by])?.enum as unknown[] | undefined)?.map(String);
    const pairs = [...list.matchAll(VALUE_AMOUNT)].map(
      (m) => [m[1]!, Number(m[2]) * UNIT_MS[m[3]!.toLowerCase()]!] as const,
    );
    if (pairs.length === 0 || (values && pairs.some(([value]) => !values.includes(value)))) return;
    found.set(member, {
      member,
      from,
      plusMs: 0,
      byValue: { member: by, plusMs: Object.fromEntries(pairs) },
      toleranceMs: 1_000,
      words,
    });
  };
  for (const [member, property] of Object.entries(members)) {
    const text = describe(property)?.replace(/\s+/g, ' ').trim();
    const own = text ? OWN.exec(text) : null;
    if (own) add(member, own[1]!, own[2] !== undefined, own[3]!, own[4]!, own[5], text!, text!.slice(own[0].length));
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
      const after = (m: RegExpMatchArray) => words.slice(m.index! + m[0].length);
      for (const m of words.matchAll(EQUALS))
        add(m[1]!, m[2]!, m[3] !== undefined, m[4]!, m[5]!, m[6], words, after(m), onCreation && m[6] === undefined);
      for (const m of words.matchAll(AFTER))
        add(m[1]!, m[5]!, m[2] !== undefined, m[3]!, m[4]!, undefined, words, after(m), onCreation);
      for (const m of words.matchAll(BY_VALUE)) byValue(m[1]!, m[2]!, m[3]!, m[4]!, words);
    }
  return [...found.values()];
}

/** The item with each derived time set from the member it is derived from (the mock's creations). */
export function withDerivedTimes<T extends Record<string, unknown>>(item: T, rules: readonly DerivedTime[]): T {
  let next = item;
  for (const rule of rules) {
    const from = item[rule.from];
    const start = typeof from === 'string' ? Date.parse(from) : Number.NaN;
    const plus = addedMs(rule, item);
    if (Number.isNaN(start) || plus === undefined) continue;
    const at = new Date(start + plus).toISOString();
    next = { ...next, [rule.member]: rule.dateOnly ? at.slice(0, 10) : at };
  }
  return next;
}
