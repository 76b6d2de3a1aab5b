// Times moved into a parent's period: every value lands inside it, values inside stay as they are,
// and different days stay different within the period.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anchoredValue } from './anchors.js';

const DAY = 86_400_000;
const instants = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());
const offsets = fc.constantFrom('Z', '+01:00', '-05:00', '+14:00', '-12:00');

describe('anchoredValue', () => {
  it('puts any date-time, in any offset, inside [anchor, anchor + days)', () => {
    fc.assert(
      fc.property(instants, offsets, fc.integer({ min: 1, max: 31 }), instants, (value, offset, days, anchor) => {
        const written = `${value.slice(0, 19)}${offset}`;
        const start = Date.parse(`${anchor.slice(0, 10)}T00:00:00Z`);
        const moved = anchoredValue(written, anchor.slice(0, 10), days) as string;
        const at = Date.parse(moved);
        expect(at).toBeGreaterThanOrEqual(start);
        expect(at).toBeLessThan(start + days * DAY);
      }),
    );
  });

  it('keeps a value already inside, so moving twice moves once', () => {
    fc.assert(
      fc.property(instants, instants, fc.integer({ min: 1, max: 14 }), (value, anchor, days) => {
        const once = anchoredValue(value, anchor.slice(0, 10), days);
        expect(anchoredValue(once, anchor.slice(0, 10), days)).toBe(once);
      }),
    );
  });

  it('keeps the wall-clock time and gives different days different days of the week', () => {
    const monday = '2030-01-07';
    const days = ['2041-03-04T09:30:00Z', '2041-03-05T09:30:00Z', '2041-03-06T09:30:00Z'].map((value) =>
      anchoredValue(value, monday, 7),
    );
    expect(new Set(days).size).toBe(3);
    for (const day of days) expect(day).toMatch(/^2030-01-(0[7-9]|1[0-3])T09:30:00Z$/);
  });

  it('moves dates too, and leaves what is no time alone', () => {
    expect(anchoredValue('2041-03-04', '2030-01-07', 1)).toBe('2030-01-07');
    expect(anchoredValue('soon', '2030-01-07', 7)).toBe('soon');
    expect(anchoredValue('2041-03-04T09:30:00Z', 'not a date', 7)).toBe('2041-03-04T09:30:00Z');
  });
});
