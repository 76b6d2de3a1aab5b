// Near misses of a pattern's length: a valid value cut down, or grown by its last character, until
// the pattern no longer takes it; none where the pattern sets no length.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lengthMisses } from './pattern-misses.js';

describe('lengthMisses', () => {
  it('cuts and grows a value past the bounds its pattern alone sets', () => {
    const schema = { type: 'string', pattern: '^[A-Z]{2,8}$', example: 'ABCD' };
    expect(lengthMisses(schema)).toEqual({ shorter: 'A', longer: 'ABCDDDDDD' });
  });

  it('finds a fixed-length suffix one character off', () => {
    const { shorter, longer } = lengthMisses({ type: 'string', pattern: '^doc_[a-z0-9]{10}$' });
    expect(shorter).toMatch(/^doc_[a-z0-9]{9}$/);
    expect(longer).toMatch(/^doc_[a-z0-9]{11}$/);
  });

  it('gives nothing the pattern takes, and no length miss where it sets none', () => {
    expect(lengthMisses({ type: 'string', pattern: '^[a-z]+$', example: 'abc' })).toEqual({});
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 6 }), (low, span) => {
        const pattern = `^[a-z]{${low},${low + span}}$`;
        const { shorter, longer } = lengthMisses({ type: 'string', pattern });
        for (const miss of [shorter, longer].filter((one) => one !== undefined))
          expect(new RegExp(pattern).test(miss!)).toBe(false);
        expect(shorter === undefined).toBe(low === 1);
        expect(longer?.length).toBe(low + span + 1);
      }),
      { numRuns: 30 },
    );
  });
});
