// The journal's ring: what it files comes back as it was, whether it fits its slot's bytes or not,
// oldest first, and a slot written again forgets what it held.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FiledBody, type FiledHeaders, JournalRing } from './journal/journal-ring.js';

interface Sent {
  url: string;
  headers: FiledHeaders;
  body: FiledBody | undefined;
}

const sentArbitrary: fc.Arbitrary<Sent> = fc.record({
  // Lone surrogates too: text that UTF-8 cannot carry is kept as it came.
  url: fc
    .tuple(fc.string({ unit: 'binary', maxLength: 300 }), fc.constantFrom('', '\ud800', '\udfff'))
    .map(([path, odd]) => `/v1/${path}${odd}`),
  headers: fc.oneof(
    fc.array(fc.string({ maxLength: 200 }), { maxLength: 8 }).map((parts): FiledHeaders => parts.join('\n')),
    fc.constant<FiledHeaders>({ host: 'x', 'x-many': ['a', 'b'] }),
  ),
  body: fc.oneof(
    fc.constant(undefined),
    fc.string({ unit: 'grapheme', maxLength: 400 }),
    fc.uint8Array({ maxLength: 1000 }),
  ),
});

describe('JournalRing', () => {
  it('gives back every entry as filed, oldest first, across wrap-arounds and slot sizes', () => {
    fc.assert(
      fc.property(
        fc.array(sentArbitrary, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 20 }),
        (sent, capacity) => {
          const ring = new JournalRing(capacity);
          for (const [i, s] of sent.entries()) ring.push(i, 1, 200 + i, 'POST', s.url, s.headers, s.body, undefined);
          const kept = sent.slice(-capacity);
          const filed = ring.all();
          expect(filed.map((f) => ({ url: f.url, headers: f.headers, body: f.body }))).toEqual(kept);
          expect(filed.map((f) => f.status)).toEqual(kept.map((_, i) => 200 + sent.length - kept.length + i));
        },
      ),
    );
  });

  it('keeps the whole size of a body kept cut short, and forgets it when the slot is written again', () => {
    const ring = new JournalRing(1);
    ring.push(0, 1, 201, 'POST', '/v1/a', 'host\nx', 'cut', 70_000);
    expect(ring.all()[0]!.bodySize).toBe(70_000);
    ring.push(1, 1, 201, 'POST', '/v1/b', 'host\nx', 'whole', undefined);
    expect(ring.all()).toMatchObject([{ url: '/v1/b', body: 'whole', bodySize: undefined }]);
  });
});
