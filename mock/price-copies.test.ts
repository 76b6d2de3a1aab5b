// The mock copies a named item's member under the name the words give it: an order's
// `unitPriceCents` is the product's `priceCents` when the order was created, and stays so when the
// product's price changes.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { priceCopiesDocument } from '../fixtures/price-copies-document.js';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

describe('a copy under another name', () => {
  it("keeps the product's price as it was when the order was created", async () => {
    const app = request(createMockApp({ contract: contractFromDocument(priceCopiesDocument), apiKeys: [] }));
    const product = await app.post('/products').send({ name: 'lamp', priceCents: 1250 });
    const order = await app.post('/orders').send({ productId: product.body.id });
    expect(order.status).toBe(201);
    expect(order.body.unitPriceCents).toBe(1250);
    const changed = await app
      .patch(`/products/${product.body.id}`)
      .set('If-Match', String(product.headers.etag))
      .set('Content-Type', 'application/merge-patch+json')
      .send(JSON.stringify({ priceCents: 990 }));
    expect(changed.body.priceCents).toBe(990);
    expect((await app.get(`/orders/${order.body.id}`)).body.unitPriceCents).toBe(1250);
  });
});
