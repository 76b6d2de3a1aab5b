// A PUT at a free key, where keys come from a small space (one capital letter) and the service holds
// items at most of them, listed a page at a time: the run reads the key first and never takes an
// item that exists for a free key: a correct upsert (201 new, 200 existing) is not said to answer a
// creation at a free key with 200.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const code = { type: 'string', pattern: '^[A-Z]$' };
const desk = {
  type: 'object',
  required: ['code', 'name'],
  properties: { code, name: { type: 'string', minLength: 1, maxLength: 20 } },
};
const input = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: desk.properties.name },
};
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'desks', version: '1' },
  paths: {
    '/desks': {
      get: {
        parameters: [{ name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } }],
        responses: { '200': { description: 'two desks a page', content: json({ type: 'array', items: desk }) } },
      },
    },
    '/desks/{code}': {
      parameters: [{ name: 'code', in: 'path', required: true, schema: code }],
      get: { responses: { '200': { description: 'one', content: json(desk) }, '404': { description: 'none' } } },
      put: {
        description: 'Creates the desk at `code` (201) or replaces the one there (200).',
        requestBody: { required: true, content: json(input) },
        responses: {
          '200': { description: 'replaced', content: json(desk) },
          '201': { description: 'created', content: json(desk) },
          '400': { description: 'bad' },
        },
      },
    },
  },
});

/** Desks at every letter but Q, listed two a page. */
function desks() {
  const all = new Map(
    [...'ABCDEFGHIJKLMNOPRSTUVWXYZ'].map((letter) => [letter, { code: letter, name: `desk ${letter}` }]),
  );
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const url = new URL(req.url ?? '/', 'http://x');
    const [root, key, ...rest] = url.pathname.split('/').filter(Boolean);
    if (root !== 'desks' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined) {
      const page = Number(url.searchParams.get('page') ?? '1');
      return sendJson(res, 200, [...all.values()].slice((page - 1) * 2, page * 2));
    }
    if (!/^[A-Z]$/.test(key)) return sendJson(res, 400, {});
    if (req.method === 'GET') return all.has(key) ? sendJson(res, 200, all.get(key)) : sendJson(res, 404, {});
    if (req.method !== 'PUT') return sendJson(res, 404, {});
    const name = body?.name;
    if (
      !body ||
      Object.keys(body).join() !== 'name' ||
      typeof name !== 'string' ||
      name.length < 1 ||
      [...name].length > 20
    )
      return sendJson(res, 400, {});
    const existed = all.has(key);
    all.set(key, { code: key, name });
    return sendJson(res, existed ? 200 : 201, all.get(key));
  };
}

describe('a PUT at a free key drawn from a small space', () => {
  it.each([1, 2, 3])('never takes an existing item for a free key (seed %i)', async (seed) => {
    const result = await runConformance({ target: { app: desks() }, contract, seed, runs: 5 });
    expect(result.violations.filter((v) => v.code === 'put_create_not_created').map((v) => v.message)).toEqual([]);
  });
});
