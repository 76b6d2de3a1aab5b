// Items made under a parent and read, changed and deleted by their id alone: books made at
// `POST /shelves/{code}/books`, read at `/books/{bookId}`. They are one collection: the item
// operations are judged on the books the run made (a change not stored is named), no read is sent
// "through another parent" (the path names none), and a loan's `bookId` is filled from a listed
// (or made) book, so its creation is reached and an unknown book's refusal judged.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { mockOfContract } from '../fixtures/mock-of-document.js';
import { contractFromDocument, explainedModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const title = { type: 'string', minLength: 1, maxLength: 30 };
const shelf = { type: 'object', required: ['code'], properties: { code: { type: 'string', pattern: '^[a-z]{3}$' } } };
const book = {
  type: 'object',
  required: ['id', 'title', 'shelfCode'],
  properties: { id: { type: 'string', readOnly: true }, title, shelfCode: { type: 'string', readOnly: true } },
};
const loan = {
  type: 'object',
  required: ['id', 'bookId'],
  properties: {
    id: { type: 'string', readOnly: true },
    bookId: { type: 'string' },
    reader: { type: 'string', minLength: 1, maxLength: 20 },
  },
};
const refused = { description: 'refused', content: json({ type: 'object' }) };
const code = [{ name: 'code', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z]{3}$' } }];
const bookId = [{ name: 'bookId', in: 'path', required: true, schema: { type: 'string' } }];
const body = (schema: unknown) => ({ required: true, content: json(schema) });
const closed = (properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'shelves', version: '1' },
  paths: {
    '/shelves': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: shelf }) } } },
      post: {
        requestBody: body(closed(shelf.properties, ['code'])),
        responses: { '201': { description: 'made', content: json(shelf) }, '400': refused, '409': refused },
      },
    },
    '/shelves/{code}': {
      parameters: code,
      get: { responses: { '200': { description: 'one', content: json(shelf) }, '404': refused } },
    },
    '/shelves/{code}/books': {
      parameters: code,
      get: {
        responses: {
          '200': { description: 'its books', content: json({ type: 'array', items: book }) },
          '404': refused,
        },
      },
      post: {
        requestBody: body(closed({ title }, ['title'])),
        responses: { '201': { description: 'made', content: json(book) }, '400': refused, '404': refused },
      },
    },
    '/books/{bookId}': {
      parameters: bookId,
      get: { responses: { '200': { description: 'one', content: json(book) }, '404': refused } },
      patch: {
        requestBody: body(closed({ title }, [])),
        responses: { '200': { description: 'changed', content: json(book) }, '400': refused, '404': refused },
      },
      delete: { responses: { '204': { description: 'gone' }, '404': refused } },
    },
    '/loans': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: loan }) } } },
      post: {
        description:
          'Lends a book. A `bookId` naming no book is refused with `422`. A book is lent once: lending one on loan is refused with `409`. A `reader` may hold at most 2 loans; a third is refused with `409`.',
        requestBody: body(closed({ bookId: { type: 'string' }, reader: loan.properties.reader }, ['bookId', 'reader'])),
        responses: {
          '201': { description: 'lent', content: json(loan) },
          '400': refused,
          '409': refused,
          '422': refused,
        },
      },
    },
  },
});

type Fault = 'patch-not-stored' | 'unknown-book-lent' | 'reader-limit-ignored';

