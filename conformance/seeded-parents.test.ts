// Items below a parent clients cannot make (seeded depots: a list and a read, no creation) are made
// under a listed parent, not a made-up one that only ever meets a 404. The member a service keeps
// on another item (a part's readOnly `stock`, moved by every pick naming the part) may move with the
// run's writes: that is no existing item altered.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { apiModelOf, contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';
import { movedByOthers } from './judge/moved-by-others.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const depot = {
  type: 'object',
  required: ['id', 'city'],
  properties: { id: { type: 'string', pattern: '^dp_[a-z0-9]{4,12}$' }, city: { type: 'string' } },
};
const part = {
  type: 'object',
  required: ['id', 'name', 'stock'],
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string', minLength: 1, maxLength: 30 },
    stock: { type: 'integer', minimum: 0, readOnly: true, description: 'Lowered by one with every pick.' },
  },
};
const pickBody = {
  type: 'object',
  additionalProperties: false,
  required: ['partId', 'quantity'],
  properties: { partId: { type: 'integer', minimum: 1 }, quantity: { type: 'integer', minimum: 1, maximum: 5 } },
};
const pick = {
  type: 'object',
  required: ['id', 'depotId', 'partId', 'quantity'],
  properties: {
    id: { type: 'integer', readOnly: true },
    depotId: { type: 'string', readOnly: true },
    ...pickBody.properties,
  },
};
const depotId = [
  { name: 'depotId', in: 'path', required: true, schema: { type: 'string', pattern: '^dp_[a-z0-9]{4,12}$' } },
];

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'depots', version: '1' },
  paths: {
    '/depots': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: depot }) } } },
    },
    '/depots/{depotId}': {
      parameters: depotId,
      get: { responses: { '200': { description: 'one', content: json(depot) }, '404': none } },
    },
    '/parts': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: part }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['name'],
            properties: { name: part.properties.name },
          }),
        },
        responses: { '201': { description: 'made, with 100 in stock', content: json(part) }, '400': none },
      },
    },
    '/parts/{partId}': {
      parameters: [{ name: 'partId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
      get: {
        responses: {
          '200': {
            description: "one, tagged with the part's own version: a pick moving its stock keeps the tag",
            headers: { ETag: { schema: { type: 'string' } } },
            content: json(part),
          },
          '404': none,
        },
      },
      delete: {
        description: 'Deletes the part; while a pick names it, the answer is 409 and the part stays.',
        responses: { '204': { description: 'gone' }, '404': none, '409': none },
      },
    },
    '/depots/{depotId}/picks': {
      parameters: depotId,
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: pick }) }, '404': none } },
      post: {
        description:
          "Picks a part in the depot: it takes `quantity` from the part's stock. An unknown partId is answered 422.",
        requestBody: { required: true, content: json(pickBody) },
        responses: { '201': { description: 'picked', content: json(pick) }, '400': none, '404': none, '422': none },
      },
    },
    '/depots/{depotId}/picks/{pickId}': {
      parameters: [...depotId, { name: 'pickId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
      get: { responses: { '200': { description: 'one', content: json(pick) }, '404': none } },
    },
  },
});

type Fault = 'pick-forgets-quantity';

function depots(fault?: Fault) {
  const depotsSeeded = [
    { id: 'dp_north1', city: 'Oslo' },
    { id: 'dp_south2', city: 'Rome' },
  ];
  const parts = new Map<number, { id: number; name: string; stock: number }>([
    [1, { id: 1, name: 'bolt', stock: 500 }],
  ]);
  const picks = new Map<string, Array<Record<string, unknown>>>();
  let lastPart = 1;
  let lastPick = 0;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const segments = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    const [root, id, below, pickId] = segments;
    if (root === 'parts') {
      if (id === undefined && req.method === 'GET') return sendJson(res, 200, [...parts.values()]);
      if (id === undefined && req.method === 'POST') {
        const body = parseObject(text);
        const name = body?.name;
        if (!body || Object.keys(body).length !== 1 || typeof name !== 'string' || name.length < 1 || name.length > 30)
          return sendJson(res, 400, {});
        const made = { id: ++lastPart, name, stock: 100 };
        parts.set(made.id, made);
        return sendJson(res, 201, made);
      }
      const found = parts.get(Number(id));
      if (found && req.method === 'DELETE' && segments.length === 2) {
        const named = [...picks.values()].flat().some((p) => p.partId === found.id);
        if (named) return sendJson(res, 409, {});
        parts.delete(found.id);
        return sendJson(res, 204);
      }
      if (!found || req.method !== 'GET' || segments.length !== 2) return sendJson(res, 404, {});
      // A tag of the part's own version (never changed here), not of its stock.
      return res
        .writeHead(200, { 'content-type': 'application/json', etag: `"part-${found.id}-v1"` })
        .end(JSON.stringify(found));
    }
    if (root !== 'depots') return sendJson(res, 404, {});
    if (id === undefined) return sendJson(res, 200, depotsSeeded);
    const seeded = depotsSeeded.find((d) => d.id === id);
    if (!seeded) return sendJson(res, 404, {});
    if (below === undefined) return sendJson(res, 200, seeded);
    if (below !== 'picks' || segments.length > 4) return sendJson(res, 404, {});
    const held = picks.get(id!) ?? [];
    if (pickId !== undefined) {
      const found = held.find((p) => String(p.id) === pickId);
      return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
    }
    if (req.method === 'GET') return sendJson(res, 200, held);
    const body = parseObject(text);
    const { partId, quantity } = body ?? {};
    const valid =
      body !== undefined &&
      Object.keys(body).every((name) => name === 'partId' || name === 'quantity') &&
      Number.isInteger(partId) &&
      Number(partId) >= 1 &&
      Number.isInteger(quantity) &&
      Number(quantity) >= 1 &&
      Number(quantity) <= 5;
    if (!valid) return sendJson(res, 400, {});
    const picked = parts.get(Number(partId));
    if (!picked) return sendJson(res, 422, {});
    picked.stock = Math.max(0, picked.stock - Number(quantity));
    const made = {
      id: ++lastPick,
      depotId: id,
      partId,
      ...(fault === 'pick-forgets-quantity' ? { quantity: 1 } : { quantity }),
    };
    picks.set(id!, [...held, made]);
    return sendJson(res, 201, made);
  };
}

const run = (fault?: Fault) => runConformance({ target: { app: depots(fault) }, contract, seed: 4 });

describe('items below seeded parents', () => {
  it('are made under a listed parent, and a stock other writes move is no item altered', async () => {
    const result = await run();
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect(result.reach?.notReached).toEqual([]);
    // The pick's draw on the part's stock, judged under a listed depot.
    expect((result.reach?.unreached ?? []).filter((u) => u.scenario === 'drawn amounts')).toEqual([]);
  });

  it('are judged: a pick that stores another quantity is named', async () => {
    const result = await run('pick-forgets-quantity');
    expect(result.violations.map((v) => v.message).join('\n')).toMatch(/quantity/);
  });
});

describe('what other writes move on existing items', () => {
  it("is a part's readOnly stock, where a pick's body names parts; a depot keeps no member of its own", () => {
    const collections = apiModelOf(contract).collections;
    const of = (path: string) => movedByOthers(contract, collections.find((c) => c.path === path)!);
    expect(of('/parts')).toEqual({ parent: true, kept: new Set(['id', 'stock']) });
    expect(of('/depots')).toEqual({ parent: true, kept: new Set() });
  });
});
