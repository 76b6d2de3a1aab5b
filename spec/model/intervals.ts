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
}

const FORBIDS_OVERLAP =
  /\b(?:must not|may not|cannot|can ?not|can't|never|no two)\b[^.;]{0,60}\boverlap|\boverlapping\b[^.;]{0,60}\b(?:refused|rejected|conflict|409)/i;
const HALF_OPEN =
  /\bhalf[- ]open\b|\bstarts? (?:exactly )?(?:when|as|where) (?:another|the other|one) ends?\b[^.;]{0,40}\b(?:does not|doesn't|do not|don't)\s+overlap|\btouching\b[^.;]{0,30}\b(?:allowed|fine|free|not overlap)/i;
const UNITS: readonly [RegExp, number][] = [
  [/minutes?|mins?\b/i, 60_000],
  [/hours?|hrs?\b/i, 3_600_000],
  [/seconds?|secs?\b/i, 1_000],
  [/millis|milliseconds?|\bms\b/i, 1],
];

const named = (text: string, member: string): boolean =>
  new RegExp(`(^|[^\\w])${member.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\w]|$)`).test(text);

const kind = (schema: unknown): { format?: unknown; type?: unknown } => (schema ?? {}) as { format?: unknown };

/** The interval the words around a sentence forbid overlapping, over the request's members. */
export function intervalOf(sentence: string, around: string, schema: JsonSchema | undefined): Interval | undefined {
  if (!FORBIDS_OVERLAP.test(sentence)) return undefined;
  const members = Object.entries(propertiesOf(schema)).filter(([name]) => named(around, name));
  const instants = members.filter(([, property]) => kind(property).format === 'date-time').map(([name]) => name);
  const [start, end] = [
    instants.find((name) => !/end|finish|until|stop/i.test(name)),
    instants.find((name) => /end|finish|until|stop/i.test(name)),
  ];
  if (!start) return undefined;
  const touchingFree = HALF_OPEN.test(around);
  if (end) return { start, end, touchingFree };
  for (const [name, property] of members) {
    const type = kind(property).type;
    if (type !== 'integer' && type !== 'number') continue;
    const unit = UNITS.find(([words]) => words.test(name))?.[1];
    if (unit !== undefined) return { start, length: { member: name, unitMs: unit }, touchingFree };
  }
  return undefined;
}
