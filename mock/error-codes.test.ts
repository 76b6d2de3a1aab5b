// Error bodies that tell the truth in the document's own shape: the code the words give the status
// (an enum's description, the overview's list), an optional member only some errors carry left out,
// and a body its schema refuses answered with the 422 the document gives such bodies.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOfDocument } from '../fixtures/mock-of-document.js';

const DOCUMENT = `openapi: 3.0.3
info:
  title: Notes
  version: '1'
  description: |
    Errors carry a stable \`code\`:

    * \`bad_request\` (400): the body is not JSON.
    * \`not_found\` (404): no such note.
    * \`validation_failed\` (422): a member is wrong.
paths:
  /notes:
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Note' } } } } } }
    post:
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NewNote' } } } }
      responses:
        '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
        '400': { description: not JSON, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
        '422': { description: a member is invalid, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
  /notes/{noteId}:
    parameters: [{ name: noteId, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
        '404': { description: none, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
components:
  schemas:
    NewNote:
      type: object
      required: [title]
      properties: { title: { type: string, minLength: 1, maxLength: 20 } }
    Note:
      type: object
      required: [id, title]
      properties:
        id: { type: string, readOnly: true }
        title: { type: string }
    Error:
      type: object
      required: [code, message]
      properties:
        code: { type: string, enum: [bad_request, not_found, validation_failed], example: bad_request }
        message: { type: string }
        fields: { type: object, description: only on 422, additionalProperties: { type: string } }
`;

describe("an error body in the document's shape", () => {
  it('carries the code the overview gives its status, and no member it cannot fill', async () => {
    const app = await mockOfDocument(DOCUMENT, 'notes');
    const missing = await request(app).get('/notes/nothing-here').expect(404);
    expect(missing.body.code).toBe('not_found');
    expect(missing.body).not.toHaveProperty('fields');
  });

  it('answers a body its schema refuses with the documented 422 and its code', async () => {
    const app = await mockOfDocument(DOCUMENT, 'notes');
    const refused = await request(app).post('/notes').send({ title: '' }).expect(422);
    expect(refused.body.code).toBe('validation_failed');
    // Its `fields` names the member refused, not the example's.
    expect(Object.keys(refused.body.fields)).toEqual(['title']);
  });

  it('answers malformed JSON with 400 and its code', async () => {
    const app = await mockOfDocument(DOCUMENT, 'notes');
    const refused = await request(app)
      .post('/notes')
      .set('content-type', 'application/json')
      .send('{"title":')
      .expect(400);
    expect(refused.body.code).toBe('bad_request');
  });
});

const NESTED = `openapi: 3.0.3
info: { title: Loans, version: '1' }
paths:
  /loans:
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Loan' } } } } } }
    post:
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Loan' } } } }
      responses:
        '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Loan' } } } }
        '422':
          description: names a member that does not exist
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Error' }
              example: { error: { code: unknown_reference, message: No member mb_9., target: memberId } }
  /members:
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Member' } } } } } }
  /members/{memberId}:
    parameters: [{ name: memberId, in: path, required: true, schema: { type: string } }]
    get:
      responses: { '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Member' } } } } }
components:
  schemas:
    Member: { type: object, required: [id], properties: { id: { type: string } } }
    Loan:
      type: object
      required: [memberId]
      properties: { id: { type: string, readOnly: true }, memberId: { type: string } }
    Error:
      type: object
      required: [error]
      properties:
        error:
          type: object
          required: [code, message]
          properties: { code: { type: string }, message: { type: string }, target: { type: string } }
`;

describe('an error body built from the response example, one level down', () => {
  it('leaves out what it cannot say without touching the example (never a 500)', async () => {
    const app = await mockOfDocument(NESTED, 'loans');
    for (let time = 0; time < 2; time++) {
      const refused = await request(app).post('/loans').send({ memberId: 'mb_nobody' }).expect(422);
      expect(refused.body.error.message).toMatch(/mb_nobody/);
    }
  });
});
