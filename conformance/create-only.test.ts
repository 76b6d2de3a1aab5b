// A PUT that creates only with `If-None-Match: *` (412 where the item exists): sent at an item the
// run made, a service that replaces it anyway is named; one that refuses it passes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const shelf = {
  type: 'object',
  required: ['code', 'title'],
  properties: { code: { type: 'string', readOnly: true }, title: { type: 'string', minLength: 1, maxLength: 20 } },
};
const code = { name: 'code', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z]{2,8}$' } };
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'shelves', version: '1' },
  paths: {
    '/shelves': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: shelf }) } } },
    },
    '/shelves/{code}': {
      parameters: [code],
      get: { responses: { '200': { description: 'one', content: json(shelf) }, '404': { description: 'no' } } },
      put: {
        description:
          'Creates the shelf (201) or replaces it (200). With `If-None-Match: *` it only creates: a shelf that exists answers `412` and stays as it was.',
        parameters: [{ name: 'If-None-Match', in: 'header', schema: { type: 'string', enum: ['*'] } }],
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['title'],
            properties: { title: shelf.properties.title },
          }),
        },
        responses: {
          '200': { description: 'replaced', content: json(shelf) },
          '201': { description: 'made', content: json(shelf) },
          '400': { description: 'bad' },
          '412': { description: 'exists' },
        },
      },
    },
  },
});

/** Shelves by code; `overwrites` plants the fault: If-None-Match is ignored. */
function shelves(overwrites: boolean) {
  const held = new Map<string, { code: string; title: string }>([['aa', { code: 'aa', title: 'First' }]]);
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [top, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (top !== 'shelves' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined)
      return req.method === 'GET' ? sendJson(res, 200, [...held.values()]) : sendJson(res, 404, {});
    const name = decodeURIComponent(key);
    if (req.method === 'GET') return held.has(name) ? sendJson(res, 200, held.get(name)) : sendJson(res, 404, {});
    if (req.method !== 'PUT') return sendJson(res, 404, {});
    if (!/^[a-z]{2,8}$/.test(name)) return sendJson(res, 400, {});
    const title = body?.title;
    if (typeof title !== 'string' || title.length < 1 || [...title].length > 20 || Object.keys(body!).length !== 1)
      return sendJson(res, 400, {});
    const condition = req.headers['if-none-match'];
    if (condition !== undefined && condition !== '*') return sendJson(res, 400, {});
    const exists = held.has(name);
    if (exists && condition === '*' && !overwrites) return sendJson(res, 412, {});
    held.set(name, { code: name, title });
    return sendJson(res, exists ? 200 : 201, held.get(name));
  };
}

const codes = async (overwrites: boolean) =>
  (await runConformance({ target: { app: shelves(overwrites) }, contract: document, seed: 6, runs: 5 })).violations
    .filter((v) => v.severity !== 'note')
    .map((v) => v.code);

describe('a create-only PUT', () => {
  it('passes a service that refuses it at a shelf that exists', async () => {
    expect(await codes(false)).toEqual([]);
  });

  it('names one that replaces the shelf anyway', async () => {
    expect(await codes(true)).toContain('create_only_replaced');
  });
});
