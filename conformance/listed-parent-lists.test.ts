// A list below a parent the service holds (a seeded shelf of eight books), asked without a limit,
// holds no more items than the limit's documented default: only the service's own data is long
// enough to show a default that is not kept.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const shelf = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
const book = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
const shelfId = { name: 'shelfId', in: 'path', required: true, schema: { type: 'string' } };
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'shelves', version: '1' },
  paths: {
    '/shelves': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: shelf }) } } },
    },
    '/shelves/{shelfId}': {
      parameters: [shelfId],
      get: { responses: { '200': { description: 'one', content: json(shelf) }, '404': { description: 'none' } } },
    },
    '/shelves/{shelfId}/books': {
      parameters: [shelfId],
      get: {
        parameters: [
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50, default: 5 } },
        ],
        responses: {
          '200': { description: 'a page', content: json({ type: 'array', items: book }) },
          '400': { description: 'bad limit' },
          '404': { description: 'none' },
        },
      },
    },
  },
});

function library(defaultLimit: number) {
  const shelves: Record<string, { id: string }[]> = {
    s1: [{ id: 'b1' }],
    s2: Array.from({ length: 8 }, (_, index) => ({ id: `b${index + 2}` })),
  };
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const [top, id, books] = url.pathname.split('/').filter(Boolean);
    if (req.method !== 'GET' || top !== 'shelves') return send(res, 404, {});
    if (!id)
      return send(
        res,
        200,
        Object.keys(shelves).map((key) => ({ id: key })),
      );
    const held = shelves[id];
    if (!held) return send(res, 404, {});
    if (!books) return send(res, 200, { id });
    if (books !== 'books') return send(res, 404, {});
    const limit = url.searchParams.get('limit');
    const page = url.searchParams.get('page');
    if (limit !== null && !/^(?:[1-9]|[1-4]\d|50)$/.test(limit)) return send(res, 400, {});
    if (page !== null && !/^[1-9]\d{0,5}$/.test(page)) return send(res, 400, {});
    const size = limit === null ? defaultLimit : Number(limit);
    const start = (Number(page ?? 1) - 1) * size;
    return send(res, 200, held.slice(start, start + size));
  };
}

const overDefault = async (defaultLimit: number) => {
  const report = await runConformance({ target: { app: library(defaultLimit) }, contract, seed: 2 });
  return report.violations.filter((v) => v.code === 'page_over_default_limit').length;
};

describe('a list below a listed parent, asked without a limit', () => {
  it('passes a service that keeps the default', async () => {
    expect(await overDefault(5)).toBe(0);
  });

  it('names one whose default page is longer', async () => {
    expect(await overDefault(20)).toBeGreaterThan(0);
  });
});
