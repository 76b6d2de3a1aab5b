// A list no operation writes (a fixed catalogue of venues), paged with a total: walked in pages of
// one, each page's total must be the number of venues. One that states the page's size is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const venue = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string' }, name: { type: 'string' } },
};

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: {
    title: 'venues',
    version: '1',
    description: '`total` is the number of entries matching the request before paging.',
  },
  paths: {
    '/venues': {
      get: {
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50, default: 20 } },
          { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
        ],
        responses: {
          '200': {
            description: 'a page',
            content: json({
              type: 'object',
              required: ['items', 'total'],
              properties: { items: { type: 'array', items: venue }, total: { type: 'integer', minimum: 0 } },
            }),
          },
          '400': { description: 'bad' },
        },
      },
    },
    '/venues/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(venue) }, '404': { description: 'none' } } },
    },
  },
});

function venues(pageSizeTotal: boolean) {
  const all = ['Hall', 'Foundry', 'Kesselhaus'].map((name, index) => ({ id: `v-${index + 1}`, name }));
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const one = /^\/venues\/([^/]+)$/.exec(url.pathname);
    if (one && req.method === 'GET') {
      const found = all.find((venue) => venue.id === decodeURIComponent(one[1]!));
      return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
    }
    if (url.pathname !== '/venues' || req.method !== 'GET') return sendJson(res, 404, {});
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    if (!Number.isInteger(limit) || limit < 1 || limit > 50 || !Number.isInteger(offset) || offset < 0)
      return sendJson(res, 400, {});
    const items = all.slice(offset, offset + limit);
    return sendJson(res, 200, { items, total: pageSizeTotal ? items.length : all.length });
  };
}

const codes = async (pageSizeTotal: boolean) =>
  (await runConformance({ target: { app: venues(pageSizeTotal) }, contract, seed: 2 })).violations.map((v) => v.code);

describe('a fixed list walked in pages of one', () => {
  it('passes a catalogue whose total counts every venue', async () => {
    expect(await codes(false)).toEqual([]);
  });

  it('names one whose total is the page size', async () => {
    expect(await codes(true)).toContain('list_total_mismatch');
  });
});
