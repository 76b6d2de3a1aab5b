// Dates whose words keep them in the past ("Days after today (UTC) are refused with `422`") or in the
// future ("must be in the future") are drawn there: a plain body is then one the service takes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { valueArbitrary } from './values.js';

const drawn = (schema: Record<string, unknown>) =>
  fc.sample(valueArbitrary(schema as never, { style: 'plain' }) as fc.Arbitrary<string>, { numRuns: 200, seed: 7 });

describe('dates the words bound', () => {
  it.each([
    ['date', 'Day the work was carried out. Days after today (UTC) are refused with `422`.'],
    ['date-time', 'When it happened; it may not be in the future.'],
  ])('draws %s values before today where the words keep them in the past', (format, description) => {
    const today = Date.now();
    for (const value of drawn({ type: 'string', format, description })) expect(Date.parse(value)).toBeLessThan(today);
  });

  it('draws values after today where the words ask for the future', () => {
    const today = Date.now();
    for (const value of drawn({ type: 'string', format: 'date', description: 'The start; it must be in the future.' }))
      expect(Date.parse(value)).toBeGreaterThan(today);
  });

  it('draws this century where the words say nothing', () => {
    const years = drawn({ type: 'string', format: 'date' }).map((value) => Number(value.slice(0, 4)));
    expect(Math.max(...years)).toBeGreaterThan(new Date().getUTCFullYear());
  });
});
