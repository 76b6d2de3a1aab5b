// A span's end after its start, whatever two dates were generated: startsAt/endsAt, start_date/
// end_date, checkIn/checkOut, validFrom/validUntil, from/to; a member the case is about is left alone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withOrderedSpans } from './spans.js';

const instant = fc
  .date({ min: new Date('2001-01-01T00:00:00Z'), max: new Date('2079-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());
const pairs = fc.constantFrom(
  ['startsAt', 'endsAt'],
  ['start_time', 'end_time'],
  ['checkIn', 'checkOut'],
  ['validFrom', 'validUntil'],
  ['beginsAt', 'endsAt'],
  ['from', 'to'],
  ['since', 'until'],
);

describe('withOrderedSpans', () => {
  it('puts every end after its start, and keeps an end already after it', () => {
    fc.assert(
      fc.property(pairs, instant, instant, ([start, end], a, b) => {
        const body = withOrderedSpans({ [start!]: a, [end!]: b, note: 'x' });
        expect(Date.parse(body[end!] as string)).toBeGreaterThan(Date.parse(a));
        if (Date.parse(b) > Date.parse(a)) expect(body[end!]).toBe(b);
        expect(body.note).toBe('x');
      }),
    );
  });

  it('moves a date a day on, and leaves an end the case is about as it is', () => {
    expect(withOrderedSpans({ startDate: '2030-05-02', endDate: '2030-05-01' })).toEqual({
      startDate: '2030-05-02',
      endDate: '2030-05-03',
    });
    const about = { startsAt: '2030-05-02T10:00:00Z', endsAt: '2030-05-01T10:00:00Z' };
    expect(withOrderedSpans(about, (member) => member === 'endsAt')).toBe(about);
  });
});
