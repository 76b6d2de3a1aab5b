// Made-up ids for "an item that exists nowhere": like the listed ones, never one of them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unknownLike } from './unknown-references.js';

describe('unknownLike', () => {
  it('never gives a listed id, and keeps the id’s length and form', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{2,4}_[0-9a-z]{4,8}$/), { minLength: 1, maxLength: 30 }), (ids) => {
        // All but a widened last keep the length (a pattern may fix it).
        const made = unknownLike(ids[0], ids).filter((candidate) => !String(candidate).includes('99999'));
        expect(made.length).toBeGreaterThan(0);
        for (const candidate of made) {
          expect(ids).not.toContain(candidate);
          expect(String(candidate)).toMatch(/^[a-z]{2,4}_[0-9a-z]{4,8}$/);
          expect(String(candidate).length).toBe(ids[0]!.length);
        }
      }),
    );
  });

  it('never gives the id it starts from, even one no list holds yet (an item the run just made)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{2,4}_[0-9a-z]{4,8}$/), (id) => {
        expect(unknownLike(id, [])).not.toContain(id);
      }),
    );
    // Its last run of digits is all nines already: made nines, it is itself.
    expect(unknownLike('prj_1go9ifdrfhejfbkm', [])).not.toContain('prj_1go9ifdrfhejfbkm');
  });

  it('tries sequential ids far from the ones in use first', () => {
    expect(unknownLike('mem_0087', ['mem_0087', 'mem_0088'])[0]).toBe('mem_9999');
    expect(unknownLike(12, [12, 40])).toEqual([7959]);
    // A short run whose every same-length neighbour may be in use: widened last.
    expect(unknownLike('m-1', ['m-1', 'm-2']).at(-1)).toBe('m-99999');
  });
});
