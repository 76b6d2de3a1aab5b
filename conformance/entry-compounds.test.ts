// A reading list names copies in its entries (`entries[]`, each `{isbn, copyNumber}`: a copy at
// /books/{isbn}/copies/{copyNumber}). The run makes a book and a copy for the list's creation, so the
// list is made and its item scenario runs; a list naming a copy nobody made is refused with 422.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const isbn = { type: 'string', pattern: '^[0-9]{13}$' };
const book = { type: 'object', required: ['isbn', 'title'], properties: { isbn, title: { type: 'string' } } };
const copy = {
  type: 'object',
  required: ['copyNumber'],
  properties: { copyNumber: { type: 'integer', readOnly: true } },
};
const entry = {
  type: 'object',
  additionalProperties: false,
  required: ['isbn', 'copyNumber'],
  properties: { isbn, copyNumber: { type: 'integer', minimum: 1 } },
};
const list = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'entries'],
  properties: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', minLength: 1, maxLength: 40 },
    entries: { type: 'array', maxItems: 20, items: entry },
  },
};
const isbnParameter = { name: 'isbn', in: 'path', required: true, schema: isbn };
const idParameter = { name: 'listId', in: 'path', required: true, schema: { type: 'string' } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'reading lists', version: '1' },
  paths: {
    '/books': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: book }) } } },
      post: {
        requestBody: { required: true, content: json(book) },
        responses: { '201': { description: 'made', content: json(book) }, '400': none, '409': none },
      },
    },
    '/books/{isbn}': {
      parameters: [isbnParameter],
      get: { responses: { '200': { description: 'one', content: json(book) }, '404': none } },
    },
    '/books/{isbn}/copies': {
      parameters: [isbnParameter],
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: copy }) }, '404': none } },
      post: { responses: { '201': { description: 'made', content: json(copy) }, '404': none } },
    },
    '/books/{isbn}/copies/{copyNumber}': {
      parameters: [isbnParameter, { name: 'copyNumber', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': { description: 'one', content: json(copy) }, '404': none } },
    },
    '/lists': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: list }) } } },
      post: {
        description: 'Every entry must name an existing copy, else 422.',
        requestBody: { required: true, content: json(list) },
        responses: { '201': { description: 'made', content: json(list) }, '400': none, '422': none },
      },
    },
    '/lists/{listId}': {
      parameters: [idParameter],
      get: { responses: { '200': { description: 'one', content: json(list) }, '404': none } },
      delete: { responses: { '204': { description: 'gone' }, '404': none } },
    },
  },
});

function readingLists() {
  const books: Array<Record<string, unknown>> = [];
  const copies = new Map<string, number>();
  const lists: Array<Record<string, unknown>> = [];
  const copyExists = (one: Record<string, unknown>) =>
    Number.isInteger(one.copyNumber) &&
    Number(one.copyNumber) >= 1 &&
    Number(one.copyNumber) <= (copies.get(String(one.isbn)) ?? 0);
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const [root, key, below, number, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (root === 'lists') {
      if (key !== undefined) {
        const found = lists.find((one) => one.id === key);
        if (!found) return sendJson(res, 404, {});
        if (req.method === 'DELETE') {
          lists.splice(lists.indexOf(found), 1);
          return sendJson(res, 204);
        }
        return sendJson(res, 200, found);
      }
      if (req.method === 'GET') return sendJson(res, 200, lists);
      const body = parseObject(text);
      const entries = body?.entries;
      const valid =
        body !== undefined &&
        Object.keys(body).every((name) => ['name', 'entries', 'id'].includes(name)) &&
        typeof body.name === 'string' &&
        body.name.length >= 1 &&
        body.name.length <= 40 &&
        Array.isArray(entries) &&
        entries.length <= 20;
      if (!valid) return sendJson(res, 400, {});
      const named = entries as Array<Record<string, unknown>>;
      if (!named.every((one) => one !== null && typeof one === 'object' && copyExists(one)))
        return sendJson(res, 422, {});
      const made = { id: `rl-${lists.length + 1}-${Date.now() % 1000}`, name: body.name, entries: named };
      lists.push(made);
      return sendJson(res, 201, made);
    }
    if (root !== 'books') return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, books);
      const body = parseObject(text);
      if (!body || typeof body.isbn !== 'string' || !/^[0-9]{13}$/.test(body.isbn) || typeof body.title !== 'string')
        return sendJson(res, 400, {});
      if (books.some((one) => one.isbn === body.isbn)) return sendJson(res, 409, {});
      const made = { isbn: body.isbn, title: body.title };
      books.push(made);
      return sendJson(res, 201, made);
    }
    const found = books.find((one) => one.isbn === key);
    if (!found) return sendJson(res, 404, {});
    if (below === undefined) return sendJson(res, 200, found);
    if (below !== 'copies') return sendJson(res, 404, {});
    const held = copies.get(key) ?? 0;
    if (number !== undefined) {
      const at = Number(number);
      return Number.isInteger(at) && at >= 1 && at <= held
        ? sendJson(res, 200, { copyNumber: at })
        : sendJson(res, 404, {});
    }
    if (req.method === 'GET')
      return sendJson(
        res,
        200,
        Array.from({ length: held }, (_, i) => ({ copyNumber: i + 1 })),
      );
    copies.set(key, held + 1);
    return sendJson(res, 201, { copyNumber: held + 1 });
  };
}

describe('a list whose entries name copies by book and number', () => {
  it('is made with a book and a copy of the run own, so its item scenario runs', async () => {
    const result = await runConformance({ target: { app: readingLists() }, contract, seed: 4 });
    expect(result.violations.map((v) => `${v.operation} ${v.code}: ${v.message}`)).toEqual([]);
    const unreached = (result.reach?.unreached ?? []).filter((u) => u.path === '/lists');
    expect(unreached).toEqual([]);
    expect(result.reach?.notReached).not.toContain('DELETE /lists/{listId}');
  });
});
