// The mock serves what the words say an item's life does: a show's counts follow its bookings in
// the states counted ("Seats of the show in `paid` bookings", "the sum of `price` over its `paid`
// bookings"), its cancel moves its pending bookings to `cancelled`, and an action the words allow
// only once a time has passed is refused before it.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { BOX_OFFICE } from '../fixtures/box-office-document.js';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const boxOffice = () => createMockApp({ contract: contractFromDocument(BOX_OFFICE), apiKeys: [] });

const json = (schema: unknown) => ({ 'application/json': { schema } });
const auction = {
  type: 'object',
  required: ['id', 'closesAt', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    closesAt: { type: 'string', format: 'date-time' },
    status: { type: 'string', enum: ['open', 'settled'], readOnly: true },
  },
};
const AUCTIONS = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'auctions', version: '1' },
  paths: {
    '/auctions': {
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['closesAt'],
            properties: { closesAt: auction.properties.closesAt },
          }),
        },
        responses: { '201': { description: 'made', content: json(auction) } },
      },
    },
    '/auctions/{auctionId}': {
      parameters: [{ name: 'auctionId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(auction) }, '404': { description: 'none' } } },
    },
    '/auctions/{auctionId}/settle': {
      parameters: [{ name: 'auctionId', in: 'path', required: true, schema: { type: 'string' } }],
      post: {
        summary: 'Settle an auction (`open` -> `settled`)',
        description: 'Only once `closesAt` has passed; `409` otherwise.',
        responses: { '200': { description: 'settled', content: json(auction) }, '409': { description: 'too early' } },
      },
    },
  },
});

describe('the life of an item, as the mock serves it', () => {
  it("moves a show's counts by its bookings as they are paid, and not before", async () => {
    const app = boxOffice();
    const show = (await request(app).post('/shows').send({ title: 'Matinee' }).expect(201)).body;
    expect([show.seatsSold, show.revenue]).toEqual([0, 0]);
    const booking = (await request(app).post('/bookings').send({ showId: show.id, seats: 3 }).expect(201)).body;
    const read = async () => (await request(app).get(`/shows/${show.id}`).expect(200)).body;
    expect(booking.status).toBe('pending');
    expect((await read()).seatsSold).toBe(0);
    const paid = (await request(app).post(`/bookings/${booking.id}/pay`).expect(200)).body;
    const now = await read();
    expect(now.seatsSold).toBe(3);
    expect(now.revenue).toBe(paid.price);
  });

  it.each([
    ['the shows', 'first'],
    ['the bookings', 'first'],
  ])("seeds each show's counts from the seeded bookings naming it, %s read %s", async (first) => {
    const app = boxOffice();
    type Row = Record<string, number | string>;
    const read = async (path: string) => (await request(app).get(path).expect(200)).body as Row[];
    const bookingsFirst = first === 'the bookings' ? await read('/bookings') : undefined;
    const shows = await read('/shows');
    const bookings = bookingsFirst ?? (await read('/bookings'));
    const paidFor = (id: unknown) => bookings.filter((one) => one.showId === id && one.status === 'paid');
    expect(shows.length).toBeGreaterThan(0);
    expect(bookings.some((one) => shows.some((show) => show.id === one.showId))).toBe(true);
    for (const show of shows) {
      const paid = paidFor(show.id);
      expect(show.seatsSold).toBe(paid.reduce((sum, one) => sum + Number(one.seats), 0));
      expect(show.revenue).toBe(paid.reduce((sum, one) => sum + Number(one.price), 0));
    }
  });

  it("moves a cancelled show's pending bookings to cancelled and leaves paid ones", async () => {
    const app = boxOffice();
    const show = (await request(app).post('/shows').send({ title: 'Evening' }).expect(201)).body;
    const pending = (await request(app).post('/bookings').send({ showId: show.id, seats: 1 }).expect(201)).body;
    const paid = (await request(app).post('/bookings').send({ showId: show.id, seats: 2 }).expect(201)).body;
    await request(app).post(`/bookings/${paid.id}/pay`).expect(200);
    await request(app).post(`/shows/${show.id}/cancel`).expect(200);
    expect((await request(app).get(`/bookings/${pending.id}`)).body.status).toBe('cancelled');
    expect((await request(app).get(`/bookings/${paid.id}`)).body.status).toBe('paid');
  });

  it('refuses an action before the time its words wait for, and takes it after', async () => {
    const app = createMockApp({ contract: AUCTIONS, apiKeys: [] });
    const hour = 3_600_000;
    const later = new Date(Date.now() + hour).toISOString();
    const earlier = new Date(Date.now() - hour).toISOString();
    const open = (await request(app).post('/auctions').send({ closesAt: later }).expect(201)).body;
    const closed = (await request(app).post('/auctions').send({ closesAt: earlier }).expect(201)).body;
    const refused = await request(app).post(`/auctions/${open.id}/settle`).expect(409);
    expect(refused.body.message).toMatch(/closesAt/);
    expect((await request(app).post(`/auctions/${closed.id}/settle`).expect(200)).body.status).toBe('settled');
  });
});
