// A parent kept by its children in some states only ("An event that has at least one confirmed
// booking cannot be deleted ... 409"): bookings start `held`, so the run confirms one by its action before it deletes
// the event, and expects the refusal. A service that deletes the event anyway is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = (description: string) => ({ description });
const name = { type: 'string', minLength: 1, maxLength: 30 };
const event = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name },
};
const booking = {
  type: 'object',
  required: ['number', 'status'],
  properties: {
    number: { type: 'integer', readOnly: true },
    status: { type: 'string', enum: ['held', 'confirmed'], readOnly: true },
  },
};
const eventId = { name: 'eventId', in: 'path', required: true, schema: { type: 'string' } };
const number = { name: 'number', in: 'path', required: true, schema: { type: 'integer' } };
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'events', version: '1' },
  paths: {
    '/events': {
      post: {
        requestBody: {
          required: true,
          content: json({ type: 'object', required: ['name'], additionalProperties: false, properties: { name } }),
        },
        responses: { '201': { description: 'made', content: json(event) }, '400': none('invalid') },
      },
    },
    '/events/{eventId}': {
      parameters: [eventId],
      get: { responses: { '200': { description: 'one', content: json(event) }, '404': none('none') } },
      delete: {
        description:
          'Deletes the event with its bookings. An event that has at least one confirmed booking cannot be deleted: the request is refused with 409 and nothing changes. Held bookings do not block the deletion.',
        responses: { '204': none('deleted'), '404': none('none'), '409': none('has confirmed bookings') },
      },
    },
    '/events/{eventId}/bookings': {
      parameters: [eventId],
      get: {
        responses: {
          '200': { description: 'all', content: json({ type: 'array', items: booking }) },
          '404': none('none'),
        },
      },
      post: {
        description: 'Creates a booking in status `held`.',
        responses: { '201': { description: 'made', content: json(booking) }, '404': none('none') },
      },
    },
    '/events/{eventId}/bookings/{number}': {
      parameters: [eventId, number],
      get: { responses: { '200': { description: 'one', content: json(booking) }, '404': none('none') } },
    },
    '/events/{eventId}/bookings/{number}/confirm': {
      parameters: [eventId, number],
      post: {
        description: 'Moves a `held` booking to `confirmed`; any other status answers 409.',
        responses: {
          '200': { description: 'confirmed', content: json(booking) },
          '404': none('none'),
          '409': none('not held'),
        },
      },
    },
  },
});

function boxOffice(deletesAnyway = false) {
  const events = new Map<string, { id: string; name: string; bookings: { number: number; status: string }[] }>();
  let last = 0;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const body = parseObject(text);
    const [root, id, sub, no, verb, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'events' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined) {
      if (req.method !== 'POST') return sendJson(res, 404, {});
      const valid =
        body &&
        Object.keys(body).join() === 'name' &&
        typeof body.name === 'string' &&
        body.name.length >= 1 &&
        [...body.name].length <= 30;
      if (!valid) return sendJson(res, 400, {});
      const made = { id: `e${++last}`, name: String(body.name), bookings: [] };
      events.set(made.id, made);
      return sendJson(res, 201, { id: made.id, name: made.name });
    }
    const found = events.get(id);
    if (!found) return sendJson(res, 404, {});
    if (sub === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, { id: found.id, name: found.name });
      if (req.method !== 'DELETE') return sendJson(res, 404, {});
      if (!deletesAnyway && found.bookings.some((b) => b.status === 'confirmed')) return sendJson(res, 409, {});
      events.delete(id);
      return res.writeHead(204).end();
    }
    if (sub !== 'bookings') return sendJson(res, 404, {});
    if (no === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, found.bookings);
      if (req.method !== 'POST') return sendJson(res, 404, {});
      const made = { number: found.bookings.length + 1, status: 'held' };
      found.bookings.push(made);
      return sendJson(res, 201, made);
    }
    const one = found.bookings.find((b) => String(b.number) === no);
    if (!one) return sendJson(res, 404, {});
    if (verb === undefined) return req.method === 'GET' ? sendJson(res, 200, one) : sendJson(res, 404, {});
    if (verb !== 'confirm' || req.method !== 'POST') return sendJson(res, 404, {});
    if (one.status !== 'held') return sendJson(res, 409, {});
    one.status = 'confirmed';
    return sendJson(res, 200, one);
  };
}

const run = (deletesAnyway?: boolean) =>
  runConformance({ target: { app: boxOffice(deletesAnyway) }, contract, seed: 4 });

describe('a parent kept by children in some states', () => {
  it('passes a service that refuses the deletion once a child is confirmed', async () => {
    const result = await run();
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });

  it('names a service that deletes it anyway, the child moved into that state first', async () => {
    const codes = (await run(true)).violations.map((v) => v.code);
    expect(codes).toContain('deleted_with_children');
  });
});
