// allOf flattened: bounds tightened, properties united, and the schema's own words kept over a
// shared member's (a `lineTotal` that is `allOf: [Money]` keeps "`unitCost × quantity`").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeAllOf } from './all-of.js';

describe('mergeAllOf', () => {
  it("keeps the schema's own description and title over its members'", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (own, shared, title) => {
        const merged = mergeAllOf({
          allOf: [{ type: 'integer', description: shared, title: shared }],
          description: own,
          title,
        });
        expect(merged.description).toBe(own);
        expect(merged.title).toBe(title);
        expect(merged.type).toBe('integer');
      }),
    );
  });

  it("takes a member's description where the schema has none", () => {
    expect(mergeAllOf({ allOf: [{ description: 'money' }], readOnly: true }).description).toBe('money');
  });

  it('tightens bounds whatever their order', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (a, b) => {
        const merged = mergeAllOf({ allOf: [{ minimum: a }, { minimum: b }] });
        expect(merged.minimum).toBe(Math.max(a, b));
      }),
    );
  });
});
