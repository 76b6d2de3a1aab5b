// HEAD answers as GET does: an item a GET shows absent is not found by HEAD either. A shelf whose
// HEAD answers 200 for any id is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const book = {
  type: 'object',
  required: ['id', 'title'],
  properties: { id: { type: 'string', readOnly: true }, title: { type: 'string' } },
};
const one = { description: 'one', content: json(book) };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'shelf', version: '1' },
  paths: {
    '/books': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: book }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['title'],
            properties: { title: { type: 'string', minLength: 1, maxLength: 20 } },
          }),
        },
        responses: { '201': one, '400': none },
      },
    },
    '/books/{bookId}': {
      parameters: [{ name: 'bookId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': one, '404': none } },
      head: { responses: { '200': { description: 'there' }, '404': none } },
    },
  },
});

function shelf(headFindsAll = false) {
  const books: Array<{ id: string; title: string }> = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'books' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, books);
      const title = body?.title;
      if (
        !body ||
        Object.keys(body).some((n) => n !== 'title') ||
        typeof title !== 'string' ||
        !title ||
        [...title].length > 20
      )
        return sendJson(res, 400, {});
      const made = { id: `bk_${books.length + 1}`, title };
      books.push(made);
      return sendJson(res, 201, made);
    }
    const found = books.find((one) => one.id === id);
    if (req.method === 'HEAD')
      return res.writeHead(found || headFindsAll ? 200 : 404, { 'content-type': 'application/json' }).end();
    return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
  };
}

const run = (fault?: boolean) => runConformance({ target: { app: shelf(fault) }, contract, seed: 22 });

describe('HEAD of an item that does not exist', () => {
  it('is 404 on a correct shelf', async () => {
    const result = await run();
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((u) => u.scenario === 'head')).toEqual([]);
  });

  it('names a shelf whose HEAD finds any id', async () => {
    const result = await run(true);
    expect(result.violations.map((v) => v.code)).toContain('absent_item_found_by_head');
  });
});
