// A state no action leads to but the item's own change sets ("`status` may be set to `draft` or
// `scheduled`" by PATCH): an action refused from it ("only while `scheduled`") is taken from there on
// an item the run moved by that change, so a service that takes a cancel from `draft` is caught.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const error = json({ type: 'object', required: ['message'], properties: { message: { type: 'string' } } });
const session = {
  type: 'object',
  required: ['id', 'title', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    title: { type: 'string' },
    status: { type: 'string', enum: ['draft', 'scheduled', 'cancelled'], readOnly: true },
  },
};
const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];
const title = { type: 'string', minLength: 1, maxLength: 40 };
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'sessions', version: '1' },
  paths: {
    '/sessions': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: session }) } } },
      post: {
        description: 'A new session is `scheduled`.',
        requestBody: {
          required: true,
          content: json({ type: 'object', additionalProperties: false, required: ['title'], properties: { title } }),
        },
        responses: {
          '201': { description: 'made', content: json(session) },
          '400': { description: 'bad', content: error },
        },
      },
    },
    '/sessions/{id}': {
      parameters: id,
      get: {
        responses: {
          '200': { description: 'one', content: json(session) },
          '404': { description: 'none', content: error },
        },
      },
      patch: {
        description: '`status` may be set to `draft` or `scheduled` only (cancelling is done by the cancel action).',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            properties: { title, status: { type: 'string', enum: ['draft', 'scheduled'] } },
          }),
        },
        responses: {
          '200': { description: 'changed', content: json(session) },
          '400': { description: 'bad', content: error },
          '404': { description: 'none', content: error },
          '409': { description: 'cancelled', content: error },
        },
      },
    },
    '/sessions/{id}/cancel': {
      parameters: id,
      post: {
        description:
          'Allowed only while the session is `scheduled`: sets `status` to `cancelled`. From any other status (`draft`, `cancelled`) the request is refused with 409.',
        responses: {
          '200': { description: 'cancelled', content: json(session) },
          '404': { description: 'none', content: error },
          '409': { description: 'not scheduled', content: error },
        },
      },
    },
  },
});

/** Sessions in memory; with the fault, a draft session can be cancelled. */
function sessions(fault: boolean) {
  const all = new Map<string, Record<string, unknown>>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, verb, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'sessions' || rest.length > 0) return sendJson(res, 404, { message: 'no such path' });
    const titled = (value: unknown) => typeof value === 'string' && value.length >= 1 && value.length <= 40;
    if (id === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...all.values()]);
      if (!body || Object.keys(body).join() !== 'title' || !titled(body.title))
        return sendJson(res, 400, { message: 'title: 1 to 40 characters' });
      const made = { id: `s${all.size + 1}`, title: body.title, status: 'scheduled' };
      all.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = all.get(id);
    if (!found) return sendJson(res, 404, { message: 'no such session' });
    if (verb === 'cancel' && req.method === 'POST') {
      const allowed = found.status === 'scheduled' || (fault && found.status === 'draft');
      if (!allowed) return sendJson(res, 409, { message: `a ${found.status} session` });
      found.status = 'cancelled';
      return sendJson(res, 200, found);
    }
    if (verb !== undefined) return sendJson(res, 404, { message: 'no such path' });
    if (req.method === 'GET') return sendJson(res, 200, found);
    if (req.method !== 'PATCH') return sendJson(res, 404, { message: 'no such operation' });
    const members = body ? Object.keys(body) : [];
    const valid =
      body !== undefined &&
      members.every((m) => m === 'title' || m === 'status') &&
      (!('title' in body) || titled(body.title)) &&
      (!('status' in body) || body.status === 'draft' || body.status === 'scheduled');
    if (!valid) return sendJson(res, 400, { message: 'title: 1 to 40 characters; status: draft or scheduled' });
    if (found.status === 'cancelled') return sendJson(res, 409, { message: 'a cancelled session' });
    Object.assign(found, body);
    return sendJson(res, 200, found);
  };
}

const run = (fault: boolean) => runConformance({ target: { app: sessions(fault) }, contract, seed: 3 });

describe('an action refused from a state only a change sets', () => {
  it('passes a service that refuses it there', async () => {
    expect((await run(false)).violations.map((v) => `${v.code} ${v.operation}: ${v.message}`)).toEqual([]);
  });

  it('names a service that cancels a draft session', async () => {
    const found = (await run(true)).violations.filter((v) => v.operation === 'POST /sessions/{id}/cancel');
    expect(found.length).toBeGreaterThan(0);
  });
});
