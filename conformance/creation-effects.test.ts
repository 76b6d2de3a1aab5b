// What a creation does to the item it names, as its words say ("The copy becomes `on_loan`"), and
// what an action of the new item does to it ("the copy becomes `available` again"), where the named
// item sits under a parent and is named by two members (a loan's `isbn` and `copyNumber`): the run
// makes a loan (its maker makes a fresh copy for it), reads the copy at the loan's members, returns
// the loan and reads the copy again.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const isbn = { type: 'string', pattern: '^[0-9]{13}$' };
const book = { type: 'object', required: ['isbn', 'title'], properties: { isbn, title: { type: 'string' } } };
const bookInput = {
  type: 'object',
  additionalProperties: false,
  required: ['isbn', 'title'],
  properties: { isbn, title: { type: 'string', minLength: 1, maxLength: 30 } },
};
const copy = {
  type: 'object',
  required: ['isbn', 'copyNumber', 'status'],
  properties: {
    isbn: { ...isbn, readOnly: true },
    copyNumber: { type: 'integer', minimum: 1, readOnly: true },
    status: { type: 'string', enum: ['available', 'on_loan'], readOnly: true },
  },
};
const loanInput = {
  type: 'object',
  additionalProperties: false,
  required: ['isbn', 'copyNumber'],
  properties: { isbn, copyNumber: { type: 'integer', minimum: 1 } },
};
const loan = {
  type: 'object',
  required: ['id', 'isbn', 'copyNumber', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    ...loanInput.properties,
    status: { type: 'string', enum: ['active', 'returned'], readOnly: true },
  },
};
const param = (name: string, schema: unknown) => ({ name, in: 'path', required: true, schema });
const list = (schema: unknown) => ({ description: 'all', content: json({ type: 'array', items: schema }) });
const one = (schema: unknown) => ({ description: 'one', content: json(schema) });

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'lending', version: '1' },
  paths: {
    '/books': {
      get: { responses: { '200': list(book) } },
      post: {
        requestBody: { required: true, content: json(bookInput) },
        responses: { '201': one(book), '400': none, '409': none },
      },
    },
    '/books/{isbn}': { parameters: [param('isbn', isbn)], get: { responses: { '200': one(book), '404': none } } },
    '/books/{isbn}/copies': {
      parameters: [param('isbn', isbn)],
      get: { responses: { '200': list(copy), '404': none } },
      post: { description: 'Adds an `available` copy.', responses: { '201': one(copy), '404': none } },
    },
    '/books/{isbn}/copies/{copyNumber}': {
      parameters: [param('isbn', isbn), param('copyNumber', { type: 'integer', minimum: 1 })],
      get: { responses: { '200': one(copy), '404': none } },
    },
    '/loans': {
      get: { responses: { '200': list(loan) } },
      post: {
        description:
          'Lends copy `copyNumber` of book `isbn`. `422` when the copy does not exist; `409` when it is not `available`. The copy becomes `on_loan`.',
        requestBody: { required: true, content: json(loanInput) },
        responses: { '201': one(loan), '400': none, '409': none, '422': none },
      },
    },
    '/loans/{loanId}': {
      parameters: [param('loanId', { type: 'string' })],
      get: { responses: { '200': one(loan), '404': none } },
    },
    '/loans/{loanId}/return': {
      parameters: [param('loanId', { type: 'string' })],
      post: {
        description: 'The loan becomes `returned`; the copy becomes `available` again. `409` when already returned.',
        responses: { '200': one(loan), '404': none, '409': none },
      },
    },
  },
});

type Fault = 'loan-leaves-copy-available' | 'return-keeps-copy-on-loan';

