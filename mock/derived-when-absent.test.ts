// A time the words derive only when the client leaves it out ("an absent `dueDate` is the date of
// `loanedAt` plus 21 days"): derived where absent, kept as sent where sent.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOfDocument } from '../fixtures/mock-of-document.js';

const one = (schema: string) => `{ application/json: { schema: { $ref: '#/components/schemas/${schema}' } } }`;
const DOCUMENT = `openapi: 3.0.3
info: { title: Lending, version: '1' }
paths:
  /loans:
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Loan' } } } } } }
    post:
      description: Lends a book. \`loanedAt\` is the instant of the request; an absent \`dueDate\` is the date of \`loanedAt\` plus 21 days.
      requestBody: { required: true, content: ${one('LoanCreate')} }
      responses: { '201': { description: made, content: ${one('Loan')} }, '400': { description: bad } }
  /loans/{loanId}:
    parameters: [{ name: loanId, in: path, required: true, schema: { type: string } }]
    get: { responses: { '200': { description: one, content: ${one('Loan')} }, '404': { description: none } } }
components:
  schemas:
    LoanCreate:
      type: object
      required: [title]
      properties:
        title: { type: string, minLength: 1 }
        dueDate: { type: string, format: date }
    Loan:
      type: object
      required: [id, title, loanedAt, dueDate]
      properties:
        id: { type: string, readOnly: true }
        title: { type: string }
        loanedAt: { type: string, format: date-time, readOnly: true }
        dueDate: { type: string, format: date }
`;

describe('a time derived where the client leaves it out', () => {
  it('is derived where absent, and kept as sent where sent', async () => {
    const app = await mockOfDocument(DOCUMENT, 'derived-when-absent');
    const derived = await request(app).post('/loans').send({ title: 'Dune' }).expect(201);
    const expected = new Date(Date.parse(derived.body.loanedAt) + 21 * 86_400_000).toISOString().slice(0, 10);
    expect(derived.body.dueDate).toBe(expected);
    const sent = await request(app).post('/loans').send({ title: 'Emma', dueDate: '2031-05-09' }).expect(201);
    expect(sent.body.dueDate).toBe('2031-05-09');
    expect((await request(app).get(`/loans/${sent.body.id}`)).body.dueDate).toBe('2031-05-09');
  });
});
