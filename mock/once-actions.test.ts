// An action the words allow once per item, with no state of its own ("Sets `returnedAt` to now ... A
// loan already returned answers 409 and keeps its first `returnedAt`"): taken, it stamps its instant;
// taken again, the documented 409, the first instant kept.
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
      requestBody: { required: true, content: ${one('LoanCreate')} }
      responses: { '201': { description: made, content: ${one('Loan')} } }
  /loans/{loanId}:
    parameters: [{ name: loanId, in: path, required: true, schema: { type: string } }]
    get: { responses: { '200': { description: one, content: ${one('Loan')} }, '404': { description: none } } }
  /loans/{loanId}/return:
    parameters: [{ name: loanId, in: path, required: true, schema: { type: string } }]
    post:
      description: Sets \`returnedAt\` to now. Answers 200 and the loan. A loan already returned answers 409 and keeps its first \`returnedAt\`.
      responses: { '200': { description: returned, content: ${one('Loan')} }, '404': { description: none }, '409': { description: returned already } }
components:
  schemas:
    LoanCreate:
      type: object
      required: [title]
      properties:
        title: { type: string, minLength: 1 }
    Loan:
      type: object
      required: [id, title, returnedAt]
      properties:
        id: { type: string, readOnly: true }
        title: { type: string }
        returnedAt: { type: string, format: date-time, nullable: true, readOnly: true }
`;

describe('an action allowed once per item', () => {
  it('stamps its instant once, and refuses a second time with the documented 409', async () => {
    const app = await mockOfDocument(DOCUMENT, 'once-actions');
    const loan = await request(app).post('/loans').send({ title: 'Dune' }).expect(201);
    expect(loan.body.returnedAt).toBeNull();
    const returned = await request(app).post(`/loans/${loan.body.id}/return`).expect(200);
    expect(returned.body.id).toBe(loan.body.id);
    expect(Date.parse(returned.body.returnedAt)).toBeGreaterThan(0);
    await request(app).post(`/loans/${loan.body.id}/return`).expect(409);
    expect((await request(app).get(`/loans/${loan.body.id}`)).body.returnedAt).toBe(returned.body.returnedAt);
  });
});
