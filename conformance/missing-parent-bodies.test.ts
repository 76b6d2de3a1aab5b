// A creation below a missing item is sent with a body whose references exist (a guest the list
// holds): a made-up one would be refused first (422) and hide a service that takes the missing parent.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const text = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const room = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
const guest = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
const bookingInput = {
  type: 'object',
  additionalProperties: false,
  required: ['guestId'],
  properties: { guestId: { type: 'string', minLength: 1 } },
};
const booking = {
  type: 'object',
  required: ['id', 'guestId'],
  properties: { id: { type: 'string', readOnly: true }, guestId: { type: 'string' } },
};
const list = (schema: unknown) => ({
  get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: schema }) } } },
});
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'rooms', version: '1' },
  paths: {
    '/rooms': list(room),
    '/rooms/{roomId}': {
      parameters: [text('roomId')],
      get: { responses: { '200': { description: 'one', content: json(room) }, '404': { description: 'none' } } },
    },
    '/guests': list(guest),
    '/rooms/{roomId}/bookings': {
      parameters: [text('roomId')],
      post: {
        description: '404 if the room does not exist; 422 if `guestId` names no guest.',
        requestBody: { required: true, content: json(bookingInput) },
        responses: {
          '201': { description: 'made', content: json(booking) },
          '400': { description: 'bad' },
          '404': { description: 'no room' },
          '422': { description: 'no guest' },
        },
      },
    },
  },
});

function hotel(takesMissingRoom: boolean) {
  const rooms = [{ id: 'r1' }, { id: 'r2' }];
  const guests = [{ id: 'g1' }];
  let made = 0;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const parts = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (req.method === 'GET' && parts.join('/') === 'rooms') return send(res, 200, rooms);
    if (req.method === 'GET' && parts.join('/') === 'guests') return send(res, 200, guests);
    if (req.method === 'GET' && parts[0] === 'rooms' && parts.length === 2) {
      const found = rooms.find((one) => one.id === parts[1]);
      return found ? send(res, 200, found) : send(res, 404, {});
    }
    if (req.method !== 'POST' || parts[0] !== 'rooms' || parts[2] !== 'bookings' || parts.length !== 3)
      return send(res, 404, {});
    const body = parseObject(await readBody(req));
    if (!body || Object.keys(body).join() !== 'guestId' || typeof body.guestId !== 'string' || !body.guestId)
      return send(res, 400, {});
    if (!guests.some((one) => one.id === body.guestId)) return send(res, 422, { message: 'no guest' });
    if (!takesMissingRoom && !rooms.some((one) => one.id === parts[1])) return send(res, 404, {});
    return send(res, 201, { id: `b${++made}`, guestId: body.guestId });
  };
}

const missingParentFindings = async (takesMissingRoom: boolean) => {
  const report = await runConformance({ target: { app: hotel(takesMissingRoom) }, contract, seed: 3, runs: 3 });
  return report.violations.filter((v) => v.code === 'missing_parent_accepted').length;
};

describe('a creation below a missing item', () => {
  it('passes a service that refuses it', async () => {
    expect(await missingParentFindings(false)).toBe(0);
  });

  it('names a service that takes it, the body naming a listed guest', async () => {
    expect(await missingParentFindings(true)).toBeGreaterThan(0);
  });
});
