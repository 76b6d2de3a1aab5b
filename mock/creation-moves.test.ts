// The mock serves what a creation's words say it does to the item it names: a booking of a slot
// ("The slot becomes `booked`") leaves the slot booked, with its update instant moved; the return
// of the booking ("the slot becomes `free` again") frees it.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const none = { description: 'none' };
const slot = {
  type: 'object',
  required: ['id', 'status', 'updatedAt'],
  properties: {
    id: { type: 'string', readOnly: true },
    label: { type: 'string', minLength: 1 },
    status: { type: 'string', enum: ['free', 'booked'], default: 'free', readOnly: true },
    updatedAt: { type: 'string', format: 'date-time', readOnly: true },
  },
};
const booking = {
  type: 'object',
  required: ['id', 'slotId', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    slotId: { type: 'string' },
    status: { type: 'string', enum: ['active', 'ended'], readOnly: true },
  },
};
const id = (name: string) => [{ name, in: 'path', required: true, schema: { type: 'string' } }];
const one = (schema: unknown) => ({ description: 'one', ...json(schema) });

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'slots', version: '1' },
  paths: {
    '/slots': {
      get: { responses: { '200': { description: 'all', ...json({ type: 'array', items: slot }) } } },
      post: { requestBody: json(slot), responses: { '201': one(slot), '400': none } },
    },
    '/slots/{slotId}': { parameters: id('slotId'), get: { responses: { '200': one(slot), '404': none } } },
    '/bookings': {
      get: { responses: { '200': { description: 'all', ...json({ type: 'array', items: booking }) } } },
      post: {
        description: 'Books the slot. The slot becomes `booked`.',
        requestBody: json({ type: 'object', required: ['slotId'], properties: { slotId: { type: 'string' } } }),
        responses: { '201': one(booking), '400': none, '422': none },
      },
    },
    '/bookings/{bookingId}': { parameters: id('bookingId'), get: { responses: { '200': one(booking), '404': none } } },
    '/bookings/{bookingId}/end': {
      parameters: id('bookingId'),
      post: {
        description: 'The booking becomes `ended`; the slot becomes `free` again.',
        responses: { '200': one(booking), '404': none, '409': none },
      },
    },
  },
});

describe('what a creation does to the item it names', () => {
  it('books the slot a booking names, and frees it when the booking ends', async () => {
    const app = request(createMockApp({ contract, apiKeys: [] }));
    const made = (await app.post('/slots').send({ label: 'nine' })).body;
    expect(made.status).toBe('free');
    const booked = await app.post('/bookings').send({ slotId: made.id });
    expect(booked.status).toBe(201);
    const read = (await app.get(`/slots/${made.id}`)).body;
    expect(read.status).toBe('booked');
    expect(Date.parse(read.updatedAt)).toBeGreaterThanOrEqual(Date.parse(made.updatedAt));
    expect((await app.post(`/bookings/${booked.body.id}/end`)).body.status).toBe('ended');
    expect((await app.get(`/slots/${made.id}`)).body.status).toBe('free');
  });
});
