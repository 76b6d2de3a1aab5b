// An idempotency key the words scope to the parent ("Keys are scoped to the depot"): the same key
// under another depot makes a new pick there. A desk that keeps keys across depots replays the
// first depot's pick, or refuses the other body as a reused key: both are named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const depot = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
const pickInput = {
  type: 'object',
  additionalProperties: false,
  required: ['item'],
  properties: { item: { type: 'string', minLength: 1, maxLength: 20 } },
};
const pick = {
  type: 'object',
  required: ['id', 'depotId', 'item'],
  properties: {
    id: { type: 'integer', readOnly: true },
    depotId: { type: 'string', readOnly: true },
    ...pickInput.properties,
  },
};
const depotId = { name: 'depotId', in: 'path', required: true, schema: { type: 'string' } };
const list = (schema: unknown) => ({ description: 'all', content: json({ type: 'array', items: schema }) });
const one = (schema: unknown) => ({ description: 'one', content: json(schema) });

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'depots', version: '1' },
  paths: {
    '/depots': { get: { responses: { '200': list(depot) } } },
    '/depots/{depotId}': { parameters: [depotId], get: { responses: { '200': one(depot), '404': none } } },
    '/depots/{depotId}/picks': {
      parameters: [depotId],
      get: { responses: { '200': list(pick), '404': none } },
      post: {
        description:
          'Picks an item. `Idempotency-Key` makes retries safe. Keys are scoped to the depot. The same key with the same body replays the first answer; with another body it is refused with `422`.',
        parameters: [
          { name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string', minLength: 1 } },
        ],
        requestBody: { required: true, content: json(pickInput) },
        responses: { '201': one(pick), '400': none, '404': none, '422': none },
      },
    },
    '/depots/{depotId}/picks/{pickId}': {
      parameters: [depotId, { name: 'pickId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': one(pick), '404': none } },
    },
  },
});

function desk(keysAcrossDepots = false) {
  const depots = ['dp-1', 'dp-2', 'dp-3'];
  const picks: Array<{ id: number; depotId: string; item: string }> = [];
  const remembered = new Map<string, { text: string; answer: unknown }>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const [root, id, below, inner, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'depots' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined)
      return sendJson(
        res,
        200,
        depots.map((one) => ({ id: one })),
      );
    if (!depots.includes(id)) return sendJson(res, 404, {});
    if (below === undefined) return sendJson(res, 200, { id });
    if (below !== 'picks') return sendJson(res, 404, {});
    const mine = picks.filter((one) => one.depotId === id);
    if (inner !== undefined) {
      const found = mine.find((one) => String(one.id) === inner);
      return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
    }
    if (req.method === 'GET') return sendJson(res, 200, mine);
    const key = req.headers['idempotency-key'];
    const body = parseObject(text);
    const valid =
      typeof key === 'string' &&
      key.length > 0 &&
      body !== undefined &&
      Object.keys(body).every((name) => name === 'item') &&
      typeof body.item === 'string' &&
      body.item.length > 0 &&
      [...body.item].length <= 20;
    if (!valid) return sendJson(res, 400, {});
    const scoped = keysAcrossDepots ? key : `${id} ${key}`;
    const before = remembered.get(scoped);
    if (before)
      return before.text === JSON.stringify(body) ? sendJson(res, 201, before.answer) : sendJson(res, 422, {});
    const made = { id: picks.length + 1, depotId: id, item: String(body.item) };
    picks.push(made);
    remembered.set(scoped, { text: JSON.stringify(body), answer: made });
    return sendJson(res, 201, made);
  };
}

const run = (fault?: boolean) => runConformance({ target: { app: desk(fault) }, contract, seed: 16 });

describe('an idempotency key scoped to the parent', () => {
  it('passes a desk that makes a new pick under another depot, with the step run', async () => {
    const result = await run();
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((u) => u.scenario === 'scoped keys')).toEqual([]);
  });

  it('names a desk that keeps keys across depots', async () => {
    const found = (await run(true)).violations.filter((v) => v.code === 'idempotency_key_not_scoped');
    expect(found.map((v) => v.message).join('\n')).toMatch(/scoped to the depot/);
  });
});
