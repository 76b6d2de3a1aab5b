// Members that open and close a span (startsAt/endsAt, start_date/end_date, checkIn/checkOut,
// validFrom/validUntil, from/to): a service takes an end only after its start, whatever its words, so a
// generated body whose end does not follow its start gets an end an hour (a day, for dates) after.
type Body = Record<string, unknown>;

/** The member names that may close the span a member opens. */
function endsOf(name: string): string[] {
  const swaps: [RegExp, string[]][] = [
    [/starts/, ['ends']],
    [/Starts/, ['Ends']],
    [/start/, ['end']],
    [/Start/, ['End']],
    [/begins/, ['ends']],
    [/Begins/, ['Ends']],
    [/checkIn/, ['checkOut']],
    [/check_in/, ['check_out']],
    [/From$/, ['Until', 'To']],
    [/_from$/, ['_until', '_to']],
    [/^from$/, ['to', 'until']],
    [/^since$/, ['until']],
  ];
  return swaps.flatMap(([from, tos]) => (from.test(name) ? tos.map((to) => name.replace(from, to)) : []));
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The body with every span's end after its start, where both are dates; the body itself where
 * nothing needed to move. */
export function withOrderedSpans(body: Body, keep: (member: string) => boolean = () => false): Body {
  let fixed: Body | undefined;
  for (const [name, start] of Object.entries(body)) {
    if (typeof start !== 'string') continue;
    const end = endsOf(name).find((other) => typeof body[other] === 'string');
    if (end === undefined || keep(end)) continue;
    const [from, to] = [Date.parse(start), Date.parse(body[end] as string)];
    if (Number.isNaN(from) || Number.isNaN(to) || to > from) continue;
    const dateOnly = DATE_ONLY.test(start);
    const moved = new Date(from + (dateOnly ? DAY : HOUR)).toISOString();
    (fixed ??= { ...body })[end] = dateOnly ? moved.slice(0, 10) : moved.replace(/\.000Z$/, 'Z');
  }
  return fixed ?? body;
}
