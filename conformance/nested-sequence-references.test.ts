// The creation sequence below a parent fills a reference to the parent's own items (a booking's
// `deskId` names a desk of the booking's room) from the list under that same parent, as every other
// scenario's creations do: a made-up desk is refused, and the sequence would end without a creation.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const list = (schema: unknown) => ({ description: 'all', content: json({ type: 'array', items: schema }) });
const one = (schema: unknown) => ({ description: 'one', content: json(schema) });
const room = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
const desk = { type: 'object', required: ['deskId'], properties: { deskId: { type: 'string' } } };
const bookingInput = {
  type: 'object',
  additionalProperties: false,
  required: ['deskId', 'who'],
  properties: { deskId: { type: 'string' }, who: { type: 'string', minLength: 1, maxLength: 20 } },
};
const booking = {
  type: 'object',
  required: ['id', 'deskId', 'who'],
  properties: { id: { type: 'integer', readOnly: true }, ...bookingInput.properties },
};
const roomId = { name: 'roomId', in: 'path', required: true, schema: { type: 'string' } };
const param = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'rooms', version: '1' },
  paths: {
    '/rooms': { get: { responses: { '200': list(room) } } },
    '/rooms/{roomId}': { parameters: [roomId], get: { responses: { '200': one(room), '404': none } } },
    '/rooms/{roomId}/desks': { parameters: [roomId], get: { responses: { '200': list(desk), '404': none } } },
    '/rooms/{roomId}/desks/{deskId}': {
      parameters: [roomId, param('deskId')],
      get: { responses: { '200': one(desk), '404': none } },
    },
    '/rooms/{roomId}/bookings': {
      parameters: [roomId],
      get: { responses: { '200': list(booking), '404': none } },
      post: {
        description: '`deskId` must name a desk of this room (`422` otherwise).',
        requestBody: { required: true, content: json(bookingInput) },
        responses: { '201': one(booking), '400': none, '404': none, '422': none },
      },
    },
    '/rooms/{roomId}/bookings/{bookingId}': {
      parameters: [roomId, param('bookingId')],
      get: { responses: { '200': one(booking), '404': none } },
    },
  },
});

function office() {
  const desks: Record<string, string[]> = { 'rm-1': ['d-a1', 'd-a2'], 'rm-2': ['d-b1'] };
  const bookings: Record<string, unknown>[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, below, inner, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'rooms' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined)
      return sendJson(
        res,
        200,
        Object.keys(desks).map((key) => ({ id: key })),
      );
    const held = desks[id];
    if (!held) return sendJson(res, 404, {});
    if (below === undefined) return sendJson(res, 200, { id });
    if (below === 'desks') {
      if (inner === undefined)
        return sendJson(
          res,
          200,
          held.map((deskId) => ({ deskId })),
        );
      return held.includes(inner) ? sendJson(res, 200, { deskId: inner }) : sendJson(res, 404, {});
    }
    if (below !== 'bookings') return sendJson(res, 404, {});
    const mine = bookings.filter((one) => one.roomId === id).map(({ roomId: _, ...rest }) => rest);
    if (inner !== undefined) {
      const found = mine.find((one) => String(one.id) === inner);
      return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
    }
    if (req.method === 'GET') return sendJson(res, 200, mine);
    const valid =
      body !== undefined &&
      Object.keys(body).every((key) => key === 'deskId' || key === 'who') &&
      typeof body.deskId === 'string' &&
      typeof body.who === 'string' &&
      body.who.length > 0 &&
      [...body.who].length <= 20;
    if (!valid) return sendJson(res, 400, {});
    if (!held.includes(String(body.deskId))) return sendJson(res, 422, {});
    const made = { id: bookings.length + 1, deskId: body.deskId, who: body.who };
    bookings.push({ ...made, roomId: id });
    return sendJson(res, 201, made);
  };
}

describe('the creation sequence below a parent', () => {
  it("names the parent's own listed items in its references, and runs", async () => {
    const result = await runConformance({ target: { app: office() }, contract, seed: 14 });
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    const unreached = (result.reach?.unreached ?? []).filter((u) => u.scenario === 'creation sequence');
    expect(unreached).toEqual([]);
  });
});
