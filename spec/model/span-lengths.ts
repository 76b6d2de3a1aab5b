// A count the words derive from two times of the item: "`nights` = days from `checkIn` to
// `checkOut`", "`minutes`: whole minutes between `start` and `end`", "`checkOut` − `checkIn` in
// days". Read as a formula whose one operand is the span (a token `span:from:to:unitMs:rounding`),
// so every reader of formulas (the mock's values, the runner's judge) computes it like any other.
import { mergeAllOf } from '../schema/all-of.js';

const UNIT_MS: Readonly<Record<string, number>> = {
  second: 1_000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  night: 86_400_000,
  week: 7 * 86_400_000,
};
const UNIT = '(second|minute|hour|day|night|week)s?';
/** "whole minutes between `start` and `end`", "the number of nights from `checkIn` to `checkOut`". */
const BETWEEN = new RegExp(
  `(?:the\\s+)?(?:number\\s+of\\s+)?(whole\\s+|full\\s+|complete\\s+)?${UNIT}\\s+(?:from|between)\\s+\`(\\w+)\`\\s+(?:to|and|until|till)\\s+\`(\\w+)\``,
  'i',
);
/** "`checkOut` − `checkIn` in days", "(`end` - `start`) in whole minutes". */
const DIFFERENCE = new RegExp(
  `\\(?\\s*\`(\\w+)\`\\s*[-−–]\\s*\`(\\w+)\`\\s*\\)?\\s*,?\\s*\\(?(?:in|as)\\s+(whole\\s+|full\\s+|complete\\s+)?${UNIT}`,
  'i',
);

export interface SpanOperand {
  readonly from: string;
  readonly to: string;
  readonly unitMs: number;
  /** "whole minutes": the span rounded down; else as long as it is (dates are whole days anyway). */
  readonly whole: boolean;
}

const timeLike = (schema: unknown): boolean => {
  const format = mergeAllOf((schema ?? {}) as Record<string, unknown>).format;
  return format === 'date' || format === 'date-time';
};

/** The span the words give a count by, over two date or date-time members of the item. */
export function spanOf(text: string, properties: Readonly<Record<string, unknown>>): SpanOperand | undefined {
  const between = BETWEEN.exec(text);
  const difference = between ? null : DIFFERENCE.exec(text);
  const [from, to, whole, unit] = between
    ? [between[3]!, between[4]!, between[1], between[2]!]
    : difference
      ? [difference[2]!, difference[1]!, difference[3], difference[4]!]
      : [];
  if (!from || !to || from === to || !timeLike(properties[from]) || !timeLike(properties[to])) return undefined;
  return { from, to, unitMs: UNIT_MS[unit!.toLowerCase()]!, whole: whole !== undefined };
}

export const spanToken = (span: SpanOperand): string =>
  `span:${span.from}:${span.to}:${span.unitMs}:${span.whole ? 'whole' : 'exact'}`;

/** The span's length in its unit on the item, or undefined where a time is missing or unreadable. */
export function spanValue(token: string, item: Readonly<Record<string, unknown>>): number | undefined {
  const [, from, to, unitMs, rounding] = token.split(':');
  const [start, end] = [item[from!], item[to!]];
  if (typeof start !== 'string' || typeof end !== 'string') return undefined;
  const ms = Date.parse(end) - Date.parse(start);
  if (Number.isNaN(ms)) return undefined;
  const length = ms / Number(unitMs);
  return rounding === 'whole' ? Math.floor(length) : length;
}
