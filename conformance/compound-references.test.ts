// A loan names a copy by two members (`isbn`, `copyNumber`: /books/{isbn}/copies/{copyNumber}). The
// run makes a copy for it under a book of its own; where no book can be made (the catalogue takes
// no new books now), under a listed one: a new copy is free to lend, a listed one may not be.
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
  required: ['copyNumber', 'status'],
  properties: {
    copyNumber: { type: 'integer', readOnly: true },
    status: { type: 'string', enum: ['available', 'on_loan'], readOnly: true },
  },
};
const loanBody = {
  type: 'object',
  additionalProperties: false,
  required: ['isbn', 'copyNumber'],
  properties: { isbn, copyNumber: { type: 'integer', minimum: 1 } },
};
const loan = {
  type: 'object',
  required: ['id', 'isbn', 'copyNumber'],
  properties: { id: { type: 'string', readOnly: true }, ...loanBody.properties },
};
const isbnParameter = { name: 'isbn', in: 'path', required: true, schema: isbn };

const documentOf = (loanWords: string) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'library', version: '1' },
    paths: {
      '/books': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: book }) } } },
        post: {
          description: 'Adds a book. The catalogue is frozen for the stocktake: every new book is refused with 409.',
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
        get: {
          responses: { '200': { description: 'all', content: json({ type: 'array', items: copy }) }, '404': none },
        },
        post: {
          requestBody: { content: json({ type: 'object', properties: { shelf: { type: 'string', maxLength: 8 } } }) },
          responses: { '201': { description: 'made, available', content: json(copy) }, '404': none },
        },
      },
      '/books/{isbn}/copies/{copyNumber}': {
        parameters: [
          isbnParameter,
          { name: 'copyNumber', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
        ],
        get: { responses: { '200': { description: 'one', content: json(copy) }, '404': none } },
      },
      '/loans': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: loan }) } } },
        post: {
          description: loanWords,
          requestBody: { required: true, content: json(loanBody) },
          responses: { '201': { description: 'lent', content: json(loan) }, '400': none, '409': none, '422': none },
        },
      },
      '/loans/{loanId}': {
        parameters: [{ name: 'loanId', in: 'path', required: true, schema: { type: 'string' } }],
        get: { responses: { '200': { description: 'one', content: json(loan) }, '404': none } },
        delete: {
          description: 'Ends the loan: the copy is available again.',
          responses: { '204': { description: 'ended' }, '404': none },
        },
      },
    },
  });
const contract = documentOf('Lends a copy: 422 where the copy does not exist, 409 where it is on loan.');

type Copies = Array<{ copyNumber: number; status: string }>;

function library(
  books = [{ isbn: '9780000000001', title: 'Dune' }],
  // The seeded copy is lent out already.
  copies = new Map<string, Copies>([['9780000000001', [{ copyNumber: 1, status: 'on_loan' }]]]),
  loans: Array<Record<string, unknown>> = [],
) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const [root, key, below, number, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (root === 'loans') {
      if (key !== undefined) {
        const found = loans.find((one) => one.id === key);
        if (found && req.method === 'DELETE') {
          loans.splice(loans.indexOf(found), 1);
          const lent = copies.get(String(found.isbn))?.find((one) => one.copyNumber === found.copyNumber);
          if (lent) lent.status = 'available';
          return sendJson(res, 204);
        }
        return found && req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 404, {});
      }
      if (req.method === 'GET') return sendJson(res, 200, loans);
      const body = parseObject(text);
      const valid =
        body !== undefined &&
        Object.keys(body).every((name) => name === 'isbn' || name === 'copyNumber') &&
        typeof body.isbn === 'string' &&
        /^[0-9]{13}$/.test(body.isbn) &&
        Number.isInteger(body.copyNumber) &&
        Number(body.copyNumber) >= 1;
      if (!valid) return sendJson(res, 400, {});
      const lent = copies.get(String(body.isbn))?.find((one) => one.copyNumber === body.copyNumber);
      if (!lent) return sendJson(res, 422, {});
      if (lent.status !== 'available') return sendJson(res, 409, {});
      lent.status = 'on_loan';
      const made = { id: `ln-${loans.length + 1}`, isbn: body.isbn, copyNumber: body.copyNumber };
      loans.push(made);
      return sendJson(res, 201, made);
    }
    if (root !== 'books') return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, books);
      return parseObject(text) ? sendJson(res, 409, {}) : sendJson(res, 400, {});
    }
    const found = books.find((one) => one.isbn === key);
    if (!found) return sendJson(res, 404, {});
    if (below === undefined) return sendJson(res, 200, found);
    const held = copies.get(key) ?? [];
    if (below !== 'copies') return sendJson(res, 404, {});
    if (number !== undefined) {
      const one = held.find((c) => String(c.copyNumber) === number);
      return one && req.method === 'GET' ? sendJson(res, 200, one) : sendJson(res, 404, {});
    }
    if (req.method === 'GET') return sendJson(res, 200, held);
    const made = { copyNumber: held.length + 1, status: 'available' };
    copies.set(key, [...held, made]);
    return sendJson(res, 201, made);
  };
}

describe('a loan naming a copy by its book and number', () => {
  it('is made with a new copy under a listed book where no book can be made', async () => {
    const result = await runConformance({ target: { app: library() }, contract, seed: 6 });
    // The frozen catalogue's 409 for a plain new book is the run's to report; the loans pass.
    const loans = result.violations.filter((v) => !/^POST \/books$/.test(v.operation));
    expect(loans.map((v) => `${v.operation} ${v.code}: ${v.message}`)).toEqual([]);
    expect(result.reach?.notReached).not.toContain('POST /loans');
    const idioms = (result.reach?.unreached ?? []).filter(
      (u) => u.path === '/loans' && /creation was refused/.test(JSON.stringify(u)),
    );
    expect(idioms).toEqual([]);
  });
});

describe('the members of a case naming one copy together', () => {
  it("name one copy: never a listed loan's number beside another book", async () => {
    // The second book's third copy is lent; the first book has one copy. A loan's number beside the
    // first listed book names no copy, so a case pairing them is refused for the pair.
    const books = [
      { isbn: '9780000000001', title: 'Dune' },
      { isbn: '9780000000002', title: 'Emma' },
    ];
    const copies = new Map<string, Copies>([
      ['9780000000001', [{ copyNumber: 1, status: 'available' }]],
      [
        '9780000000002',
        [1, 2, 3].map((copyNumber) => ({ copyNumber, status: copyNumber === 3 ? 'on_loan' : 'available' })),
      ],
    ]);
    const loans = [{ id: 'ln-0', isbn: '9780000000002', copyNumber: 3 }];
    const said = documentOf(
      '`copyNumber` must name an existing copy of the book `isbn`; otherwise 422. 409 where the copy is on loan.',
    );
    const result = await runConformance({ target: { app: library(books, copies, loans) }, contract: said, seed: 6 });
    const refused = result.violations.filter((v) => v.operation === 'POST /loans');
    expect(refused.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });
});
