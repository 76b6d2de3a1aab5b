// A parent that limits its children, served: "A full session (`registeredCount` equal to
// `capacity`) refuses with 409". The mock refuses a registration past its session's capacity, and
// takes one under another session.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOfDocument } from '../fixtures/mock-of-document.js';

const DOCUMENT = `openapi: 3.0.3
info: { title: Sessions, version: '1' }
paths:
  /sessions:
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Session' } } } } } }
    post:
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NewSession' } } } }
      responses: { '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Session' } } } } }
  /sessions/{sessionId}:
    get:
      parameters: [{ name: sessionId, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Session' } } } }, '404': { description: none } }
  /sessions/{sessionId}/registrations:
    parameters: [{ name: sessionId, in: path, required: true, schema: { type: string } }]
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Registration' } } } } } }
    post:
      description: "Registers an attendee. A full session (\`registeredCount\` equal to \`capacity\`) refuses with 409."
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NewRegistration' } } } }
      responses: { '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Registration' } } } }, '409': { description: full } }
components:
  schemas:
    NewSession:
      type: object
      additionalProperties: false
      required: [title, capacity]
      properties: { title: { type: string }, capacity: { type: integer, minimum: 1 } }
    Session:
      type: object
      required: [id, title, capacity, registeredCount]
      properties:
        id: { type: string, readOnly: true }
        title: { type: string }
        capacity: { type: integer }
        registeredCount: { type: integer, readOnly: true }
    NewRegistration:
      type: object
      additionalProperties: false
      required: [name]
      properties: { name: { type: string } }
    Registration:
      type: object
      required: [id, name]
      properties: { id: { type: string, readOnly: true }, name: { type: string } }
`;

describe("a parent's limit on its children, served", () => {
  it("refuses a child past its parent's capacity, and takes one under another parent", async () => {
    const app = await mockOfDocument(DOCUMENT, 'sessions');
    const small = (await request(app).post('/sessions').send({ title: 'Small', capacity: 2 }).expect(201)).body;
    const other = (await request(app).post('/sessions').send({ title: 'Other', capacity: 1 }).expect(201)).body;
    const register = (id: string, name: string) => request(app).post(`/sessions/${id}/registrations`).send({ name });
    await register(small.id, 'Ada').expect(201);
    await register(small.id, 'Bo').expect(201);
    const refused = await register(small.id, 'Cy').expect(409);
    expect(refused.body.message).toMatch(/capacity/);
    await register(other.id, 'Di').expect(201);
    expect((await request(app).get(`/sessions/${small.id}/registrations`).expect(200)).body).toHaveLength(2);
  });
});
