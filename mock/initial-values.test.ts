// A value the creation's words give a member the service sets ("`seats` = 0", "`closedAt` =
// null") is what a new item holds, whatever the schema's example says.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOfDocument } from '../fixtures/mock-of-document.js';

const DOCUMENT = `openapi: 3.0.3
info: { title: Events, version: '1' }
paths:
  /events:
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Event' } } } } } }
    post:
      description: 'Creates an event. The server sets \`seats_taken\` = 0 and \`closed_at\` = null.'
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NewEvent' } } } }
      responses: { '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Event' } } } } }
  /events/{eventId}:
    parameters: [{ name: eventId, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Event' } } } }
        '404': { description: none }
components:
  schemas:
    NewEvent:
      type: object
      required: [title]
      properties: { title: { type: string } }
    Event:
      type: object
      required: [id, title, seats_taken, closed_at]
      properties:
        id: { type: string, readOnly: true }
        title: { type: string }
        seats_taken: { type: integer, minimum: 0, readOnly: true, example: 3 }
        closed_at: { type: string, format: date-time, nullable: true, readOnly: true, example: '2025-03-01T12:00:00Z' }
`;

describe('values the words give a new item', () => {
  it('are what the creation answers and the read shows', async () => {
    const app = await mockOfDocument(DOCUMENT, 'events');
    const made = (await request(app).post('/events').send({ title: 'Meetup' }).expect(201)).body;
    expect(made.seats_taken).toBe(0);
    expect(made.closed_at).toBeNull();
    const read = (await request(app).get(`/events/${made.id}`).expect(200)).body;
    expect([read.seats_taken, read.closed_at]).toEqual([0, null]);
  });
});
