// A DELETE that keeps the item where the document answers no 410 (a deletion time, a restore
// verb): the item reads 404 and leaves the list, is listed again with the list's switch for deleted
// items, stamped; the restore brings it back with the stamp cleared; a live item's restore is 409.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOfDocument } from '../fixtures/mock-of-document.js';

const one = `{ application/json: { schema: { $ref: '#/components/schemas/Event' } } }`;
const documentOf = (deletion: string) => `openapi: 3.0.3
info: { title: Events, version: '1' }
paths:
  /events:
    get:
      parameters: [{ name: includeDeleted, in: query, schema: { type: boolean, default: false } }]
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Event' } } } } } }
    post:
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NewEvent' } } } }
      responses: { '201': { description: made, content: ${one} } }
  /events/{eventId}:
    parameters: [{ name: eventId, in: path, required: true, schema: { type: string } }]
    get: { responses: { '200': { description: one, content: ${one} }, '404': { description: none } } }
    delete:
      description: ${deletion}
      responses: { '204': { description: gone }, '404': { description: none } }
  /events/{eventId}/restore:
    parameters: [{ name: eventId, in: path, required: true, schema: { type: string } }]
    post:
      description: Sets \`deletedAt\` back to null. An event that is not deleted answers 409.
      responses: { '200': { description: restored, content: ${one} }, '404': { description: none }, '409': { description: live } }
components:
  schemas:
    NewEvent:
      type: object
      required: [title]
      properties: { title: { type: string } }
    Event:
      type: object
      required: [id, title, deletedAt]
      properties:
        id: { type: string, readOnly: true }
        title: { type: string }
        deletedAt: { type: string, format: date-time, nullable: true, readOnly: true }
`;

const DOCUMENT = documentOf('Soft delete; the event is kept with `deletedAt` set and answers 404 until restored.');
const READABLE = documentOf('Sets `deletedAt`; the event stays readable with GET but leaves the list until restored.');

describe('a deletion that keeps the item', () => {
  it('keeps it readable, stamped, where the words say so, and out of the list', async () => {
    const app = await mockOfDocument(READABLE, 'events');
    const event = (await request(app).post('/events').send({ title: 'Fair' }).expect(201)).body;
    await request(app).delete(`/events/${event.id}`).expect(204);
    const read = (await request(app).get(`/events/${event.id}`).expect(200)).body;
    expect(read).toMatchObject({ id: event.id, title: 'Fair' });
    expect(typeof read.deletedAt).toBe('string');
    const listed = (await request(app).get('/events').expect(200)).body as { id: string }[];
    expect(listed.map((one) => one.id)).not.toContain(event.id);
    await request(app)
      .patch(`/events/${event.id}`)
      .send({ title: 'x' })
      .expect((answer) => expect(answer.status).not.toBe(200));
  });

  it('hides it from reads and the list, lists it on request, and restores it once', async () => {
    const app = await mockOfDocument(DOCUMENT, 'events');
    const event = (await request(app).post('/events').send({ title: 'Gala' }).expect(201)).body;
    expect(event.deletedAt).toBeNull();
    await request(app).post(`/events/${event.id}/restore`).expect(409);
    await request(app).delete(`/events/${event.id}`).expect(204);
    await request(app).get(`/events/${event.id}`).expect(404);
    const ids = (body: { id: string }[]) => body.map((one) => one.id);
    expect(ids((await request(app).get('/events').expect(200)).body)).not.toContain(event.id);
    const all = (await request(app).get('/events?includeDeleted=true').expect(200)).body as Record<string, unknown>[];
    const kept = all.find((one) => one.id === event.id);
    expect(typeof kept?.deletedAt).toBe('string');
    const restored = (await request(app).post(`/events/${event.id}/restore`).expect(200)).body;
    expect(restored).toMatchObject({ id: event.id, title: 'Gala', deletedAt: null });
    await request(app).get(`/events/${event.id}`).expect(200);
    await request(app).post(`/events/${event.id}/restore`).expect(409);
    await request(app).post('/events/nothing-here/restore').expect(404);
  });
});
