// Items a PUT makes at a key the client chooses, with no POST: books by ISBN-13 (check digit in its
// words), copies under a book. The runner makes a book by PUT to reach the copies; the mock serves
// the PUT as an upsert. Judged with a hand-written service and a faulty copy (not the mock).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { createMockApp } from '../mock/index.js';
import { apiModelOf, loadContract } from '../spec/index.js';

const DOCUMENT = `openapi: 3.0.3
info: { title: Shelf, version: '1' }
paths:
  /books:
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Book' } } } } } }
  /books/{isbn}:
    parameters:
      - { name: isbn, in: path, required: true, description: An ISBN-13 with a correct check digit, schema: { type: string, pattern: '^97[89][0-9]{10}$' } }
    get:
      responses:
        '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Book' } } } }
        '400': { description: bad, content: { application/json: { schema: { type: object } } } }
        '404': { description: none, content: { application/json: { schema: { type: object } } } }
    put:
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/BookInput' } } } }
      responses:
        '200': { description: replaced, content: { application/json: { schema: { $ref: '#/components/schemas/Book' } } } }
        '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Book' } } } }
        '400': { description: bad, content: { application/json: { schema: { type: object } } } }
  /books/{isbn}/copies:
    parameters:
      - { name: isbn, in: path, required: true, schema: { type: string, pattern: '^97[89][0-9]{10}$' } }
    get:
      responses:
        '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Copy' } } } } }
        '400': { description: bad, content: { application/json: { schema: { type: object } } } }
        '404': { description: no book, content: { application/json: { schema: { type: object } } } }
    post:
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/CopyInput' } } } }
      responses:
        '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Copy' } } } }
        '400': { description: bad, content: { application/json: { schema: { type: object } } } }
        '404': { description: no book, content: { application/json: { schema: { type: object } } } }
  /books/{isbn}/copies/{copyId}:
    parameters:
      - { name: isbn, in: path, required: true, schema: { type: string, pattern: '^97[89][0-9]{10}$' } }
      - { name: copyId, in: path, required: true, schema: { type: string } }
    get:
      responses:
        '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Copy' } } } }
        '400': { description: bad, content: { application/json: { schema: { type: object } } } }
        '404': { description: none, content: { application/json: { schema: { type: object } } } }
components:
  schemas:
    BookInput:
      type: object
      required: [title]
      additionalProperties: false
      properties: { title: { type: string, minLength: 1, maxLength: 60 } }
    Book:
      type: object
      required: [isbn, title]
      properties: { isbn: { type: string }, title: { type: string } }
    CopyInput:
      type: object
      required: [shelf]
      additionalProperties: false
      properties: { shelf: { type: string, minLength: 1, maxLength: 10 } }
    Copy:
      type: object
      required: [id, shelf]
      properties: { id: { type: string }, shelf: { type: string } }
`;

const gs1Valid = (code: string) =>
  [...code].reduce((sum, digit, index) => sum + Number(digit) * (index % 2 === 1 ? 3 : 1), 0) % 10 === 0;

