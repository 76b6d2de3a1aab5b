// Entries a list member's words keep one per value: "`lines` holds at most one line per `sku`", in
// the member's own description or a clause of its item's that names it. Other words read nothing.
import { describe, expect, it } from 'vitest';
import { uniqueEntriesOf } from './unique-entries.js';

const line = { type: 'object', properties: { sku: { type: 'string' }, quantity: { type: 'integer' } } };
const cart = (description: string, linesDescription?: string) => ({
  type: 'object',
  description,
  properties: {
    id: { type: 'string' },
    lines: { type: 'array', items: line, ...(linesDescription ? { description: linesDescription } : {}) },
  },
});

describe('entries kept one per value', () => {
  it("reads the item's clause that names the list member", () => {
    expect(uniqueEntriesOf(cart('A cart.\n\n- `lines` holds at most one line per `sku`; order open.'))).toEqual([
      { member: 'lines', key: 'sku', words: 'lines holds at most one line per sku' },
    ]);
  });

  it("reads the member's own description", () => {
    expect(uniqueEntriesOf(cart('A cart.', 'At most one line for each `sku`.'))[0]).toMatchObject({ key: 'sku' });
  });

  it('reads nothing for a key its entries do not hold, or other words', () => {
    expect(uniqueEntriesOf(cart('`lines` holds at most one line per `warehouse`.'))).toEqual([]);
    expect(uniqueEntriesOf(cart('`lines` may repeat a `sku`.'))).toEqual([]);
    expect(uniqueEntriesOf(undefined)).toEqual([]);
  });
});
