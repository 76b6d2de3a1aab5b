// A parent made for the run's children asks for room first (a capacity of 1000): a service whose
// words bound it by other data ("must not exceed the hall's seats") may refuse it, and the run then
// makes the parent at the bound the refusal names (40), without calling the refusal a failure. Its
// bookings, refused past the seats left, are then made: ten of them fit.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const answer = (schema: unknown) => ({ description: 'ok', content: json(schema) });
const none = (description: string) => ({ description });
const event = {
  type: 'object',
  required: ['id', 'capacity', 'seatsLeft'],
  properties: {
    id: { type: 'string', readOnly: true },
    capacity: { type: 'integer', minimum: 1, maximum: 100000 },
    seatsLeft: { type: 'integer', readOnly: true },
  },
};
const booking = {
  type: 'object',
  required: ['number', 'quantity'],
  properties: { number: { type: 'integer', readOnly: true }, quantity: { type: 'integer', minimum: 1, maximum: 8 } },
};
const id = (name: string, type = 'string') => ({ name, in: 'path', required: true, schema: { type } });
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'events', version: '1' },
  paths: {
    '/events': {
      post: {
        description: "`capacity` must not exceed the hall's seats; a larger one is refused with 422.",
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['capacity'],
            properties: { capacity: event.properties.capacity },
          }),
        },
        responses: { '201': answer(event), '400': none('invalid'), '422': none('not processable') },
      },
    },
    '/events/{eventId}': {
      parameters: [id('eventId')],
      get: { responses: { '200': answer(event), '404': none('none') } },
    },
    '/events/{eventId}/bookings': {
      parameters: [id('eventId')],
      get: { responses: { '200': answer({ type: 'array', items: booking }), '404': none('none') } },
      post: {
        description: "A quantity larger than the event's `seatsLeft` is refused with 409.",
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['quantity'],
            properties: { quantity: booking.properties.quantity },
          }),
        },
        responses: { '201': answer(booking), '400': none('invalid'), '404': none('none'), '409': none('sold out') },
      },
    },
    '/events/{eventId}/bookings/{number}': {
      parameters: [id('eventId'), id('number', 'integer')],
      get: { responses: { '200': answer(booking), '404': none('none') } },
    },
  },
});

/** Events of at most 40 seats (a larger one is refused with 422, the bound named) and their bookings. */
function boxOffice(capacities: number[] = [], overbooked = 409) {
  const events = new Map<
    string,
    { id: string; capacity: number; seatsLeft: number; bookings: { number: number; quantity: number }[] }
  >();
  const whole = (v: unknown, min: number, max: number) => Number.isInteger(v) && Number(v) >= min && Number(v) <= max;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, sub, number, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'events' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method !== 'POST') return sendJson(res, 404, {});
      if (!body || Object.keys(body).some((k) => k !== 'capacity') || !whole(body.capacity, 1, 100000))
        return sendJson(res, 400, {});
      if (Number(body.capacity) > 40) return sendJson(res, 422, { message: "capacity exceeds the hall's 40 seats" });
      const made = {
        id: `e${events.size + 1}`,
        capacity: Number(body.capacity),
        seatsLeft: Number(body.capacity),
        bookings: [],
      };
      events.set(made.id, made);
      capacities.push(made.capacity);
      return sendJson(res, 201, { id: made.id, capacity: made.capacity, seatsLeft: made.seatsLeft });
    }
    const found = events.get(key);
    if (!found) return sendJson(res, 404, {});
    const view = { id: found.id, capacity: found.capacity, seatsLeft: found.seatsLeft };
    if (sub === undefined) return req.method === 'GET' ? sendJson(res, 200, view) : sendJson(res, 404, {});
    if (sub !== 'bookings') return sendJson(res, 404, {});
    if (number !== undefined) {
      const one = found.bookings.find((b) => String(b.number) === number);
      return req.method === 'GET' && one ? sendJson(res, 200, one) : sendJson(res, 404, {});
    }
    if (req.method === 'GET') return sendJson(res, 200, found.bookings);
    if (req.method !== 'POST') return sendJson(res, 404, {});
    if (!body || Object.keys(body).some((k) => k !== 'quantity') || !whole(body.quantity, 1, 8))
      return sendJson(res, 400, {});
    if (Number(body.quantity) > found.seatsLeft)
      return sendJson(res, overbooked, { message: `Only ${found.seatsLeft} seats left` });
    found.seatsLeft -= Number(body.quantity);
    const made = { number: found.bookings.length + 1, quantity: Number(body.quantity) };
    found.bookings.push(made);
    return sendJson(res, 201, made);
  };
}

describe('a parent made with room for the run’s children', () => {
  it('passes a service that bounds the room by other data, and makes the bookings', async () => {
    const capacities: number[] = [];
    const result = await runConformance({ target: { app: boxOffice(capacities) }, contract, seed: 3, runs: 5 });
    expect(result.violations).toEqual([]);
    // The parent of the bookings, made at the bound its refusal named.
    expect(capacities).toContain(40);
    const unreached = (result.reach?.unreached ?? []).map((entry) => JSON.stringify(entry)).join('\n');
    expect(unreached).not.toMatch(/bookings.*creation was refused/);
  });

  it('names a service that refuses a booking past the seats left with another status than 409', async () => {
    const result = await runConformance({ target: { app: boxOffice([], 422) }, contract, seed: 3, runs: 5 });
    expect(result.violations.map((v) => v.code)).toContain('referenced_bound_other_status');
  });
});
