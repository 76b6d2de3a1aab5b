// Items that must not overlap in time, as the words say: "two entries of one timesheet must not
// overlap in time. An entry covers the half-open interval [startedAt, startedAt + minutes) ...; an
// entry that starts exactly when another ends does not overlap it [409]". Read as a rule on the
// start (one item per instant, at least), with the interval it spans: its length member and unit,
// or its end member, and whether an item starting as another ends is free (half-open).
import { propertiesOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';

export interface Interval {
  /** The date-time member the interval starts at. */
  readonly start: string;
  /** Its length: a number member in a unit (milliseconds per unit). */
  readonly length?: { readonly member: string; readonly unitMs: number };
  /** Or its end: a date-time member. */
  readonly end?: string;
  /** An item starting exactly when another ends does not overlap it (the words say half-open). */
  readonly touchingFree: boolean;
  /** Its members are dates (`format: date`: a stay's days), not instants. */
  readonly days?: true;
}

/** An instant as the interval's members write it: a date, or an RFC 3339 date-time. */
export const intervalText = (interval: Pick<Interval, 'days'>, ms: number): string =>
  interval.days ? new Date(ms).toISOString().slice(0, 10) : new Date(ms).toISOString().replace(/\.000Z$/, 'Z');

const FORBIDS_OVERLAP =
  /\b(?:must not|may not|cannot|can ?not|can't|never|no two)\b[^.;]{0,60}\boverlap|\boverlapping\b[^.;]{0,60}\b(?:refused|rejected|conflict|409)|\b(?:refused|rejected)\b[^.;]{0,120}\boverlaps?\b/i;
// The same rule said of the time two items share: "must not already have a reservation ... sharing
// at least one of those nights; otherwise 409".
const SHARED_TIME =
  /\bshar(?:e|es|ing)\b[^.;]{0,30}\b(?:at least one|any|a|one)\b[^.;]{0,20}\b(?:nights?|days?|dates?|hours?|minutes?|slots?)\b/i;
const FORBIDS_SHARING = /\b(?:must not|may not|cannot|can ?not|can't|never|no two|otherwise|refused|rejected|409)\b/i;
// Nights are counted from the first date to the day before the last: a stay ending on a day leaves
// that night to the next one.
const NIGHTS = /\bnights?\b/i;
const HALF_OPEN =
  /\bhalf[- ]open\b|\bstarts? (?:exactly )?(?:when|as|where) (?:another|the other|one) ends?\b[^.;]{0,40}\b(?:does not|doesn't|do not|don't)\s+overlap|\bends? (?:on the day|when|as|where) (?:another|the other|one|the next)(?: one)? (?:begins|starts)\b[^.;]{0,40}\b(?:does not|doesn't|do not|don't)\s+overlap|\btouching\b[^.;]{0,30}\b(?:allowed|fine|free|not overlap)|\bback[- ]to[- ]back\b[^.;]{0,30}\b(?:allowed|fine|free|permitted|accepted|ok|do not overlap|don't overlap)/i;
const UNITS: readonly [RegExp, number][] = [
  [/minutes?|mins?\b/i, 60_000],
  [/hours?|hrs?\b/i, 3_600_000],
  [/seconds?|secs?\b/i, 1_000],
  [/millis|milliseconds?|\bms\b/i, 1],
];

const named = (text: string, member: string): boolean =>
  new RegExp(`(^|[^\\w])${member.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\w]|$)`).test(text);

/** Where the words first name the member (-1 placed last). */
const mentionOf = (text: string, member: string): number => {
  const at = text.search(new RegExp(`(^|[^\\w])${member.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\w]|$)`));
  return at < 0 ? Number.MAX_SAFE_INTEGER : at;
};

const kind = (schema: unknown): { format?: unknown; type?: unknown } => (schema ?? {}) as { format?: unknown };

/** The interval the words around a sentence forbid overlapping, over the request's members. */
export function intervalOf(sentence: string, around: string, schema: JsonSchema | undefined): Interval | undefined {
  const shared = SHARED_TIME.test(sentence) && FORBIDS_SHARING.test(sentence);
  if (!FORBIDS_OVERLAP.test(sentence) && !shared) return undefined;
  const all = Object.entries(propertiesOf(schema));
  const spoken = all.filter(([name]) => named(around, name));
  // Words of "the new period" name no member: the item's one start and end then span it.
  const pair = all.filter(([, p]) => ['date-time', 'date'].includes(String(kind(p).format)));
  const members =
    spoken.some(([, p]) => ['date-time', 'date'].includes(String(kind(p).format))) || pair.length !== 2
      ? spoken
      : [...spoken, ...pair];
  const dated = (format: string) => members.filter(([, p]) => kind(p).format === format).map(([name]) => name);
  const days = dated('date-time').length === 0 && dated('date').length > 0;
  const instants = dated(days ? 'date' : 'date-time');
  // The end by its name (endsAt, until); else, of two, the one the words name second ("[checkIn,
  // checkOut)").
  const ends = (name: string) => /end|finish|until|stop/i.test(name);
  const mentioned = [...instants].sort((a, b) => mentionOf(around, a) - mentionOf(around, b));
  const [start, end] = instants.some(ends)
    ? [instants.find((name) => !ends(name)), instants.find(ends)]
    : instants.length === 2
      ? mentioned
      : [instants[0], undefined];
  if (!start) return undefined;
  const touchingFree = HALF_OPEN.test(around) || (shared && NIGHTS.test(sentence));
  if (end) return { start, end, touchingFree, ...(days ? { days: true as const } : {}) };
  if (days) return undefined;
  for (const [name, property] of members) {
    const type = kind(property).type;
    if (type !== 'integer' && type !== 'number') continue;
    const unit = UNITS.find(([words]) => words.test(name))?.[1];
    if (unit !== undefined) return { start, length: { member: name, unitMs: unit }, touchingFree };
  }
  return undefined;
}
