// HEAD answers as GET does: an item a GET shows absent is not found by HEAD either, and one that
// exists carries the headers its GET sends that the HEAD documents (its ETag). A shelf whose HEAD
// answers 200 for any id is named, and so is one whose HEAD leaves the ETag out.
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
      get: { responses: { '200': { ...one, headers: { ETag: { schema: { type: 'string' } } } }, '404': none } },
      head: {
        responses: { '200': { description: 'there', headers: { ETag: { schema: { type: 'string' } } } }, '404': none },
      },
      delete: { responses: { '204': { description: 'gone' }, '404': none } },
    },
  },
});

function shelf(fault?: 'finds-all' | 'no-etag') {
  const headFindsAll = fault === 'finds-all';
  const books: Array<{ id: string; title: string }> = [];
  let made = 0;
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
      const book = { id: `bk_${++made}`, title };
      books.push(book);
      return sendJson(res, 201, book);
    }
    const found = books.find((one) => one.id === id);
    const etag = found ? { etag: `"${found.id}-${found.title.length}"` } : {};
    if (req.method === 'HEAD')
      return res
        .writeHead(found || headFindsAll ? 200 : 404, {
          'content-type': 'application/json',
          ...(fault === 'no-etag' ? {} : etag),
        })
        .end();
    if (!found) return sendJson(res, 404, {});
    if (req.method === 'DELETE') {
      books.splice(books.indexOf(found), 1);
      return sendJson(res, 204);
    }
    return res.writeHead(200, { 'content-type': 'application/json', ...etag }).end(JSON.stringify(found));
  };
}

const run = (fault?: 'finds-all' | 'no-etag') => runConformance({ target: { app: shelf(fault) }, contract, seed: 22 });

describe('HEAD of an item that does not exist', () => {
  it('is 404 on a correct shelf', async () => {
    const result = await run();
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((u) => u.scenario === 'head')).toEqual([]);
  });

  it('names a shelf whose HEAD finds any id', async () => {
    const result = await run('finds-all');
    expect(result.violations.map((v) => v.code)).toContain('absent_item_found_by_head');
  });

  it('names a shelf whose HEAD of an item leaves out the ETag its GET sends', async () => {
    const result = await run('no-etag');
    expect(result.violations.map((v) => v.code)).toEqual(['head_header_missing']);
  });
});
