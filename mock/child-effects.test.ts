// The mock serves what an action's words do to the item's children: an event's cancel refunds
// every confirmed order under it ("Every `confirmed` order of the event becomes `refunded`").
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { eventOrdersContract as contract } from '../fixtures/event-orders-document.js';
import { createMockApp } from './index.js';

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
