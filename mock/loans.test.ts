// Counts on other items that a write moves by one, as its words say, and a limit on how many items
// may name one item: a loan lowers its book's availableCount and raises its member's
// activeLoanCount, a return moves both back, and a member at maxLoans active loans is refused.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOfDocument } from '../fixtures/mock-of-document.js';

const json = (schema: string) => `{ application/json: { schema: { $ref: '#/components/schemas/${schema}' } } }`;
const collection = (path: string, item: string, create: string, idName: string, createWords = '') => `
  ${path}:
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/${item}' } } } } } }
    post:
      description: ${createWords || 'Makes one.'}
      requestBody: { required: true, content: ${json(create)} }
      responses: { '201': { description: made, content: ${json(item)} }, '409': { description: refused }, '422': { description: unknown } }
  ${path}/{${idName}}:
    get:
      parameters: [{ name: ${idName}, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: one, content: ${json(item)} }, '404': { description: none } }`;

const DOCUMENT = `openapi: 3.0.3
info: { title: Lending, version: '1' }
paths:${collection('/members', 'Member', 'NewMember', 'memberId')}${collection('/books', 'Book', 'NewBook', 'bookId')}${collection(
  '/loans',
  'Loan',
  'NewLoan',
  'loanId',
  "\"The loan is `active`: its book's `availableCount` goes down by one and the member's `activeLoanCount` up by one. Refused with 409 when the member's `activeLoanCount` has reached `maxLoans`.\"",
)}
  /loans/{loanId}/return:
    post:
      parameters: [{ name: loanId, in: path, required: true, schema: { type: string } }]
      description: "The loan becomes \`returned\`; its book's \`availableCount\` goes up by one and the member's \`activeLoanCount\` down by one."
      responses: { '200': { description: returned, content: ${json('Loan')} }, '404': { description: none }, '409': { description: returned already } }
components:
  schemas:
    NewMember:
      type: object
      required: [name, maxLoans]
      properties: { name: { type: string }, maxLoans: { type: integer, minimum: 1, maximum: 5 } }
    Member:
      type: object
      required: [id, name, maxLoans, activeLoanCount]
      properties:
        id: { type: string, readOnly: true }
        name: { type: string }
        maxLoans: { type: integer, minimum: 1, maximum: 5 }
        activeLoanCount: { type: integer, minimum: 0, readOnly: true }
    NewBook:
      type: object
      required: [title, availableCount]
      properties: { title: { type: string }, availableCount: { type: integer, minimum: 0 } }
    Book:
      type: object
      required: [id, title, availableCount]
      properties: { id: { type: string, readOnly: true }, title: { type: string }, availableCount: { type: integer, minimum: 0 } }
    NewLoan:
      type: object
      required: [memberId, bookId]
      properties: { memberId: { type: string }, bookId: { type: string } }
    Loan:
      type: object
      required: [id, memberId, bookId, status]
      properties:
        id: { type: string, readOnly: true }
        memberId: { type: string }
        bookId: { type: string }
        status: { type: string, enum: [active, returned], readOnly: true }
`;

describe('loans and the counts they move', () => {
  it("moves the book's and the member's counts by one, back on return, and refuses a member at maxLoans", async () => {
    const app = await mockOfDocument(DOCUMENT, 'lending');
    const member = (await request(app).post('/members').send({ name: 'Ada', maxLoans: 2 }).expect(201)).body;
    const book = (await request(app).post('/books').send({ title: 'Dune', availableCount: 5 }).expect(201)).body;
    const counts = async () => [
      (await request(app).get(`/books/${book.id}`).expect(200)).body.availableCount,
      (await request(app).get(`/members/${member.id}`).expect(200)).body.activeLoanCount,
    ];
    expect(await counts()).toEqual([5, 0]);
    const lend = () => request(app).post('/loans').send({ memberId: member.id, bookId: book.id });
    const first = (await lend().expect(201)).body;
    expect(await counts()).toEqual([4, 1]);
    await lend().expect(201);
    expect(await counts()).toEqual([3, 2]);
    await lend().expect(409);
    expect(await counts()).toEqual([3, 2]);
    await request(app).post(`/loans/${first.id}/return`).expect(200);
    expect(await counts()).toEqual([4, 1]);
    await lend().expect(201);
    expect(await counts()).toEqual([3, 2]);
  });
});
