// Spans the words order: the end after the start, strict unless the words allow equal, with the
// status the words give (any sentence ordering the span), else the documented 422 or 400.
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });

function spansOf(words: string, info?: string, statuses = ['400', '422'], [start, end] = ['checkIn', 'checkOut']) {
  const booking = {
    type: 'object',
    properties: { [start!]: { type: 'string', format: 'date' }, [end!]: { type: 'string', format: 'date' } },
  };
  const stored = { ...booking, properties: { id: { type: 'string' }, ...booking.properties } };
  const contract = contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'stays', version: '1', ...(info ? { description: info } : {}) },
    paths: {
      '/stays': {
        get: { responses: { '200': { description: 'ok', content: json({ type: 'array', items: stored }) } } },
        post: {
          description: words,
          requestBody: { content: json(booking) },
          responses: {
            '201': { description: 'made', content: json(stored) },
            ...Object.fromEntries(statuses.map((status) => [status, { description: 'no' }])),
          },
        },
      },
      '/stays/{id}': {
        get: {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok', content: json(stored) } },
        },
      },
    },
  });
  return inferApiModel(contract).resources[0]?.idioms.spanOrders ?? [];
}

describe('span orders', () => {
  it('reads the longest span the words allow, across a line break, and an end ordered after a start named twice', () => {
    const [span] = spansOf(
      'A stay runs from `checkIn` to `checkOut`: `checkOut` must be after `checkIn`, and a stay lasts at\nmost 30 days. Anything else is `400`.',
      undefined,
      ['400'],
    );
    expect(span).toEqual(
      expect.objectContaining({ start: 'checkIn', end: 'checkOut', strict: true, status: 400, maxMs: 30 * 86_400_000 }),
    );
    expect(spansOf('`checkOut` must be after `checkIn` (`400`).')[0]).not.toHaveProperty('maxMs');
  });

  it('reads a strict order, with the status another sentence gives', () => {
    expect(
      spansOf(
        '`checkOut` must be after `checkIn`.',
        'Breaking a rule in words, such as checkOut after checkIn, is `400`.',
      ),
    ).toEqual([expect.objectContaining({ start: 'checkIn', end: 'checkOut', strict: true, status: 400 })]);
  });

  it('reads "not before" as allowing equal, and falls back to the documented 422', () => {
    expect(spansOf('`checkOut` may not be before `checkIn`; later than it is fine.')).toEqual([]);
    expect(spansOf('`checkOut` is at or after `checkIn`.')).toEqual([
      expect.objectContaining({ strict: false, status: 422 }),
    ]);
  });

  it('reads an end before its start, said to be refused, as an order that allows equal', () => {
    expect(spansOf('`checkOut` before `checkIn` is refused with 422.', undefined, ['400', '422'])).toEqual([
      expect.objectContaining({ start: 'checkIn', end: 'checkOut', strict: false, status: 422 }),
    ]);
    expect(spansOf('`checkOut` before `checkIn` is fine for late bookings.')).toEqual([]);
  });

  it('reads a start after its end, said to be refused, as the same order (`from` and `to`)', () => {
    expect(
      spansOf(
        '`404` for an unknown customer; `from` after `to` is refused with `422`.',
        undefined,
        ['400', '404', '422'],
        ['from', 'to'],
      ),
    ).toEqual([expect.objectContaining({ start: 'from', end: 'to', strict: false, status: 422 })]);
    expect(spansOf('Copies the data from the archive to the store.', undefined, undefined, ['from', 'to'])).toEqual([]);
  });

  it('reads nothing where no word orders the span', () => {
    expect(spansOf('Books a stay.')).toEqual([]);
  });
});
