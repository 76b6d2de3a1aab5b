// A parent that limits its children ("A full session (`registeredCount` equal to `capacity`)
// refuses with 409" of a session's registrations): the run makes a session of its own with a small
// capacity, fills it, and sends one more registration, which must be refused.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const error = json({ type: 'object', required: ['message'], properties: { message: { type: 'string' } } });
const session = {
  type: 'object',
  required: ['id', 'title', 'capacity', 'registeredCount'],
  properties: {
    id: { type: 'string', readOnly: true },
    title: { type: 'string', minLength: 1, maxLength: 40 },
    capacity: { type: 'integer', minimum: 1, maximum: 500 },
    registeredCount: { type: 'integer', minimum: 0, readOnly: true },
  },
};
const registration = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string', minLength: 1, maxLength: 40 } },
};
const closed = (schema: typeof session | typeof registration, required: string[]) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties: Object.fromEntries(
    Object.entries(schema.properties).filter(([name]) => name !== 'id' && name !== 'registeredCount'),
  ),
});
const sessionId = { name: 'sessionId', in: 'path', required: true, schema: { type: 'string' } };
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'sessions', version: '1' },
  paths: {
    '/sessions': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: session }) } } },
      post: {
        requestBody: { required: true, content: json(closed(session, ['title', 'capacity'])) },
        responses: {
          '201': { description: 'made', content: json(session) },
          '400': { description: 'bad', content: error },
        },
      },
    },
    '/sessions/{sessionId}': {
      parameters: [sessionId],
      get: {
        responses: {
          '200': { description: 'one', content: json(session) },
          '404': { description: 'none', content: error },
        },
      },
    },
    '/sessions/{sessionId}/registrations': {
      parameters: [sessionId],
      get: {
        responses: {
          '200': { description: 'all', content: json({ type: 'array', items: registration }) },
          '404': { description: 'none', content: error },
        },
      },
      post: {
        description:
          "Registers an attendee; the session's `registeredCount` grows by one. A full session (`registeredCount` equal to `capacity`) refuses with 409.",
        requestBody: { required: true, content: json(closed(registration, ['name'])) },
        responses: {
          '201': { description: 'registered', content: json(registration) },
          '400': { description: 'bad', content: error },
          '404': { description: 'none', content: error },
          '409': { description: 'full', content: error },
        },
      },
    },
  },
});

/** Sessions and their registrations; with the fault, a full session takes one more. */
function sessions(fault: boolean) {
  const all = new Map<string, { id: string; title: string; capacity: number; names: { id: string; name: string }[] }>();
  let made = 0;
  const view = ({ id, title, capacity, names }: { id: string; title: string; capacity: number; names: unknown[] }) => ({
    id,
    title,
    capacity,
    registeredCount: names.length,
  });
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, sub, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'sessions' || rest.length > 0) return sendJson(res, 404, { message: 'no such path' });
    const text = (value: unknown) => typeof value === 'string' && value.length >= 1 && value.length <= 40;
    if (id === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...all.values()].map(view));
      const capacity = body?.capacity;
      const valid =
        body && Object.keys(body).sort().join() === 'capacity,title' && text(body.title) && Number.isInteger(capacity);
      if (!valid || (capacity as number) < 1 || (capacity as number) > 500)
        return sendJson(res, 400, { message: 'bad session' });
      const one = { id: `s${++made}`, title: body!.title as string, capacity: capacity as number, names: [] };
      all.set(one.id, one);
      return sendJson(res, 201, view(one));
    }
    const found = all.get(id);
    if (!found) return sendJson(res, 404, { message: 'no such session' });
    if (sub === undefined)
      return req.method === 'GET' ? sendJson(res, 200, view(found)) : sendJson(res, 404, { message: 'no' });
    if (sub !== 'registrations') return sendJson(res, 404, { message: 'no such path' });
    if (req.method === 'GET') return sendJson(res, 200, found.names);
    if (!body || Object.keys(body).join() !== 'name' || !text(body.name))
      return sendJson(res, 400, { message: 'bad name' });
    if (found.names.length >= found.capacity && !fault) return sendJson(res, 409, { message: 'the session is full' });
    const one = { id: `r${++made}`, name: body.name as string };
    found.names.push(one);
    return sendJson(res, 201, one);
  };
}

const run = (fault: boolean) => runConformance({ target: { app: sessions(fault) }, contract, seed: 6 });

describe('a parent that limits its children', () => {
  it('is read from the words, the limit held by the path parent', () => {
    const model = inferApiModel(contract);
    const limits = model.resources.find((r) => r.collection.path === '/sessions/{sessionId}/registrations')?.idioms
      .referrerLimits;
    expect(limits).toEqual([
      expect.objectContaining({ via: 'sessionId', inPath: true, limit: 'capacity', status: 409 }),
    ]);
  });

  it('passes a service that refuses one past the capacity', async () => {
    expect((await run(false)).violations.map((v) => `${v.code} ${v.operation}: ${v.message}`)).toEqual([]);
  });

  it('names a service that takes one past the capacity', async () => {
    const found = (await run(true)).violations.filter(
      (v) => v.operation === 'POST /sessions/{sessionId}/registrations',
    );

    expect(found.length).toBeGreaterThan(0);
  });
});
