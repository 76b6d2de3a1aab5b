// A merge patch's null on a member the item must hold, one with a default (RFC 7396 removes it):
// the item then holds its default again. The run first sets it off its default (its creation may
// have left it out), then sends the null. A desk that ignores the null is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const limit = { type: 'integer', minimum: 1, maximum: 10 };
const desk = {
  type: 'object',
  required: ['id', 'name', 'maxPerOrder'],
  properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, maxPerOrder: limit },
};
const creation = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 20 }, maxPerOrder: { ...limit, default: 6 } },
};
const change = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 20 },
    maxPerOrder: { type: ['integer', 'null'], minimum: 1, maximum: 10 },
  },
};
const one = { description: 'one', content: json(desk) };

const contract = contractFromDocument({
  openapi: '3.1.0',
  info: { title: 'desks', version: '1' },
  paths: {
    '/desks': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: desk }) } } },
      post: { requestBody: { required: true, content: json(creation) }, responses: { '201': one, '400': none } },
    },
    '/desks/{deskId}': {
      parameters: [{ name: 'deskId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': one, '404': none } },
      patch: {
        description: '`null` for `maxPerOrder` restores its default.',
        requestBody: { required: true, content: { 'application/merge-patch+json': { schema: change } } },
        responses: { '200': one, '400': none, '404': none },
      },
    },
  },
});

function desks(nullIgnored = false) {
  const held = new Map<number, { id: number; name: string; maxPerOrder: number }>();
  let last = 0;
  const validName = (v: unknown) => typeof v === 'string' && v.length > 0 && [...v].length <= 20;
  const validLimit = (v: unknown) => Number.isInteger(v) && Number(v) >= 1 && Number(v) <= 10;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'desks' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...held.values()]);
      const known = body && Object.keys(body).every((name) => name === 'name' || name === 'maxPerOrder');
      if (!known || !validName(body.name) || ('maxPerOrder' in body && !validLimit(body.maxPerOrder)))
        return sendJson(res, 400, {});
      const made = {
        id: ++last,
        name: String(body.name),
        maxPerOrder: body.maxPerOrder === undefined ? 6 : Number(body.maxPerOrder),
      };
      held.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = held.get(Number(key));
    if (!found) return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, found);
    if (req.method !== 'PATCH' || !body || Object.keys(body).some((name) => name !== 'name' && name !== 'maxPerOrder'))
      return sendJson(res, 400, {});
    if ('name' in body && !validName(body.name)) return sendJson(res, 400, {});
    if ('maxPerOrder' in body && body.maxPerOrder !== null && !validLimit(body.maxPerOrder))
      return sendJson(res, 400, {});
    if ('name' in body) found.name = String(body.name);
    if (body.maxPerOrder === null) {
      if (!nullIgnored) found.maxPerOrder = 6;
    } else if ('maxPerOrder' in body) found.maxPerOrder = Number(body.maxPerOrder);
    return sendJson(res, 200, found);
  };
}

const run = (fault?: boolean) => runConformance({ target: { app: desks(fault) }, contract, seed: 20 });

describe("a merge patch's null on a member with a default", () => {
  it('passes a desk that restores the default', async () => {
    const result = await run();
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });

  it('names a desk that keeps the old value', async () => {
    const found = (await run(true)).violations.filter((v) => /maxPerOrder/.test(v.message));
    expect(found.map((v) => v.code)).not.toEqual([]);
  });
});
