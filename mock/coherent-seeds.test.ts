// Generated seed items whose state and instants agree: a seeded item in a state that stamps an
// instant holds it, and one in the first state holds none of the later states' instants.
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
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NewEvent' } } } }
      responses: { '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Event' } } } } }
  /events/{eventId}:
    parameters: [{ name: eventId, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Event' } } } }
        '404': { description: none }
  /events/{eventId}/publish:
    parameters: [{ name: eventId, in: path, required: true, schema: { type: string } }]
    post:
      description: Moves a draft event to \`published\` and sets \`published_at\`.
      responses:
        '200': { description: published, content: { application/json: { schema: { $ref: '#/components/schemas/Event' } } } }
        '404': { description: none }
components:
  schemas:
    NewEvent:
      type: object
      required: [title]
      properties: { title: { type: string } }
    Event:
      type: object
      required: [id, title, state, published_at]
      properties:
        id: { type: string, readOnly: true }
        title: { type: string }
        state: { type: string, enum: [draft, published], readOnly: true }
        published_at: { type: string, format: date-time, nullable: true, readOnly: true }
      example: { id: e1, title: Launch, state: published, published_at: null }
`;

describe('generated seed items', () => {
  it('hold the instants their state stamps, and none of a later state while in the first', async () => {
    const app = await mockOfDocument(DOCUMENT, 'events');
    const seeded = (await request(app).get('/events').expect(200)).body as Record<string, unknown>[];
    expect(seeded.some((event) => event.state === 'published')).toBe(true);
    for (const event of seeded) {
      if (event.state === 'published') expect(typeof event.published_at).toBe('string');
      else expect(event.published_at).toBeNull();
    }
  });
});
