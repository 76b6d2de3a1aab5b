// A parent's sum of a member of its children, where its words say so ("Sum of `seats` over the
// confirmed bookings"): the mock keeps it as the children stand, through creations, actions that
// move a child out of the summed kind, changes of the summed member and removals.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const seats = { type: 'integer', minimum: 1, maximum: 10 };
const booking = {
  type: 'object',
  required: ['id', 'seats', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    seats,
    status: { type: 'string', enum: ['confirmed', 'cancelled'], readOnly: true },
  },
};
const event = {
  type: 'object',
  required: ['id', 'title', 'bookedSeats'],
  properties: {
    id: { type: 'string', readOnly: true },
    title: { type: 'string', minLength: 1, maxLength: 20 },
    bookedSeats: { type: 'integer', readOnly: true, description: 'Sum of `seats` over the confirmed bookings.' },
  },
};
const eventId = { name: 'eventId', in: 'path', required: true, schema: { type: 'string' } };
const bookingId = { name: 'bookingId', in: 'path', required: true, schema: { type: 'string' } };
const seatsBody = json({ type: 'object', additionalProperties: false, required: ['seats'], properties: { seats } });

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'events', version: '1' },
  components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } } },
  security: [{ key: [] }],
  paths: {
    '/events': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: event }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({ type: 'object', required: ['title'], properties: { title: event.properties.title } }),
        },
        responses: { '201': { description: 'made', content: json(event) } },
      },
    },
    '/events/{eventId}': {
      parameters: [eventId],
      get: { responses: { '200': { description: 'one', content: json(event) }, '404': none } },
    },
    '/events/{eventId}/bookings': {
      parameters: [eventId],
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: booking }) } } },
      post: {
        requestBody: { required: true, content: seatsBody },
        responses: { '201': { description: 'made', content: json(booking) } },
      },
    },
    '/events/{eventId}/bookings/{bookingId}': {
      parameters: [eventId, bookingId],
      get: { responses: { '200': { description: 'one', content: json(booking) }, '404': none } },
      patch: {
        requestBody: { required: true, content: seatsBody },
        responses: { '200': { description: 'changed', content: json(booking) } },
      },
      delete: { responses: { '204': none, '404': none } },
    },
    '/events/{eventId}/bookings/{bookingId}/cancel': {
      parameters: [eventId, bookingId],
      post: {
        description: 'Sets `status` to `cancelled`.',
        responses: { '200': { description: 'cancelled', content: json(booking) }, '409': none },
      },
    },
  },
});

const KEY = 'child-sums-test';
const headers = { 'X-Api-Key': KEY, 'Content-Type': 'application/json' };

describe("a parent's sum of its children's member", () => {
  it('follows creations, cancellations, changes and removals', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const made = await request(app).post('/events').set(headers).send({ title: 'Gala' }).expect(201);
    const at = `/events/${made.body.id}`;
    const booked = async () => (await request(app).get(at).set(headers).expect(200)).body.bookedSeats;
    expect(await booked()).toBe(0);
    const first = await request(app).post(`${at}/bookings`).set(headers).send({ seats: 3 }).expect(201);
    const second = await request(app).post(`${at}/bookings`).set(headers).send({ seats: 4 }).expect(201);
    expect(await booked()).toBe(7);
    await request(app).patch(`${at}/bookings/${second.body.id}`).set(headers).send({ seats: 5 }).expect(200);
    expect(await booked()).toBe(8);
    await request(app).post(`${at}/bookings/${first.body.id}/cancel`).set(headers).expect(200);
    expect(await booked()).toBe(5);
    await request(app).delete(`${at}/bookings/${second.body.id}`).set(headers).expect(204);
    expect(await booked()).toBe(0);
  });
});
