// A value the run took from a parent (an order's total a payment must equal) names only bodies sent
// under that parent: the same number under another order was drawn there, and its refusal stays open.
import { describe, expect, it } from 'vitest';
import { RunLedger } from './run-ledger.js';

describe('values taken from a parent', () => {
  it('count only under the parent they came from', () => {
    const ledger = new RunLedger();
    ledger.noteTakenValue('payOrder', 'amountCents', 2995, { orderId: 'ord_1' });
    const body = { amountCents: 2995, currency: 'EUR' };
    expect(ledger.takenMembers('payOrder', body, { orderId: 'ord_1' })).toEqual(['amountCents']);
    expect(ledger.takenMembers('payOrder', body, { orderId: 'ord_2' })).toEqual([]);
    expect(ledger.takenMembers('payOrder', { amountCents: 7800 }, { orderId: 'ord_1' })).toEqual([]);
  });
});
