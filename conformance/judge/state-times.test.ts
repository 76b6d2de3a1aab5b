// The instants of an item's states after an action: the state's own time (`cancelledAt` for
// cancelled) or the action's (`publishedAt` for publish into on_sale) must be set; another final
// state's must stay empty.
import { describe, expect, it } from 'vitest';
import { stateTimes } from './state-times.js';

const codes = (found: ReturnType<typeof stateTimes>) => found.map((one) => `${one.code} ${String(one.fields.member)}`);

describe('the instants of an action', () => {
  it('names an empty time of the state reached, or of the action where the state has none', () => {
    expect(codes(stateTimes({ status: 'cancelled', cancelledAt: null }, 'cancelled', []))).toEqual([
      'state_time_missing cancelledAt',
    ]);
    expect(codes(stateTimes({ status: 'on_sale', publishedAt: null }, 'on_sale', [], 'publish'))).toEqual([
      'state_time_missing publishedAt',
    ]);
    expect(
      codes(stateTimes({ status: 'on_sale', publishedAt: '2026-11-30T04:00:00Z' }, 'on_sale', [], 'publish')),
    ).toEqual([]);
  });

  it("names another final state's time set, and nothing where the item has no such member", () => {
    const item = { status: 'shipped', shippedAt: '2026-11-30T04:00:00Z', cancelledAt: '2026-11-30T04:00:00Z' };
    expect(codes(stateTimes(item, 'shipped', ['cancelled'], 'ship'))).toEqual(['other_state_time_set cancelledAt']);
    expect(codes(stateTimes({ status: 'archived' }, 'archived', [], 'archive'))).toEqual([]);
  });
});
