// A list paged by an opaque cursor that holds a position, newest first, walked while items arrive
// in front (the run's own scenarios, or other clients): the item at a page's edge is read twice by a
// correct service. The document promises each item once only while the collection holds still, so
// the repeat is a note; one answer holding an item twice is still a failure.
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
const page = {
  type: 'object',
  required: ['items', 'nextCursor'],
  properties: { items: { type: 'array', items: note }, nextCursor: { type: ['string', 'null'] } },
};
const document = contractFromDocument({
  openapi: '3.1.0',
  info: {
    title: 'notes',
    version: '1',
    description:
      'Following `nextCursor` until it is `null` returns every item exactly once, as long as the collection does not change meanwhile.',
  },
  paths: {
    '/notes': {
      get: {
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 2 } },
          { name: 'cursor', in: 'query', schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'a page', content: json(page) }, '400': { description: 'bad' } },
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
        responses: { '201': { description: 'made', content: json(note) }, '400': { description: 'bad' } },
      },
    },
    '/notes/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(note) }, '404': { description: 'no' } } },
    },
  },
});

/** Notes newest first, two to a page, the cursor an offset; another client adds a note in front
 * before every page after the first. */
function notes() {
  const items: { id: string; text: string }[] = [{ id: 'n1', text: 'first' }];
  let made = items.length;
  const add = (text: string) => {
    const item = { id: `n${++made}`, text };
    items.unshift(item);
    return item;
  };
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const [top, id, ...rest] = url.pathname.split('/').filter(Boolean);
    if (top !== 'notes' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined && req.method === 'POST') {
      const body = parseObject(await readBody(req));
      const text = body?.text;
      if (typeof text !== 'string' || text.length < 1 || [...text].length > 20 || Object.keys(body!).length !== 1)
        return sendJson(res, 400, {});
      return sendJson(res, 201, add(text));
    }
    if (id === undefined && req.method === 'GET') {
      const limit = Number(url.searchParams.get('limit') ?? '2');
      const cursor = url.searchParams.get('cursor');
      if (!Number.isInteger(limit) || limit < 1 || limit > 2) return sendJson(res, 400, {});
      if (cursor !== null && !/^o\d+$/.test(cursor)) return sendJson(res, 400, {});
      if (cursor !== null) add('elsewhere');
      const start = cursor === null ? 0 : Number(cursor.slice(1));
      const next = start + limit < items.length ? `o${start + limit}` : null;
      return sendJson(res, 200, { items: items.slice(start, start + limit), nextCursor: next });
    }
    const found = items.find((one) => one.id === id);
    return found && req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 404, {});
  };
}

describe('a cursor walk while items arrive in front', () => {
  it('notes an item read on two pages, and fails nothing for it', async () => {
    const result = await runConformance({ target: { app: notes() }, contract: document, seed: 5, runs: 5 });
    expect(result.violations.filter((v) => v.code === 'created_item_repeated')).toEqual([]);
  });
});
