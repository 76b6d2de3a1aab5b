// Writes an item takes only at the version the client read (If-Match required, 428 without it):
// a write the words lock to some states ("A cancelled event cannot be changed (409)") is sent with
// the item's current ETag, so it meets the lock and not a 428; a stale If-Match must be 412, not
// another refusal, and `If-Match: *` matches the item as it is.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const event = {
  type: 'object',
  required: ['id', 'name', 'status'],
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string', minLength: 1, maxLength: 30 },
    status: { type: 'string', enum: ['draft', 'cancelled'], readOnly: true },
  },
};
const named = { type: 'object', required: ['name'], properties: { name: event.properties.name } };
const tagged = { description: 'one', headers: { ETag: { schema: { type: 'string' } } }, content: json(event) };
const eventId = { name: 'eventId', in: 'path', required: true, schema: { type: 'integer' } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'events', version: '1' },
  paths: {
    '/events': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: event }) } } },
      post: { requestBody: { required: true, content: json(named) }, responses: { '201': tagged, '400': none } },
    },
    '/events/{eventId}': {
      parameters: [eventId],
      get: { responses: { '200': tagged, '404': none } },
      patch: {
        description: 'Changes the event. A `cancelled` event cannot be changed (`409`).',
        parameters: [{ name: 'If-Match', in: 'header', required: true, schema: { type: 'string' } }],
        requestBody: {
          required: true,
          content: { 'application/merge-patch+json': { schema: { type: 'object', properties: named.properties } } },
        },
        responses: { '200': tagged, '400': none, '404': none, '409': none, '412': none, '428': none },
      },
    },
    '/events/{eventId}/cancel': {
      parameters: [eventId],
      post: {
        description: 'Moves a `draft` event to `cancelled`. Cancelling a cancelled event is `409`.',
        responses: { '200': tagged, '404': none, '409': none },
      },
    },
  },
});

type Fault = 'stale-tag-409' | 'cancelled-changeable' | 'star-refused';

function box(fault?: Fault) {
  const events = new Map<number, { id: number; name: string; status: string; version: number }>();
  let last = 0;
  const send = (
    res: ServerResponse,
    status: number,
    e: { id: number; name: string; status: string; version: number },
  ) =>
    res
      .writeHead(status, { 'content-type': 'application/json', etag: `"${e.id}.${e.version}"` })
      .end(JSON.stringify({ id: e.id, name: e.name, status: e.status }));
  const validName = (v: unknown) => typeof v === 'string' && v.length > 0 && [...v].length <= 30;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, verb, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'events' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET')
        return sendJson(
          res,
          200,
          [...events.values()].map(({ version: _, ...e }) => e),
        );
      if (!body || !validName(body.name) || Object.keys(body).some((n) => n !== 'name')) return sendJson(res, 400, {});
      const made = { id: ++last, name: String(body.name), status: 'draft', version: 1 };
      events.set(made.id, made);
      return send(res, 201, made);
    }
    const found = events.get(Number(key));
    if (!found) return sendJson(res, 404, {});
    if (verb === 'cancel' && req.method === 'POST') {
      if (found.status === 'cancelled') return sendJson(res, 409, {});
      Object.assign(found, { status: 'cancelled', version: found.version + 1 });
      return send(res, 200, found);
    }
    if (verb !== undefined) return sendJson(res, 404, {});
    if (req.method === 'GET') return send(res, 200, found);
    if (req.method !== 'PATCH') return sendJson(res, 404, {});
    const ifMatch = req.headers['if-match'];
    if (ifMatch === undefined) return sendJson(res, 428, {});
    const star = ifMatch === '*' && fault !== 'star-refused';
    if (!star && ifMatch !== `"${found.id}.${found.version}"`)
      return sendJson(res, fault === 'stale-tag-409' ? 409 : 412, {});
    if (!body || Object.keys(body).some((n) => n !== 'name') || ('name' in body && !validName(body.name)))
      return sendJson(res, 400, {});
    if (found.status === 'cancelled' && fault !== 'cancelled-changeable') return sendJson(res, 409, {});
    Object.assign(found, body, { version: found.version + 1 });
    return send(res, 200, found);
  };
}

const run = (fault?: Fault) => runConformance({ target: { app: box(fault) }, contract, seed: 19 });

describe('writes at the version the client read', () => {
  it('pass a box office that keeps its locks and its 412, with the lock step run', async () => {
    const result = await run();
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((u) => u.scenario === 'state lock')).toEqual([]);
  });

  it.each([
    ['stale-tag-409', 'stale_precondition_other_status'],
    ['cancelled-changeable', 'write_in_locked_state_accepted'],
    ['star-refused', 'if_match_star_refused'],
  ] as const)('name a box office whose %s', async (fault, code) => {
    expect((await run(fault)).violations.map((v) => v.code)).toContain(code);
  });
});