/** The shelf by hand; `loses-copies` answers 404 for a copy it just made. */
function service(fault: 'none' | 'loses-copies') {
  const books = new Map<string, { isbn: string; title: string; copies: Map<string, { id: string; shelf: string }> }>();
  let next = 1;
  const app = express();
  app.use(express.json({ strict: false }));
  const isbnOk = (isbn: string) => /^97[89]\d{10}$/.test(isbn) && gs1Valid(isbn);
  const closed = (body: unknown, member: string, max: number) => {
    const record = body as Record<string, unknown> | null;
    const value = record?.[member];
    return (
      typeof record === 'object' &&
      record !== null &&
      !Array.isArray(record) &&
      Object.keys(record).every((key) => key === member) &&
      typeof value === 'string' &&
      [...value].length >= 1 &&
      [...value].length <= max
    );
  };
  app.get('/books', (_req, res) => res.json([...books.values()].map(({ isbn, title }) => ({ isbn, title }))));
  app.all('/books/:isbn{/*rest}', (req, res, next) =>
    isbnOk(req.params.isbn) ? next() : res.status(400).json({ message: 'an ISBN-13 with its check digit' }),
  );
  app.get('/books/:isbn', (req, res) => {
    const book = books.get(req.params.isbn);
    return book ? res.json({ isbn: book.isbn, title: book.title }) : res.status(404).json({ message: 'no book' });
  });
  app.put('/books/:isbn', (req, res) => {
    if (!closed(req.body, 'title', 60)) return res.status(400).json({ message: 'title (1-60) alone' });
    const old = books.get(req.params.isbn);
    const book = { isbn: req.params.isbn, title: req.body.title as string, copies: old?.copies ?? new Map() };
    books.set(book.isbn, book);
    res.status(old ? 200 : 201).json({ isbn: book.isbn, title: book.title });
  });
  app.get('/books/:isbn/copies', (req, res) => {
    const book = books.get(req.params.isbn);
    return book ? res.json([...book.copies.values()]) : res.status(404).json({ message: 'no book' });
  });
  app.post('/books/:isbn/copies', (req, res) => {
    const book = books.get(req.params.isbn);
    if (!book) return res.status(404).json({ message: 'no book' });
    if (!closed(req.body, 'shelf', 10)) return res.status(400).json({ message: 'shelf (1-10) alone' });
    const copy = { id: `c${next++}`, shelf: req.body.shelf as string };
    if (fault !== 'loses-copies') book.copies.set(copy.id, copy);
    res.status(201).json(copy);
  });
  app.get('/books/:isbn/copies/:copyId', (req, res) => {
    const copy = books.get(req.params.isbn)?.copies.get(req.params.copyId);
    return copy ? res.json(copy) : res.status(404).json({ message: 'no copy' });
  });
  app.use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(400).json({ message: 'not JSON' });
  });
  return app;
}

const contract = await (async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'shelf-')), 'shelf.yaml');
  writeFileSync(file, DOCUMENT);
  return loadContract(file);
})();

describe('items a PUT makes at a key the client chooses', () => {
  it('the model reads the PUT as the way books are made, keyed by the client', () => {
    const books = apiModelOf(contract).collections.find((c) => c.path === '/books');
    expect(books).toMatchObject({ idProperty: 'isbn', clientKey: true });
    expect(books?.replace?.operation.method).toBe('PUT');
  });

  it.each([1, 2])('a correct service passes, its copies reached under a book made by PUT (seed %i)', async (seed) => {
    const result = await runConformance({ target: { app: service('none') }, contract, seed, runs: 5 });
    expect(result.violations.map((v) => `${v.check}: ${v.message}`)).toEqual([]);
    const unreached = result.reach?.unreached.filter((u) => u.path.startsWith('/books/{isbn}/copies')) ?? [];
    expect(unreached).toEqual([]);
  });

  it('a service that loses the copies it makes fails created_item_readable', async () => {
    const result = await runConformance({ target: { app: service('loses-copies') }, contract, seed: 1, runs: 5 });
    expect(result.violations.map((v) => v.check)).toContain('created_item_readable');
  });

  it('the mock makes a book at a new key (201, readable) and replaces it at the same key (200)', async () => {
    const app = createMockApp({ contract, apiKeys: [] });
    await request(app).put('/books/9780306406157').send({ title: 'First' }).expect(201);
    const replaced = await request(app).put('/books/9780306406157').send({ title: 'Second' }).expect(200);
    expect(replaced.body).toMatchObject({ isbn: '9780306406157', title: 'Second' });
    expect((await request(app).get('/books/9780306406157').expect(200)).body.title).toBe('Second');
    await request(app).post('/books/9780306406157/copies').send({ shelf: 'A1' }).expect(201);
  });
});
