// A loan names a copy by two members together (`branchCode` and `copyNumber`, the path values of
// /branches/{code}/copies/{number}): a copy number that exists at another branch names nothing at
// this one, so the loan is refused; and a copy held by a loan is the one at the loan's branch, so
// deleting a copy of the same number at another branch is not blocked.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOfDocument } from '../fixtures/mock-of-document.js';

const DOCUMENT = `openapi: 3.0.3
info: { title: Branch library, version: '1' }
paths:
  /branches:
    post:
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Branch' } } } }
      responses: { '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Branch' } } } }, '400': { description: bad } }
  /branches/{code}:
    get:
      parameters: [{ name: code, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Branch' } } } }, '404': { description: none } }
  /branches/{code}/copies:
    post:
      parameters: [{ name: code, in: path, required: true, schema: { type: string } }]
      description: Adds a copy numbered from 1 at the branch.
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NewCopy' } } } }
      responses: { '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Copy' } } } }, '404': { description: no branch } }
  /branches/{code}/copies/{number}:
    parameters:
      - { name: code, in: path, required: true, schema: { type: string } }
      - { name: number, in: path, required: true, schema: { type: integer, minimum: 1 } }
    get:
      responses: { '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Copy' } } } }, '404': { description: none } }
    delete:
      description: "Deletes the copy. A copy that is on loan cannot be deleted: 409."
      responses: { '204': { description: gone }, '404': { description: none }, '409': { description: on loan } }
  /loans:
    post:
      description: "Lends the copy \`copyNumber\` of branch \`branchCode\`. If the branch or copy does not exist, the loan is refused with 422."
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NewLoan' } } } }
      responses: { '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Loan' } } } }, '400': { description: bad }, '422': { description: unknown } }
  /loans/{loanId}:
    get:
      parameters: [{ name: loanId, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Loan' } } } }, '404': { description: none } }
components:
  schemas:
    Branch:
      type: object
      required: [code, name]
      properties: { code: { type: string, pattern: '^[a-z]{3,8}$' }, name: { type: string } }
    NewCopy:
      type: object
      required: [shelf]
      properties: { shelf: { type: string } }
    Copy:
      type: object
      required: [number, shelf]
      properties: { number: { type: integer, minimum: 1, readOnly: true }, shelf: { type: string } }
    NewLoan:
      type: object
      required: [branchCode, copyNumber]
      properties: { branchCode: { type: string }, copyNumber: { type: integer, minimum: 1 } }
    Loan:
      type: object
      required: [id, branchCode, copyNumber]
      properties: { id: { type: string, readOnly: true }, branchCode: { type: string }, copyNumber: { type: integer } }
`;

async function libraryWithTwoBranches() {
  const app = await mockOfDocument(DOCUMENT, 'branch-library');
  for (const code of ['north', 'south']) await request(app).post('/branches').send({ code, name: code }).expect(201);
  return app;
}

describe('references named by two members together', () => {
  it('refuses a copy number that exists only at another branch, and lends the one at its own', async () => {
    const app = await libraryWithTwoBranches();
    await request(app).post('/branches/north/copies').send({ shelf: 'A1' }).expect(201);
    await request(app).post('/branches/north/copies').send({ shelf: 'A2' }).expect(201);
    await request(app).post('/branches/south/copies').send({ shelf: 'B1' }).expect(201);

    const refused = await request(app).post('/loans').send({ branchCode: 'south', copyNumber: 2 }).expect(422);
    expect(JSON.stringify(refused.body)).toContain('copyNumber');
    await request(app).post('/loans').send({ branchCode: 'north', copyNumber: 2 }).expect(201);
    await request(app).post('/loans').send({ branchCode: 'south', copyNumber: 1 }).expect(201);
    await request(app).post('/loans').send({ branchCode: 'east', copyNumber: 1 }).expect(422);
  });

  it('blocks deleting the copy a loan holds, not the same number at another branch', async () => {
    const app = await libraryWithTwoBranches();
    await request(app).post('/branches/north/copies').send({ shelf: 'A1' }).expect(201);
    await request(app).post('/branches/south/copies').send({ shelf: 'B1' }).expect(201);
    await request(app).post('/loans').send({ branchCode: 'north', copyNumber: 1 }).expect(201);

    await request(app).delete('/branches/south/copies/1').expect(204);
    await request(app).delete('/branches/north/copies/1').expect(409);
    await request(app).get('/branches/north/copies/1').expect(200);
  });
});
