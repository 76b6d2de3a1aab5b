// An item's ETag moves when an action changes it, even where no change of it takes If-Match: an
// order cancelled must read with another tag than before (RFC 9110 8.8.3, a strong validator).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const refused = { description: 'refused', content: json({ type: 'object' }) };
const order = {
  type: 'object',
  required: ['id', 'note', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    note: { type: 'string', minLength: 1, maxLength: 20 },
    status: { type: 'string', enum: ['placed', 'cancelled'], readOnly: true },
  },
};
const orderId = { name: 'orderId', in: 'path', required: true, schema: { type: 'string' } };
const tagged = { description: 'one', headers: { ETag: { schema: { type: 'string' } } }, content: json(order) };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'orders', version: '1' },
  paths: {
    '/orders': {
      post: {
        requestBody: { required: true, content: json(order) },
        responses: { '201': { description: 'made', content: json(order) }, '400': refused },
      },
    },
    '/orders/{orderId}': { parameters: [orderId], get: { responses: { '200': tagged, '404': refused } } },
    '/orders/{orderId}/cancel': {
      parameters: [orderId],
      post: {
        description: 'Cancels a placed order: its `status` becomes `cancelled`. A cancelled one answers `409`.',
        responses: { '200': { description: 'cancelled', content: json(order) }, '409': refused },
      },
    },
  },
});

/** Orders whose ETag counts their versions; `staticTag` never moves it. */
function orders(staticTag: boolean) {
  const made = new Map<string, { item: Record<string, unknown>; version: number }>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, verb, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'orders' || rest.length > 0) return sendJson(res, 404, {});
    if (!id) {
      const note = body?.note;
      if (typeof note !== 'string' || note.length < 1 || note.length > 20) return sendJson(res, 400, {});
      if (Object.keys(body!).some((k) => !['id', 'note', 'status'].includes(k))) return sendJson(res, 400, {});
      const item = { id: `o${made.size + 1}`, note, status: 'placed' };
      made.set(item.id, { item, version: 1 });
      return sendJson(res, 201, item);
    }
    const found = made.get(decodeURIComponent(id));
    if (!found) return sendJson(res, 404, {});
    if (!verb) {
      res.setHeader('ETag', `"${found.item.id}.${found.version}"`);
      return sendJson(res, 200, found.item);
    }
    if (verb !== 'cancel' || req.method !== 'POST') return sendJson(res, 404, {});
    if (found.item.status !== 'placed') return sendJson(res, 409, {});
    found.item.status = 'cancelled';
    if (!staticTag) found.version += 1;
    return sendJson(res, 200, found.item);
  };
}

const codes = async (staticTag: boolean) =>
  (await runConformance({ target: { app: orders(staticTag) }, contract, seed: 6, runs: 4 })).violations.map(
    (v) => v.code,
  );

describe("an item's ETag over an action that changes it", () => {
  it('passes a tag that moves with the cancellation', async () => {
    expect(await codes(false)).toEqual([]);
  });

  it('names a tag that stays the same', async () => {
    expect(await codes(true)).toContain('etag_unchanged');
  });
});
