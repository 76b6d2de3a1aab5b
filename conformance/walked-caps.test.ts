// A cursor-paged list whose pages are capped (maxItems 3, the page size's maximum): a created item
// missing from a walk of every page is a failure, the cap being one page's, not the walk's. A
// service whose next page skips the first item after the previous one is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const error = json({ type: 'object', required: ['message'], properties: { message: { type: 'string' } } });
const note = {
  type: 'object',
  required: ['id', 'text'],
  properties: { id: { type: 'string', readOnly: true }, text: { type: 'string', minLength: 1, maxLength: 30 } },
};
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'notes', version: '1' },
  paths: {
    '/notes': {
      get: {
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 3, default: 3 } },
          {
            name: 'cursor',
            in: 'query',
            schema: { type: 'string' },
            description: 'The `nextCursor` of the previous page.',
          },
        ],
        responses: {
          '200': {
            description: 'a page, oldest first',
            content: json({
              type: 'object',
              required: ['items', 'nextCursor'],
              properties: {
                items: { type: 'array', maxItems: 3, items: note },
                nextCursor: { type: 'string', nullable: true },
              },
            }),
          },
          '400': { description: 'bad query', content: error },
        },
      },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['text'],
            properties: { text: note.properties.text },
          }),
        },
        responses: {
          '201': { description: 'made', content: json(note) },
          '400': { description: 'bad', content: error },
        },
      },
    },
  },
});

/** Notes in creation order, paged by a cursor naming the next position; with the fault, each next
 * page starts one item late. */
function notes(fault: boolean) {
  const all: { id: string; text: string }[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/notes') return sendJson(res, 404, { message: 'no such path' });
    if (req.method === 'POST') {
      const text = body?.text;
      if (
        !body ||
        Object.keys(body).join() !== 'text' ||
        typeof text !== 'string' ||
        text.length < 1 ||
        [...text].length > 30
      )
        return sendJson(res, 400, { message: 'text: 1 to 30 characters' });
      const one = { id: `n${all.length + 1}`, text };
      all.push(one);
      return sendJson(res, 201, one);
    }
    const limitText = url.searchParams.get('limit') ?? '3';
    const limit = Number(limitText);
    const cursor = url.searchParams.get('cursor');
    if (!/^\d+$/.test(limitText) || limit < 1 || limit > 3) return sendJson(res, 400, { message: 'limit: 1 to 3' });
    if (cursor !== null && !/^c\d+$/.test(cursor)) return sendJson(res, 400, { message: 'unknown cursor' });
    const start = cursor === null ? 0 : Number(cursor.slice(1)) + (fault ? 1 : 0);
    const items = all.slice(start, start + limit);
    const next = start + limit < all.length ? `c${start + limit}` : null;
    return sendJson(res, 200, { items, nextCursor: next });
  };
}

const run = (fault: boolean) => runConformance({ target: { app: notes(fault) }, contract, seed: 3 });

describe('a created item missing from a walk of every capped page', () => {
  it('passes a service whose pages cover the list', async () => {
    expect((await run(false)).violations.map((v) => `${v.code} ${v.operation}: ${v.message}`)).toEqual([]);
  });

  it('names a service whose next page skips an item', async () => {
    const failures = (await run(true)).violations.filter((v) => v.severity !== 'note').map((v) => v.code);
    expect(failures).toContain('created_item_missing');
  });
});
