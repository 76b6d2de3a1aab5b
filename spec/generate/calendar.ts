// Dates and times that are well formed but name no moment: a day past the month's end, February
// 29th of a common year, month 13, hour 24, minute 60. A service that parses dates by pattern
// alone takes them; RFC 3339 (and ajv-formats' full mode, which the mock uses) refuses them.
// (Second 60 is left out: RFC 3339 allows it for leap seconds.)

const IMPOSSIBLE: Readonly<Record<string, ReadonlyArray<readonly [string, string]>>> = {
  date: [
    ['2026-02-30', 'February 30th'],
    ['2025-02-29', 'February 29th of a common year'],
    ['2026-13-01', 'month 13'],
  ],
  'date-time': [
    ['2026-04-31T10:00:00Z', 'April 31st'],
    ['2026-01-01T24:00:01Z', 'hour 24'],
    ['2026-01-01T10:60:00Z', 'minute 60'],
  ],
};

/** Well-formed values of a date format that name no real date or time, each with what is wrong. */
export function impossibleCalendarValues(format: unknown): ReadonlyArray<readonly [string, string]> {
  return typeof format === 'string' && Object.hasOwn(IMPOSSIBLE, format) ? IMPOSSIBLE[format]! : [];
}
