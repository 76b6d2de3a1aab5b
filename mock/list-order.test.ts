// A list whose words give its order ("A page of books, ordered by ISBN ascending") is answered in
// that order, whatever order its items were made in, on every page.
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../spec/index.js';
import { createMockApp } from './index.js';

const contract = await loadContract(fileURLToPath(new URL('../fixtures/panels/library/openapi.yaml', import.meta.url)));
const KEY = 'list-order-test';
const headers = { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' };
const isbn = fc.stringMatching(/^97[89][0-9]{10}$/);

describe('a list in the order its words give', () => {
  it('lists books by isbn ascending on every page, whatever order they were made in', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(isbn, { minLength: 2, maxLength: 6 }), async (isbns) => {
        const app = createMockApp({ contract, apiKeys: [KEY], seed: null });
        for (const key of isbns) {
          const made = await request(app)
            .put(`/v1/books/${key}`)
            .set(headers)
            .send({ title: 't', authors: ['a'] });
          expect(made.status).toBe(201);
        }
        const listed: string[] = [];
        for (let page = 1; page <= isbns.length; page++) {
          const answer = await request(app).get('/v1/books').query({ page, perPage: 1 }).set(headers);
          listed.push(...answer.body.items.map((book: { isbn: string }) => book.isbn));
        }
        expect(listed).toEqual([...isbns].sort());
      }),
      { numRuns: 15 },
    );
  });
});
