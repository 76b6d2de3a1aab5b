// A child's creation that moves its parent only from some states, as the words say ("A comment on an
// `open` ticket moves it to `pending`; on a `solved` ticket the status does not change"): an open
// ticket moves, a solved one stays.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOfDocument } from '../fixtures/mock-of-document.js';

const one = (schema: string) => `{ application/json: { schema: { $ref: '#/components/schemas/${schema}' } } }`;
const number = `[{ name: number, in: path, required: true, schema: { type: integer } }]`;
const DOCUMENT = `openapi: 3.0.3
info: { title: Helpdesk, version: '1' }
paths:
  /tickets:
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Ticket' } } } } } }
    post:
      description: Creates a ticket in status \`open\`.
      requestBody: { required: true, content: ${one('TicketCreate')} }
      responses: { '201': { description: made, content: ${one('Ticket')} } }
  /tickets/{number}:
    parameters: ${number}
    get: { responses: { '200': { description: one, content: ${one('Ticket')} }, '404': { description: none } } }
  /tickets/{number}/solve:
    parameters: ${number}
    post:
      description: Moves an \`open\` or \`pending\` ticket to \`solved\`; any other status is refused with 409.
      responses: { '200': { description: solved, content: ${one('Ticket')} }, '404': { description: none }, '409': { description: refused } }
  /tickets/{number}/comments:
    parameters: ${number}
    post:
      description: Adds a comment. A comment on an \`open\` ticket moves it to \`pending\`; on a \`pending\` or \`solved\` ticket the status does not change.
      requestBody: { required: true, content: ${one('Comment')} }
      responses: { '201': { description: added, content: ${one('Comment')} }, '404': { description: none } }
components:
  schemas:
    TicketCreate:
      type: object
      required: [subject]
      properties:
        subject: { type: string, minLength: 1 }
    Ticket:
      type: object
      required: [number, subject, status]
      properties:
        number: { type: integer, readOnly: true }
        subject: { type: string }
        status: { type: string, enum: [open, pending, solved], readOnly: true }
    Comment:
      type: object
      required: [body]
      properties:
        id: { type: string, readOnly: true }
        body: { type: string, minLength: 1 }
`;

describe("a child's creation that moves its parent from some states", () => {
  it('moves an open ticket to pending, and leaves a solved one solved', async () => {
    const app = await mockOfDocument(DOCUMENT, 'parent-move-sources');
    const open = await request(app).post('/tickets').send({ subject: 'a' }).expect(201);
    await request(app).post(`/tickets/${open.body.number}/comments`).send({ body: 'hi' }).expect(201);
    expect((await request(app).get(`/tickets/${open.body.number}`)).body.status).toBe('pending');
    const solved = await request(app).post('/tickets').send({ subject: 'b' }).expect(201);
    await request(app).post(`/tickets/${solved.body.number}/solve`).expect(200);
    await request(app).post(`/tickets/${solved.body.number}/comments`).send({ body: 'thanks' }).expect(201);
    expect((await request(app).get(`/tickets/${solved.body.number}`)).body.status).toBe('solved');
  });
});
