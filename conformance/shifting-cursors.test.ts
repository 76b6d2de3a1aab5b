// A list paged by an opaque cursor that is a position, newest first, while another client adds an
// item in front between two pages (the service adds one as the first page is served): the item at
// the page boundary is read twice. That is the walk's timing, not the service's fault: a note.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const note = {
  type: 'object',
  required: ['id', 'text'],
  properties: { id: { type: 'string', readOnly: true }, text: { type: 'string', minLength: 1, maxLength: 20 } },
};
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'notes', version: '1' },
  paths: {
    '/notes': {
      get: {
        description: 'Newest first. Pass `nextCursor` as `cursor` for the next page.',
        parameters: [
          { name: 'cursor', in: 'query', schema: { type: 'string' } },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 20, default: 20 } },
        ],
        responses: {
          '200': {
            description: 'a page',
            content: json({
              type: 'object',
              required: ['items', 'nextCursor'],
              properties: { items: { type: 'array', items: note }, nextCursor: { type: 'string', nullable: true } },
            }),
          },
          '400': { description: 'bad query' },
        },
      },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['text'],
            additionalProperties: false,
            properties: { text: note.properties.text },
          }),
        },
        responses: { '201': { description: 'made', content: json(note) }, '400': { description: 'bad' } },
      },
    },
  },
});

function notes() {
  const all: Array<{ id: string; text: string }> = [];
  let made = 0;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/notes') return sendJson(res, 404, {});
    if (req.method === 'POST') {
      const body = parseObject(text);
      const value = body?.text;
      if (
        !body ||
        Object.keys(body).join() !== 'text' ||
        typeof value !== 'string' ||
        value.length < 1 ||
        [...value].length > 20
      )
        return sendJson(res, 400, {});
      const one = { id: `n${++made}`, text: value };
      all.unshift(one);
      return sendJson(res, 201, one);
    }
    const limitText = url.searchParams.get('limit');
    const limit = limitText === null ? 20 : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > 20) return sendJson(res, 400, {});
    const cursor = url.searchParams.get('cursor');
    const start = cursor === null ? 0 : Number.parseInt(Buffer.from(cursor, 'base64url').toString(), 10);
    if (!Number.isInteger(start) || start < 0) return sendJson(res, 400, {});
    const page = all.slice(start, start + limit);
    // Another client writes right after a first page of a walk was served.
    if (cursor === null && limitText !== null && all.length > limit)
      all.unshift({ id: `other${++made}`, text: 'theirs' });
    const next = start + limit < all.length ? Buffer.from(String(start + limit)).toString('base64url') : null;
    return sendJson(res, 200, { items: page, nextCursor: next });
  };
}

describe('a cursor walked while another client writes', () => {
  it('reads the boundary item twice as a note, not a failure', async () => {
    const result = await runConformance({ target: { app: notes() }, contract, seed: 3 });
    expect(result.violations.filter((v) => v.code === 'created_item_repeated')).toEqual([]);
  });
});
