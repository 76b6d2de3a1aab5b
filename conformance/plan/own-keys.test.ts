// A body member named like a path parameter holds the path's value (a PUT's `isbn` under
// /books/{isbn}): the item's own key, never a reference filled from another item's listing.
import { describe, expect, it } from 'vitest';
import { apiModelOf, contractFromDocument } from '../../spec/index.js';
import { referencedCollections } from './references.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const isbn = { type: 'string', pattern: '^[0-9]{13}$' };
const book = { type: 'object', required: ['isbn', 'title'], properties: { isbn, title: { type: 'string' } } };
const loan = { type: 'object', required: ['isbn'], properties: { isbn, memberId: { type: 'string' } } };
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'library', version: '1' },
  paths: {
    '/books': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: book }) } } },
      post: {
        requestBody: { content: json(book) },
        responses: { '201': { description: 'made', content: json(book) } },
      },
    },
    '/books/{isbn}': {
      parameters: [{ name: 'isbn', in: 'path', required: true, schema: isbn }],
      get: { responses: { '200': { description: 'one', content: json(book) } } },
      put: {
        requestBody: { content: json(book) },
        responses: { '200': { description: 'replaced', content: json(book) } },
      },
    },
    '/loans': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: loan }) } } },
      post: {
        requestBody: { content: json(loan) },
        responses: { '201': { description: 'lent', content: json(loan) } },
      },
    },
  },
});
const { collections } = apiModelOf(contract);
const referencesOf = (method: string, path: string) =>
  [...referencedCollections(contract.operations.find((o) => o.method === method && o.path === path)!, collections)].map(
    ([member, collection]) => `${member} -> ${collection.path}`,
  );

describe('a body member named like a path parameter', () => {
  it("is the PUT's own key, not a reference", () => {
    expect(referencesOf('PUT', '/books/{isbn}')).toEqual([]);
  });

  it('is still a reference where no path parameter names it (a loan of a book)', () => {
    expect(referencesOf('POST', '/loans')).toEqual(['isbn -> /books']);
  });
});
