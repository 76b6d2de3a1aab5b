// An action that moves no state and empties an instant of its own ("Sets `archivedAt` back to
// `null`"), beside the one that sets it: the mock refuses it where the instant is empty already,
// and otherwise empties it, moves the update instant and answers the ETag its response documents.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOfDocument } from '../fixtures/mock-of-document.js';

const action = (verb: string, words: string) => `
  /notes/{id}/${verb}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    post:
      description: "${words}"
      responses:
        '200':
          description: done
          headers: { ETag: { required: true, schema: { type: string } } }
          content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } }
        '404': { description: none }
        '409': { description: refused }`;

const DOCUMENT = `openapi: 3.0.3
info: { title: Notes, version: '1' }
paths:
  /notes:
    post:
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NoteInput' } } } }
      responses: { '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } } }
  /notes/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200':
          description: one
          headers: { ETag: { required: true, schema: { type: string } } }
          content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } }
        '404': { description: none }${action(
          'archive',
          'Sets `archivedAt` to now and `updatedAt` to the same instant. An already archived note is refused with `409`.',
        )}${action(
          'unarchive',
          'Sets `archivedAt` back to `null` and `updatedAt` to now. A note that is not archived is refused with `409`.',
        )}
components:
  schemas:
    NoteInput:
      type: object
      required: [title]
      properties: { title: { type: string } }
    Note:
      type: object
      required: [id, title, createdAt, updatedAt, archivedAt]
      properties:
        id: { type: string, readOnly: true }
        title: { type: string }
        createdAt: { type: string, format: date-time, readOnly: true }
        updatedAt: { type: string, format: date-time, readOnly: true }
        archivedAt: { type: string, format: date-time, nullable: true, readOnly: true }
`;

describe('an action emptying an instant of its own', () => {
  it('is refused where the instant is empty, and otherwise empties it and answers its ETag', async () => {
    const app = await mockOfDocument(DOCUMENT, 'notes');
    const made = (await request(app).post('/notes').send({ title: 'a' }).expect(201)).body;
    await request(app).post(`/notes/${made.id}/unarchive`).expect(409);

    const archived = await request(app).post(`/notes/${made.id}/archive`).expect(200);
    expect(archived.body.archivedAt).toEqual(expect.any(String));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const back = await request(app).post(`/notes/${made.id}/unarchive`).expect(200);
    expect(back.body.archivedAt).toBeNull();
    expect(back.headers.etag).toEqual(expect.any(String));
    expect(Date.parse(back.body.updatedAt)).toBeGreaterThan(Date.parse(archived.body.updatedAt));
    await request(app).post(`/notes/${made.id}/unarchive`).expect(409);
    expect((await request(app).get(`/notes/${made.id}`).expect(200)).body.archivedAt).toBeNull();
  });
});
