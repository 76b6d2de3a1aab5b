// A restore whose words clear a member ("`retiredAt` goes back to `null`") is judged on it: a soft
// deletion (410 after DELETE) stamps `retiredAt`, and a restored item that still holds it is named,
// though no deletion-time name (`deletedAt`) tells the run it is one.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const car = {
  type: 'object',
  required: ['id', 'name', 'retiredAt'],
  properties: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', minLength: 1, maxLength: 20 },
    retiredAt: { type: 'string', format: 'date-time', nullable: true, readOnly: true },
  },
};
const carId = { name: 'carId', in: 'path', required: true, schema: { type: 'string' } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'cars', version: '1' },
  paths: {
    '/cars': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: car }) } } },
      post: {
        requestBody: { required: true, content: json(car) },
        responses: { '201': { description: 'made', content: json(car) }, '400': none },
      },
    },
    '/cars/{carId}': {
      parameters: [carId],
      get: { responses: { '200': { description: 'one', content: json(car) }, '404': none, '410': none } },
      delete: { description: 'Retires the car: `retiredAt` is set.', responses: { '204': none, '404': none } },
    },
    '/cars/{carId}/restore': {
      parameters: [carId],
      post: {
        description: 'Makes a retired car active again: `retiredAt` goes back to `null`. A car not retired is 409.',
        responses: { '200': { description: 'restored', content: json(car) }, '404': none, '409': none },
      },
    },
  },
});

type Car = { id: string; name: string; retiredAt: string | null };

/** Cars retired by DELETE (410 on read); `keepsMark` restores them with `retiredAt` still set. */
function cars(keepsMark: boolean) {
  const made = new Map<string, Car>();
  // Restored by the fault: live again, with the mark kept.
  const back = new Set<string>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, verb, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'cars' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET')
        return sendJson(
          res,
          200,
          [...made.values()].filter((one) => !one.retiredAt || back.has(one.id)),
        );
      const name = body?.name;
      if (typeof name !== 'string' || name.length < 1 || [...name].length > 20) return sendJson(res, 400, {});
      const item = { id: `c${made.size + 1}`, name, retiredAt: null };
      made.set(item.id, item);
      return sendJson(res, 201, item);
    }
    const found = made.get(decodeURIComponent(key));
    if (!found) return sendJson(res, 404, {});
    if (verb === 'restore' && req.method === 'POST') {
      if (!found.retiredAt || back.has(found.id)) return sendJson(res, 409, {});
      if (keepsMark) back.add(found.id);
      else found.retiredAt = null;
      return sendJson(res, 200, found);
    }
    if (verb !== undefined) return sendJson(res, 404, {});
    const live = !found.retiredAt || back.has(found.id);
    if (req.method === 'GET') return live ? sendJson(res, 200, found) : sendJson(res, 410, {});
    if (req.method !== 'DELETE' || !live) return sendJson(res, live ? 405 : 410, {});
    back.delete(found.id);
    found.retiredAt = new Date().toISOString();
    return sendJson(res, 204);
  };
}

const run = (keepsMark: boolean) => runConformance({ target: { app: cars(keepsMark) }, contract, seed: 2, runs: 5 });

describe('a restore whose words clear a member', () => {
  it('passes a service that clears it, and names one that keeps it', async () => {
    expect((await run(false)).violations.map((v) => `${v.code} ${v.operation}: ${v.message}`)).toEqual([]);
    expect((await run(true)).violations.map((v) => v.code)).toContain('restored_item_still_deleted');
  });
});
