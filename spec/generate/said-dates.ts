// Dates the words keep on one side of today: "Days after today (UTC) are refused with `422`", "may
// not be in the future" (the past), "must be in the future": plain values keep to them.
import fc from 'fast-check';

type Schema = Record<string, unknown>;

/** The first plain date (scalars.ts draws this century). */
const PLAIN_FIRST = new Date('2001-01-01T00:00:00Z');

// Words that keep a date in the past ("Days after today (UTC) are refused with `422`", "may not be
// in the future"), or in the future ("must be in the future"): plain values keep to them, with room
// for the years fresh values move them by.
const PAST_ONLY =
  /\b(?:after today|in the future|future (?:dates?|days?))\b[^.]{0,40}\b(?:refused|rejected|not allowed|invalid|4\d\d)\b|\b(?:may|must|cannot|can't|can)\s+not\s+(?:be|lie)\s+in the future\b|\bnot (?:be )?(?:later|after) than today\b|\bmust (?:be|lie) in the past\b/i;
const FUTURE_ONLY =
  /\bmust (?:be|lie) in the future\b|\b(?:in the past|before today)\b[^.]{0,40}\b(?:refused|rejected|not allowed|invalid|4\d\d)\b/i;
const YEAR_MS = 366 * 86_400_000;

/** The plain dates of a member its words keep in the past or the future. */
export function saidDates(schema: Schema): (() => fc.Arbitrary<string>) | undefined {
  const words = typeof schema.description === 'string' ? schema.description : '';
  if (schema.format !== 'date' && schema.format !== 'date-time') return undefined;
  const past = PAST_ONLY.test(words);
  if (!past && !FUTURE_ONLY.test(words)) return undefined;
  const now = Date.now();
  const [min, max] = past
    ? [PLAIN_FIRST, new Date(now - 3 * YEAR_MS)]
    : [new Date(now + 2 * 86_400_000), new Date(now + 3 * YEAR_MS)];
  const date = fc.date({ min, max, noInvalidDate: true });
  return schema.format === 'date'
    ? () => date.map((d) => d.toISOString().slice(0, 10))
    : () => date.map((d) => d.toISOString());
}