/** The shelves, written by hand from the document; `fault` plants one break. */
function shelves(fault?: Fault) {
  const codes = new Set<string>(['abc']);
  const books = new Map<string, Record<string, unknown>>();
  let madeBooks = 0;
  const loans: Record<string, unknown>[] = [];
  const titled = (value: unknown) => typeof value === 'string' && value.length >= 1 && value.length <= 30;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const [, first, id, sub] = (req.url ?? '').split('?')[0]!.split('/');
    const sent = parseObject(await readBody(req));
    const keys = Object.keys(sent ?? {});
    if (first === 'shelves' && id === undefined) {
      if (req.method === 'GET')
        return send(
          res,
          200,
          [...codes].map((one) => ({ code: one })),
        );
      const made = sent?.code;
      if (typeof made !== 'string' || !/^[a-z]{3}$/.test(made) || keys.length !== 1) return send(res, 400, {});
      if (codes.has(made)) return send(res, 409, {});
      codes.add(made);
      return send(res, 201, { code: made });
    }
    if (first === 'shelves' && id !== undefined && sub === undefined)
      return codes.has(id) ? send(res, 200, { code: id }) : send(res, 404, {});
    if (first === 'shelves' && sub === 'books') {
      if (!codes.has(id!)) return send(res, 404, {});
      if (req.method === 'GET')
        return send(
          res,
          200,
          [...books.values()].filter((one) => one.shelfCode === id),
        );
      if (!titled(sent?.title) || keys.length !== 1) return send(res, 400, {});
      const made = { id: `b${++madeBooks}`, title: sent!.title, shelfCode: id };
      books.set(made.id, made);
      return send(res, 201, made);
    }
    if (first === 'books' && id !== undefined && sub === undefined) {
      const found = books.get(id);
      if (!found) return send(res, 404, {});
      if (req.method === 'GET') return send(res, 200, found);
      if (req.method === 'DELETE') {
        books.delete(id);
        return send(res, 204);
      }
      if (!sent || keys.some((key) => key !== 'title') || (keys.length > 0 && !titled(sent.title)))
        return send(res, 400, {});
      if (fault === 'patch-not-stored') return send(res, 200, { ...found, ...sent });
      return send(res, 200, Object.assign(found, sent));
    }
    if (first === 'loans' && id === undefined) {
      if (req.method === 'GET') return send(res, 200, loans);
      const reader = sent?.reader;
      const readerValid = typeof reader === 'string' && reader.length >= 1 && reader.length <= 20;
      if (typeof sent?.bookId !== 'string' || !readerValid || keys.length !== 2) return send(res, 400, {});
      if (!books.has(sent.bookId) && fault !== 'unknown-book-lent') return send(res, 422, {});
      if (loans.some((one) => one.bookId === sent.bookId)) return send(res, 409, { message: 'Not available.' });
      const held = loans.filter((one) => one.reader === reader).length;
      if (held >= 2 && fault !== 'reader-limit-ignored') return send(res, 409, { message: 'Too many loans.' });
      const made = { id: `l${loans.length + 1}`, bookId: sent.bookId, reader };
      loans.push(made);
      return send(res, 201, made);
    }
    return send(res, 404, {});
  };
}

const codesOf = async (fault?: Fault) =>
  (await runConformance({ target: { app: shelves(fault) }, contract, seed: 7, runs: 5 })).violations.map((v) => v.code);

describe('items made under a parent and read by their id alone', () => {
  it('reads /books/{bookId} as the item path of the books made under a shelf', () => {
    const model = JSON.parse(explainedModel(contract, undefined, 'json'));
    const books = model.resources.find((r: { path: string }) => r.path === '/shelves/{code}/books');
    expect(books.operations).toMatchObject({
      read: expect.objectContaining({ operation: 'GET /books/{bookId}' }),
      update: expect.objectContaining({ operation: 'PATCH /books/{bookId}' }),
      remove: expect.objectContaining({ operation: 'DELETE /books/{bookId}' }),
    });
  });

  it('passes the shelves written from the document: no read sent through another shelf', async () => {
    const result = await runConformance({ target: { app: shelves() }, contract, seed: 7, runs: 5 });
    expect(result.violations.map((v) => v.code)).toEqual([]);
    // A loan names a book listed (or made) under a shelf, so its creation is reached.
    const lend = result.operations.find((operation) => operation.path === '/loans' && operation.method === 'POST');
    expect(lend?.observedStatuses).toContain(201);
  });

  it.each<Fault>(['patch-not-stored', 'unknown-book-lent', 'reader-limit-ignored'])(
    'names shelves that break it: %s',
    async (fault) => {
      expect((await codesOf(fault)).length).toBeGreaterThan(0);
    },
  );

  it('passes the mock of the same document', async () => {
    const app = mockOfContract(contract);
    const result = await runConformance({ target: { app }, contract, seed: 7, runs: 5 });
    expect(result.violations.map((v) => v.code)).toEqual([]);
  });
});
