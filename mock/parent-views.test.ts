// A list under a parent's path that no creation fills (/venues/{venueId}/events, events made at
// /events naming their venue) answers the items naming that parent; and an item a PUT makes at a
// key the client chose is checked and answered as one a change makes (its references, its ETag).
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOfDocument } from '../fixtures/mock-of-document.js';

const list = (item: string) =>
  `{ '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/${item}' } } } } } }`;
const one = (item: string) => `{ application/json: { schema: { $ref: '#/components/schemas/${item}' } } }`;
const etag = `headers: { ETag: { required: true, schema: { type: string } } }`;

const DOCUMENT = `openapi: 3.0.3
info: { title: Venues, version: '1' }
paths:
  /venues:
    get: { responses: ${list('Venue')} }
  /venues/{venueId}:
    parameters: [{ name: venueId, in: path, required: true, schema: { type: string } }]
    get: { responses: { '200': { description: one, content: ${one('Venue')} }, '404': { description: none } } }
  /venues/{venueId}/events:
    parameters: [{ name: venueId, in: path, required: true, schema: { type: string } }]
    get: { responses: ${list('Event')} }
  /events:
    get: { responses: ${list('Event')} }
    post:
      requestBody: { required: true, content: ${one('NewEvent')} }
      responses:
        '201': { description: made, ${etag}, content: ${one('Event')} }
        '422': { description: no such venue }
  /events/{slug}:
    parameters: [{ name: slug, in: path, required: true, schema: { type: string, pattern: '^[a-z0-9-]+$' } }]
    get: { responses: { '200': { description: one, ${etag}, content: ${one('Event')} }, '404': { description: none } } }
    put:
      requestBody: { required: true, content: ${one('NewEvent')} }
      responses:
        '200': { description: replaced, ${etag}, content: ${one('Event')} }
        '201': { description: made, ${etag}, content: ${one('Event')} }
        '422': { description: no such venue }
components:
  schemas:
    Venue:
      type: object
      required: [id, name]
      properties: { id: { type: string, example: ven_1 }, name: { type: string } }
    NewEvent:
      type: object
      required: [slug, venueId, title]
      properties: { slug: { type: string, pattern: '^[a-z0-9-]+$' }, venueId: { type: string }, title: { type: string } }
    Event:
      type: object
      required: [slug, venueId, title]
      properties: { slug: { type: string, pattern: '^[a-z0-9-]+$' }, venueId: { type: string }, title: { type: string } }
`;

async function venues() {
  return mockOfDocument(DOCUMENT, 'venues');
}

describe('events of a venue', () => {
  it("lists under a venue's path only the events naming that venue", async () => {
    const app = await venues();
    const [first, second] = ((await request(app).get('/venues').expect(200)).body as { id: string }[]).map((v) => v.id);
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    await request(app).post('/events').send({ slug: 'gala', venueId: first, title: 'Gala' }).expect(201);
    await request(app).post('/events').send({ slug: 'fair', venueId: second, title: 'Fair' }).expect(201);
    const listed = (await request(app).get(`/venues/${first}/events`).expect(200)).body as { venueId: string }[];
    expect(listed.some((event) => event.venueId === first)).toBe(true);
    expect(listed.every((event) => event.venueId === first)).toBe(true);
    expect((await request(app).get('/venues/nowhere/events').expect(200)).body).toEqual([]);
  });

  it('checks what an item a PUT makes names, and gives it its ETag', async () => {
    const app = await venues();
    const [venue] = ((await request(app).get('/venues').expect(200)).body as { id: string }[]).map((v) => v.id);
    await request(app).put('/events/picnic').send({ slug: 'picnic', venueId: 'ven_none', title: 'Picnic' }).expect(422);
    await request(app).get('/events/picnic').expect(404);
    const made = await request(app).put('/events/picnic').send({ slug: 'picnic', venueId: venue, title: 'Picnic' });
    expect(made.status).toBe(201);
    expect(made.headers.etag).toBeDefined();
    expect((await request(app).get('/events/picnic').expect(200)).headers.etag).toBe(made.headers.etag);
  });
});
