// A creation's number bounded by a member of the item it names ("`capacity` must not exceed the
// hall's `maxSeats`; a larger capacity is refused with 422"): the run names a listed hall and sends
// one seat past its bound. A service that takes it is named; one that refuses it passes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument, inferApiModel, referencedBoundsOf } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = (description: string) => ({ description });
const hall = {
  type: 'object',
  required: ['id', 'maxSeats'],
  properties: { id: { type: 'string' }, maxSeats: { type: 'integer', minimum: 1 } },
};
const eventInput = {
  type: 'object',
  required: ['hallId', 'capacity'],
  additionalProperties: false,
  properties: { hallId: { type: 'string' }, capacity: { type: 'integer', minimum: 1, maximum: 100000 } },
};
const event = {
  type: 'object',
  required: ['id', 'hallId', 'capacity'],
  properties: { id: { type: 'string', readOnly: true }, ...eventInput.properties },
};
const id = (name: string) => [{ name, in: 'path', required: true, schema: { type: 'string' } }];
const SAID =
  "Creates an event in a hall. `hallId` must name an existing hall (422 otherwise). `capacity` must not exceed the hall's `maxSeats`; a larger capacity is refused with 422.";
const contractSaying = (words: string) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'halls', version: '1' },
    paths: {
      '/halls': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: hall }) } } },
      },
      '/halls/{hallId}': {
        parameters: id('hallId'),
        get: { responses: { '200': { description: 'one', content: json(hall) }, '404': none('none') } },
      },
      '/events': {
        post: {
          description: words,
          requestBody: { required: true, content: json(eventInput) },
          responses: {
            '201': { description: 'made', content: json(event) },
            '400': none('invalid'),
            '422': none('not processable'),
          },
        },
      },
      '/events/{eventId}': {
        parameters: id('eventId'),
        get: { responses: { '200': { description: 'one', content: json(event) }, '404': none('none') } },
      },
    },
  });
const contract = contractSaying(SAID);
/** The bound said with "above" and two statuses the service may choose between. */
const EITHER =
  "Creates an event in a hall. `hallId` must name an existing hall (422 otherwise). A `capacity` above the hall's `maxSeats` is refused with `400`/`422`.";

function halls(unchecked = false) {
  const rooms = [
    { id: 'h1', maxSeats: 40 },
    { id: 'h2', maxSeats: 300 },
  ];
  const events = new Map<string, { id: string; hallId: string; capacity: number }>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (root === 'halls') {
      if (key === undefined) return sendJson(res, 200, rooms);
      const found = rooms.find((one) => one.id === key);
      return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
    }
    if (root !== 'events') return sendJson(res, 404, {});
    if (key !== undefined) {
      const found = events.get(key);
      return found && req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 404, {});
    }
    if (req.method !== 'POST') return sendJson(res, 404, {});
    const { hallId, capacity, ...extra } = body ?? {};
    const whole = Number.isInteger(capacity) && Number(capacity) >= 1 && Number(capacity) <= 100000;
    if (!body || Object.keys(extra).length > 0 || typeof hallId !== 'string' || !whole) return sendJson(res, 400, {});
    const room = rooms.find((one) => one.id === hallId);
    if (!room) return sendJson(res, 422, { message: 'hallId names no hall' });
    if (!unchecked && Number(capacity) > room.maxSeats)
      return sendJson(res, 422, { message: `capacity exceeds ${room.maxSeats}` });
    const made = { id: `e${events.size + 1}`, hallId, capacity: Number(capacity) };
    events.set(made.id, made);
    return sendJson(res, 201, made);
  };
}

const run = (unchecked?: boolean, words = SAID) =>
  runConformance({ target: { app: halls(unchecked) }, contract: contractSaying(words), seed: 6 });

describe('a number bounded by the item the body names', () => {
  it('is read from the creation’s words', () => {
    const collections = inferApiModel(contract).resources.map(({ collection }) => collection);
    const events = collections.find((collection) => collection.path === '/events')!;
    expect(referencedBoundsOf(events, collections)).toEqual([
      expect.objectContaining({
        member: 'capacity',
        via: 'hallId',
        collection: '/halls',
        bound: 'maxSeats',
        status: 422,
      }),
    ]);
  });

  it('passes a service that refuses one past the bound', async () => {
    const result = await run();
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });

  it('names a service that takes it', async () => {
    const codes = (await run(true)).violations.map((v) => v.code);
    expect(codes).toContain('referenced_bound_passed');
  });

  it('reads "above" the bound with each status the words allow, and passes either', async () => {
    const either = contractSaying(EITHER);
    const collections = inferApiModel(either).resources.map(({ collection }) => collection);
    const events = collections.find((collection) => collection.path === '/events')!;
    expect(referencedBoundsOf(events, collections)).toEqual([
      expect.objectContaining({ member: 'capacity', bound: 'maxSeats', status: 400, orStatuses: [422] }),
    ]);
    // The halls refuse with 422, one of the two: not another status than the words give.
    expect((await run(false, EITHER)).violations.map((v) => v.code)).not.toContain('referenced_bound_other_status');
    expect((await run(true, EITHER)).violations.map((v) => v.code)).toContain('referenced_bound_passed');
  });
});
