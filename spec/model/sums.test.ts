// Totals that add up, read from member names: money members named with their unit (`subtotalCents`,
// `unit_price_minor`) add up as the bare names do.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sumsOf, withSums } from './sums.js';

const line = fc.record({ quantity: fc.integer({ min: 1, max: 9 }), unitPriceCents: fc.integer({ min: 0, max: 9999 }) });

describe('sums of money members named with their unit', () => {
  it('add the lines into itemCount, subtotalCents and totalCents', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 900 }),
        (lines, shipping) => {
          const order = { lines, itemCount: 0, subtotalCents: 0, shippingCents: shipping, totalCents: 0 };
          const subtotal = lines.reduce((sum, one) => sum + one.quantity * one.unitPriceCents, 0);
          const rules = Object.fromEntries(sumsOf(order).map((rule) => [rule.path.join('.'), rule.expected]));
          expect(rules).toEqual({
            itemCount: lines.reduce((sum, one) => sum + one.quantity, 0),
            subtotalCents: subtotal,
            totalCents: subtotal + shipping,
          });
          expect(withSums(order).totalCents).toBe(subtotal + shipping);
        },
      ),
    );
  });

  it('give a line answered on its own its total, and leave `total` or `amount` beside a stock quantity', () => {
    fc.assert(
      fc.property(line, fc.integer({ min: 0, max: 99 }), (one, drawn) => {
        expect(withSums({ ...one, lineTotalCents: drawn }).lineTotalCents).toBe(one.quantity * one.unitPriceCents);
        expect(withSums({ ...one, totalCents: drawn }).totalCents).toBe(drawn);
        expect(withSums({ quantity: one.quantity, price: one.unitPriceCents, amount: drawn }).amount).toBe(drawn);
      }),
    );
  });
});
