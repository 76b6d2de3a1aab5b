// The journal's ring: what it files comes back as it was, whether it fits its slot's bytes or not,
// oldest first, and a slot written again forgets what it held.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FiledBody, type FiledHeaders, JournalRing, OVERFLOW_BYTES } from './journal/journal-ring.js';

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

  it('keeps bytes of its own: a body changed by its caller after filing stays as it came', () => {
    // Up to 3,000 bytes: past a slot's room too, where the ring keeps the body beside its slots.
    const bodies = fc
      .array(fc.tuple(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 255 })), {
        minLength: 1,
        maxLength: 6,
      })
      .map((shapes) => shapes.map(([length, seed]) => Uint8Array.from({ length }, (_, i) => (seed + i) % 256)));
    fc.assert(
      fc.property(bodies, (sent) => {
        const ring = new JournalRing(sent.length);
        const copies = sent.map((body) => Uint8Array.from(body));
        for (const [i, body] of sent.entries()) ring.push(i, 1, 201, 'POST', '/v1/a', 'host\nx', body, undefined);
        for (const body of sent) body.fill(255);
        const unchanged = ring.all().map((f, i) => Buffer.compare(f.body as Uint8Array, copies[i]!) === 0);
        expect(unchanged).toEqual(sent.map(() => true));
      }),
    );
  });

  it('keeps the newest bodies too large for a slot whole, and says which older ones it no longer has', () => {
    const ring = new JournalRing(1000);
    const body = (i: number) => Uint8Array.from({ length: 4000 }, (_, at) => (i + at) % 256);
    for (let i = 0; i < 400; i++) ring.push(i, 1, 201, 'POST', `/v1/a/${i}`, 'host\nx', body(i), undefined);
    const filed = ring.all();
    // 4,000-byte bodies, a 1 MiB log: the newest 262 fit (the log wraps rather than split one).
    const kept = Math.floor(OVERFLOW_BYTES / 4000);
    expect(filed.filter((f) => f.bodyDropped).length).toBe(400 - kept);
    for (const [i, f] of filed.entries()) {
      expect(f.url).toBe(`/v1/a/${i}`);
      if (i < 400 - kept) expect(f).toMatchObject({ body: new Uint8Array(0), bodySize: 4000, bodyDropped: true });
      else expect(f.bodyDropped === undefined && Buffer.compare(f.body as Uint8Array, body(i)) === 0).toBe(true);
    }
  });

  it('gives back a body past 64 KiB whole (beside the slots, not in the log)', () => {
    const ring = new JournalRing(2);
    const big = Uint8Array.from({ length: 70_000 }, (_, at) => at % 256);
    ring.push(0, 1, 201, 'POST', '/v1/a', 'host\nx', big, undefined);
    expect(Buffer.compare(ring.all()[0]!.body as Uint8Array, big)).toBe(0);
  });

  it('keeps the whole size of a body kept cut short, and forgets it when the slot is written again', () => {
    const ring = new JournalRing(1);
    ring.push(0, 1, 201, 'POST', '/v1/a', 'host\nx', 'cut', 70_000);
    expect(ring.all()[0]!.bodySize).toBe(70_000);
    ring.push(1, 1, 201, 'POST', '/v1/b', 'host\nx', 'whole', undefined);
    expect(ring.all()).toMatchObject([{ url: '/v1/b', body: 'whole', bodySize: undefined }]);
  });
});