function desk(fault?: Fault) {
  const books = new Map<string, { isbn: string; title: string }>([
    ['9780000000001', { isbn: '9780000000001', title: 'A' }],
  ]);
  const copies = new Map<string, Array<{ isbn: string; copyNumber: number; status: string }>>();
  const loans = new Map<string, { id: string; isbn: string; copyNumber: number; status: string }>();
  const copyOf = (key: string, number: number) => copies.get(key)?.find((c) => c.copyNumber === number);
  let last = 0;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const [root, key, below, number, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    const body = parseObject(text);
    if (root === 'books') {
      if (key === undefined && req.method === 'GET') return sendJson(res, 200, [...books.values()]);
      if (key === undefined) {
        const valid =
          body !== undefined &&
          Object.keys(body).every((name) => name === 'isbn' || name === 'title') &&
          typeof body.isbn === 'string' &&
          /^[0-9]{13}$/.test(body.isbn) &&
          typeof body.title === 'string' &&
          body.title.length > 0 &&
          body.title.length <= 30;
        if (!valid) return sendJson(res, 400, {});
        if (books.has(String(body.isbn))) return sendJson(res, 409, {});
        const made = { isbn: String(body.isbn), title: String(body.title) };
        books.set(made.isbn, made);
        return sendJson(res, 201, made);
      }
      if (!books.has(key)) return sendJson(res, 404, {});
      if (below === undefined) return sendJson(res, 200, books.get(key));
      if (below !== 'copies') return sendJson(res, 404, {});
      const held = copies.get(key) ?? [];
      if (number !== undefined) {
        const found = copyOf(key, Number(number));
        return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
      }
      if (req.method === 'GET') return sendJson(res, 200, held);
      const made = { isbn: key, copyNumber: held.length + 1, status: 'available' };
      copies.set(key, [...held, made]);
      return sendJson(res, 201, made);
    }
    if (root !== 'loans') return sendJson(res, 404, {});
    if (key === undefined && req.method === 'GET') return sendJson(res, 200, [...loans.values()]);
    if (key === undefined) {
      const valid =
        body !== undefined &&
        Object.keys(body).every((name) => name === 'isbn' || name === 'copyNumber') &&
        typeof body.isbn === 'string' &&
        /^[0-9]{13}$/.test(body.isbn) &&
        Number.isInteger(body.copyNumber) &&
        Number(body.copyNumber) >= 1;
      if (!valid) return sendJson(res, 400, {});
      const found = copyOf(String(body.isbn), Number(body.copyNumber));
      if (!found) return sendJson(res, 422, { errors: [{ pointer: '/copyNumber' }] });
      if (found.status !== 'available') return sendJson(res, 409, {});
      if (fault !== 'loan-leaves-copy-available') found.status = 'on_loan';
      const made = { id: `ln-${++last}`, isbn: found.isbn, copyNumber: found.copyNumber, status: 'active' };
      loans.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = loans.get(key);
    if (!found) return sendJson(res, 404, {});
    if (below === undefined && req.method === 'GET') return sendJson(res, 200, found);
    if (below !== 'return' || req.method !== 'POST') return sendJson(res, 404, {});
    if (found.status === 'returned') return sendJson(res, 409, {});
    found.status = 'returned';
    const lent = copyOf(found.isbn, found.copyNumber);
    if (lent && fault !== 'return-keeps-copy-on-loan') lent.status = 'available';
    return sendJson(res, 200, found);
  };
}

const run = (fault?: Fault) => runConformance({ target: { app: desk(fault) }, contract, seed: 8 });

describe('what a creation and its item’s action do to the item they name', () => {
  it('reads both effects on the copy the loan names', () => {
    const loans = inferApiModel(contract).resources.find(({ collection }) => collection.path === '/loans');
    expect(loans?.idioms.namedEffects?.map(({ verb, via, to }) => ({ verb, via, to }))).toEqual([
      { verb: 'return', via: 'copyNumber', to: 'available' },
      { verb: 'creation', via: 'copyNumber', to: 'on_loan' },
    ]);
  });

  it('passes a desk that moves the copy, with both steps run', async () => {
    const result = await run();
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    const unreached = (result.reach?.unreached ?? []).filter((u) => u.scenario === 'named effects');
    expect(unreached).toEqual([]);
  });

  it.each([
    ['loan-leaves-copy-available', /"available" on an item named by the item just created/],
    ['return-keeps-copy-on-loan', /"on_loan" on an item named by the item return was taken on/],
  ] as const)('names a desk whose %s', async (fault, message) => {
    const found = (await run(fault)).violations.filter((v) => v.code === 'named_not_moved');
    expect(found.map((v) => v.message).join('\n')).toMatch(message);
  });
});
