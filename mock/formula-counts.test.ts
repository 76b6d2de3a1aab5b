// What the words compute from counts the children move ("`seatsLeft`: `capacity` minus `seatsHeld`",
// `seatsHeld` the quantities of the event's bookings in status `held`): seeded events are listed
// with it worked out (a generated count past the capacity never leaves the list empty for a
// `minimum: 0` it would break), a booking moves it, and one past the event's `seatsLeft` is refused
// with the documented 409, as the words say, nothing made.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOfDocument } from '../fixtures/mock-of-document.js';

const one = (schema: string) => `{ application/json: { schema: { $ref: '#/components/schemas/${schema}' } } }`;
const DOCUMENT = `openapi: 3.0.3
info: { title: Box office, version: '1' }
paths:
  /events:
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Event' } } } } } }
    post:
      requestBody: { required: true, content: ${one('EventCreate')} }
      responses: { '201': { description: made, content: ${one('Event')} }, '400': { description: bad } }
  /events/{eventId}:
    parameters: [{ name: eventId, in: path, required: true, schema: { type: string } }]
    get: { responses: { '200': { description: one, content: ${one('Event')} }, '404': { description: none } } }
  /events/{eventId}/bookings:
    parameters: [{ name: eventId, in: path, required: true, schema: { type: string } }]
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Booking' } } } } } }
    post:
      description: Creates a booking in status \`held\`. A \`quantity\` larger than the event's \`seatsLeft\` is refused with 409 and nothing is created.
      requestBody: { required: true, content: ${one('BookingCreate')} }
      responses: { '201': { description: made, content: ${one('Booking')} }, '400': { description: bad }, '404': { description: none }, '409': { description: sold out } }
components:
  schemas:
    EventCreate:
      type: object
      required: [name, capacity]
      properties:
        name: { type: string, minLength: 1 }
        capacity: { type: integer, minimum: 1, maximum: 1000 }
    Event:
      type: object
      required: [id, name, capacity, seatsHeld, seatsLeft]
      properties:
        id: { type: string, readOnly: true }
        name: { type: string, minLength: 1 }
        capacity: { type: integer, minimum: 1, maximum: 1000 }
        seatsHeld: { type: integer, minimum: 0, readOnly: true, description: Sum of \`quantity\` over the event's bookings in status \`held\`. }
        seatsLeft: { type: integer, minimum: 0, readOnly: true, description: '\`capacity\` minus \`seatsHeld\`.' }
    BookingCreate:
      type: object
      required: [quantity]
      properties:
        quantity: { type: integer, minimum: 1, maximum: 10 }
    Booking:
      type: object
      required: [number, quantity, status]
      properties:
        number: { type: integer, readOnly: true }
        quantity: { type: integer, minimum: 1, maximum: 10 }
        status: { type: string, enum: [held, cancelled], readOnly: true }
`;

describe('a member computed from counts the children move', () => {
  it('seeds events with it worked out from their counts', async () => {
    const app = await mockOfDocument(DOCUMENT, 'formula-counts');
    const listed = await request(app).get('/events').expect(200);
    expect(listed.body.length).toBeGreaterThan(0);
    for (const event of listed.body) expect(event.seatsLeft).toBe(Math.max(0, event.capacity - event.seatsHeld));
  });

  it('moves it with a booking, and refuses a booking past it with 409', async () => {
    const app = await mockOfDocument(DOCUMENT, 'formula-counts');
    const made = await request(app).post('/events').send({ name: 'Gala', capacity: 5 }).expect(201);
    const at = `/events/${made.body.id}`;
    await request(app).post(`${at}/bookings`).send({ quantity: 3 }).expect(201);
    expect((await request(app).get(at)).body).toMatchObject({ seatsHeld: 3, seatsLeft: 2 });
    await request(app).post(`${at}/bookings`).send({ quantity: 3 }).expect(409);
    expect((await request(app).get(at)).body).toMatchObject({ seatsHeld: 3, seatsLeft: 2 });
    expect((await request(app).get(`${at}/bookings`)).body).toHaveLength(1);
  });
});
