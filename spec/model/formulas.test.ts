// Members the words define as arithmetic over the item's others: read from a member's description
// (the whole of it an expression) or a sentence of the creation's words, and evaluated on an item.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateFormula, formulasOf } from './formulas.js';

const item = {
  type: 'object',
  properties: {
    partsTotal: { type: 'integer' },
    labourTotal: { type: 'integer' },
    total: { type: 'integer', description: '`partsTotal` + `labourTotal`.' },
    minutes: { type: 'integer' },
    lineTotal: { type: 'integer' },
    note: { type: 'integer', description: 'Usually `partsTotal` + a fee.' },
  },
};
const create = { description: 'A labour line: `lineTotal` = `minutes` / 60 × 1200.' } as never;

describe('formulas read from words', () => {
  const formulas = formulasOf(item as never, create);

  it('reads a description that is an expression, and a "`x` = ..." sentence, and nothing with other words', () => {
    expect(formulas.map(({ member, tokens }) => [member, tokens.join(' ')])).toEqual([
      ['total', 'm:partsTotal + m:labourTotal'],
      ['lineTotal', 'm:minutes / 60 * 1200'],
    ]);
  });

  it('evaluates them on an item, and not where a part is missing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: 1e6 }), (parts, labour) => {
        expect(evaluateFormula(formulas[0]!, { partsTotal: parts, labourTotal: labour })).toBe(parts + labour);
      }),
    );
    expect(evaluateFormula(formulas[1]!, { minutes: 45 })).toBe(900);
    expect(evaluateFormula(formulas[1]!, { quantity: 2 })).toBeUndefined();
  });

  it('reads operators said in words ("`capacity` minus `seatsSold` minus `seatsHeld`")', () => {
    const event = {
      type: 'object',
      properties: {
        capacity: { type: 'integer' },
        seatsSold: { type: 'integer' },
        seatsHeld: { type: 'integer' },
        seatsLeft: { type: 'integer', description: '`capacity` minus `seatsSold` minus `seatsHeld`.' },
        doubled: { type: 'integer', description: '`capacity` times 2 plus `seatsHeld`.' },
      },
    };
    const [left, doubled] = formulasOf(event as never);
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(1000), fc.nat(1000), (capacity, seatsSold, seatsHeld) => {
        expect(evaluateFormula(left!, { capacity, seatsSold, seatsHeld })).toBe(capacity - seatsSold - seatsHeld);
        expect(evaluateFormula(doubled!, { capacity, seatsHeld })).toBe(capacity * 2 + seatsHeld);
      }),
    );
  });

  it('reads an expression written in one code span, with trailing words of rounding left out', () => {
    const charge = {
      type: 'object',
      properties: {
        quantity: { type: 'integer' },
        unitPrice: { type: 'number' },
        amount: { type: 'number', description: '`quantity * unitPrice`, rounded to cents.' },
      },
    };
    const [amount] = formulasOf(charge as never);
    expect(amount && [amount.member, amount.tokens.join(' ')]).toEqual(['amount', 'm:quantity * m:unitPrice']);
    expect(evaluateFormula(amount!, { quantity: 3, unitPrice: 14.5 })).toBe(43.5);
  });
});

describe('a threshold read from words', () => {
  const order = {
    type: 'object',
    properties: {
      subtotalCents: { type: 'integer' },
      shippingCents: {
        type: 'integer',
        description: '500 when `subtotalCents` is below 5000, else 0 (see `GET /shipping-policy`).',
      },
    },
  };
  const [shipping] = formulasOf(order as never);

  it('holds the first value under the bound and the other from it on, at every subtotal', () => {
    expect(shipping?.condition).toEqual({ member: 'subtotalCents', operator: '<', bound: 5000 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e7 }), (subtotal) => {
        expect(evaluateFormula(shipping!, { subtotalCents: subtotal })).toBe(subtotal < 5000 ? 500 : 0);
      }),
    );
    expect(evaluateFormula(shipping!, {})).toBeUndefined();
  });

  it('reads none where a branch is no expression', () => {
    const loose = {
      type: 'object',
      properties: {
        subtotal: { type: 'integer' },
        fee: { type: 'integer', description: 'A fee when `subtotal` is below 50, else none.' },
      },
    };
    expect(formulasOf(loose as never)).toEqual([]);
  });

  it('holds the value said for some states instead ("; 0 when `void`"), the expression in every other', () => {
    const invoice = {
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['sent', 'void'] },
        total: { type: 'integer' },
        amountPaid: { type: 'integer' },
        balanceDue: { type: 'integer', description: '`total − amountPaid`; 0 when `void`.' },
      },
    };
    const [balance] = formulasOf(invoice as never);
    expect(balance).toMatchObject({ member: 'balanceDue', unless: { states: ['void'], value: 0 } });
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), (total, paid) => {
        expect(evaluateFormula(balance!, { status: 'sent', total, amountPaid: paid })).toBe(total - paid);
        expect(evaluateFormula(balance!, { status: 'void', total, amountPaid: paid })).toBe(0);
      }),
    );
  });
});
