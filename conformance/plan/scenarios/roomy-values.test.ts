// Amounts that leave the run room: a parent made for the run's children asks for a large capacity
// first, kept at the bound a refusal names; a creation refused for an amount its words cap is sent
// again with the amount at its least.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../../../spec/index.js';
import { holdsOthers, roomyMembers, withinSaidBound, withLeastCapped } from './roomy-values.js';

const event = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    capacity: { type: 'integer', minimum: 1, maximum: 100000 },
    maxSeats: { type: 'integer', minimum: 1, maximum: 40 },
    minAge: { type: 'integer', minimum: 0, maximum: 99 },
    seatsLeft: { type: 'integer', readOnly: true },
    priceCents: { type: 'integer' },
  },
};

describe('a parent made for the run’s children', () => {
  it('asks for room in its capacity members, within their schemas', () => {
    expect(roomyMembers(event)).toEqual({ capacity: 1000, maxSeats: 40 });
  });

  it('keeps a capacity a refusal bounds at that bound, and gives up the rest', () => {
    const refusal = JSON.stringify({ code: 'invalid', message: 'capacity exceeds the venue maxCapacity 8' });
    expect(withinSaidBound({ capacity: 1000, maxSeats: 40 }, refusal, { capacity: 1000, maxSeats: 40 })).toEqual({
      capacity: 8,
    });
    expect(withinSaidBound({ capacity: 1000 }, JSON.stringify({ message: 'name taken' }), { capacity: 1000 })).toEqual(
      {},
    );
  });
});

describe('an amount the creation’s words cap', () => {
  const refusals = {
    quantity: { status: 409, words: "A quantity larger than the event's seatsLeft is refused with 409." },
  };
  const booking = { type: 'object', properties: { quantity: { type: 'integer', minimum: 1, maximum: 10 } } };

  it('is sent again at its least after the refusal the words give', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 10 }), (quantity) => {
        expect(withLeastCapped({ quantity, channel: 'web' }, 409, refusals, booking)).toEqual({
          quantity: 1,
          channel: 'web',
        });
      }),
    );
  });

  it('is left alone after another refusal, or at its least already', () => {
    expect(withLeastCapped({ quantity: 4 }, 422, refusals, booking)).toBeUndefined();
    expect(withLeastCapped({ quantity: 1 }, 409, refusals, booking)).toBeUndefined();
    const unique = { quantity: { status: 409, words: 'A quantity already booked is refused with 409.' } };
    expect(withLeastCapped({ quantity: 4 }, 409, unique, booking)).toBeUndefined();
  });
});

describe('items that hold others', () => {
  const json = (schema: unknown) => ({ 'application/json': { schema } });
  const answer = (schema: unknown) => ({ '201': { description: 'made', content: json(schema) } });
  const one = (schema: unknown) => ({ '200': { description: 'one', content: json(schema) } });
  const hall = { type: 'object', properties: { id: { type: 'string' }, maxSeats: { type: 'integer' } } };
  const event = { type: 'object', properties: { id: { type: 'string' }, hallId: { type: 'string' } } };
  const note = { type: 'object', properties: { id: { type: 'string' }, text: { type: 'string' } } };
  const id = (name: string) => [{ name, in: 'path', required: true, schema: { type: 'string' } }];
  const collections = inferApiModel(
    contractFromDocument({
      openapi: '3.0.3',
      info: { title: 'halls', version: '1' },
      paths: {
        '/halls': { post: { requestBody: { content: json(hall) }, responses: answer(hall) } },
        '/halls/{hallId}': { parameters: id('hallId'), get: { responses: one(hall) } },
        '/events': { post: { requestBody: { content: json(event) }, responses: answer(event) } },
        '/events/{eventId}': { parameters: id('eventId'), get: { responses: one(event) } },
        '/notes': { post: { requestBody: { content: json(note) }, responses: answer(note) } },
        '/notes/{noteId}': { parameters: id('noteId'), get: { responses: one(note) } },
      },
    }),
  ).resources.map(({ collection }) => collection);
  const at = (path: string) => collections.find((collection) => collection.path === path)!;

  it('are those another creation names, or makes below them', () => {
    expect(holdsOthers(at('/halls'), collections)).toBe(true);
    expect(holdsOthers(at('/notes'), collections)).toBe(false);
  });
});
