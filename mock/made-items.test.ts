// Items made without a body and items made in another collection (the keyed shop, written by
// someone who never read the mock): POST /carts answers an empty cart that reads where its Location
// says; a checkout answers an order that is listed and readable at its Location; totals add up.
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../spec/index.js';
import { withSums } from './behaviours/sums.js';
import { createMockApp } from './index.js';

const contract = await loadContract(
  fileURLToPath(new URL('../fixtures/panels/keyed-shop/openapi.yaml', import.meta.url)),
);
const KEY = 'made-items-test';
const auth = { 'X-Api-Key': KEY };

describe('items made by a POST without a body, and in another collection', () => {
  it('POST /carts makes an empty cart, readable at its Location', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const made = await request(app).post('/v1/carts').set(auth);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ lines: [], itemCount: 0, subtotal: 0 });
    const read = await request(app).get(made.headers.location!).set(auth);
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(made.body.id);
  });

  it('a checkout answers a new order, listed and readable where its Location says', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const cart = await request(app).post('/v1/carts').set(auth);
    const first = await request(app).post(`/v1/carts/${cart.body.id}/checkout`).set(auth);
    const second = await request(app).post(`/v1/carts/${cart.body.id}/checkout`).set(auth);
    expect(first.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
    const read = await request(app).get(first.headers.location!).set(auth);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(first.body);
    const listed = await request(app).get('/v1/orders').set(auth);
    expect(listed.body.map((order: { id: string }) => order.id)).toContain(first.body.id);
    expect(first.body.cancelledAt).toBeNull();
  });
});

describe('totals derived from lines', () => {
  it('add up whatever the lines hold', () => {
    const line = fc.record({
      sku: fc.string(),
      quantity: fc.integer({ min: 1, max: 99 }),
      unitPrice: fc.integer({ min: 0, max: 100_000 }),
      lineTotal: fc.integer(),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 999 }),
        (lines, shipping) => {
          const order = withSums({ lines, itemCount: -1, subtotal: -1, shipping, total: -1 });
          const summed = order.lines as typeof lines;
          for (const one of summed) expect(one.lineTotal).toBe(one.quantity * one.unitPrice);
          expect(order.itemCount).toBe(lines.reduce((sum, one) => sum + one.quantity, 0));
          expect(order.subtotal).toBe(summed.reduce((sum, one) => sum + one.lineTotal, 0));
          expect(order.total).toBe((order.subtotal as number) + shipping);
        },
      ),
    );
  });

  it('leave an item without lines of quantities and prices as it is', () => {
    const item = { tags: ['a'], total: 3 };
    expect(withSums(item)).toBe(item);
  });
});
