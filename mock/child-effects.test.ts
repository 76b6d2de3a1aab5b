// The mock serves what an action's words do to the item's children: an event's cancel refunds
// every confirmed order under it ("Every `confirmed` order of the event becomes `refunded`").
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const name = { type: 'string', minLength: 1, maxLength: 20 };
const event = {
  type: 'object',
  required: ['id', 'name', 'status'],
  properties: {
    id: { type: 'integer', readOnly: true },
    name,
    status: { type: 'string', enum: ['open', 'cancelled'], readOnly: true },
  },
};
const order = {
  type: 'object',
  required: ['id', 'buyer', 'status'],
  properties: {
    id: { type: 'integer', readOnly: true },
    buyer: name,
    status: { type: 'string', enum: ['confirmed', 'refunded'], readOnly: true },
  },
};
const id = (param: string) => ({ name: param, in: 'path', required: true, schema: { type: 'integer' } });
const list = (schema: unknown) => ({ description: 'all', content: json({ type: 'array', items: schema }) });
const one = (schema: unknown) => ({ description: 'one', content: json(schema) });
const body = (member: string) => ({
  required: true,
  content: json({ type: 'object', additionalProperties: false, required: [member], properties: { [member]: name } }),
});

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'box office', version: '1' },
  paths: {
    '/events': {
      get: { responses: { '200': list(event) } },
      post: { requestBody: body('name'), responses: { '201': one(event), '400': none } },
    },
    '/events/{eventId}': { parameters: [id('eventId')], get: { responses: { '200': one(event), '404': none } } },
    '/events/{eventId}/cancel': {
      parameters: [id('eventId')],
      post: {
        description: 'Moves an `open` event to `cancelled`. Every `confirmed` order of the event becomes `refunded`.',
        responses: { '200': one(event), '404': none, '409': none },
      },
    },
    '/events/{eventId}/orders': {
      parameters: [id('eventId')],
      get: { responses: { '200': list(order), '404': none } },
      post: { requestBody: body('buyer'), responses: { '201': one(order), '400': none, '404': none } },
    },
    '/events/{eventId}/orders/{orderId}': {
      parameters: [id('eventId'), id('orderId')],
      get: { responses: { '200': one(order), '404': none } },
    },
  },
});

describe("an action's effect on the item's children", () => {
  it("refunds the orders of a cancelled event, and no other event's", async () => {
    const app = request(createMockApp({ contract, apiKeys: [] }));
    const [cancelled, kept] = [
      (await app.post('/events').send({ name: 'a' })).body,
      (await app.post('/events').send({ name: 'b' })).body,
    ];
    const order = (await app.post(`/events/${cancelled.id}/orders`).send({ buyer: 'ann' })).body;
    const other = (await app.post(`/events/${kept.id}/orders`).send({ buyer: 'bob' })).body;
    expect(order.status).toBe('confirmed');
    expect((await app.post(`/events/${cancelled.id}/cancel`)).body.status).toBe('cancelled');
    expect((await app.get(`/events/${cancelled.id}/orders/${order.id}`)).body.status).toBe('refunded');
    expect((await app.get(`/events/${kept.id}/orders/${other.id}`)).body.status).toBe('confirmed');
  });
});
