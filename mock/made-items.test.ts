// Items made without a body and items made in another collection (the keyed shop, written by
// someone who never read the mock): POST /carts answers an empty cart that reads where its Location
// says; a checkout answers an order that is listed and readable at its Location; totals add up.
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { withSums } from '../spec/core.js';
import { apiModelOf, contractFromDocument, loadContract } from '../spec/index.js';
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
    const [product] = (await request(app).get('/v1/products').set(auth)).body;
    await request(app).post(`/v1/carts/${cart.body.id}/lines`).set(auth).send({ sku: product.sku, quantity: 2 });
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

  it("an order copies its cart's lines and totals, and names the cart its path named", async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const cart = await request(app).post('/v1/carts').set(auth);
    const [product] = (await request(app).get('/v1/products').set(auth)).body;
    const filled = await request(app)
      .post(`/v1/carts/${cart.body.id}/lines`)
      .set(auth)
      .send({ sku: product.sku, quantity: 3 });
    const order = await request(app).post(`/v1/carts/${cart.body.id}/checkout`).set(auth);
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({
      cartId: cart.body.id,
      lines: filled.body.lines,
      itemCount: 3,
      subtotal: 3 * product.unitPrice,
    });
    expect(order.body.total).toBe(order.body.subtotal + order.body.shipping);
  });

  it('an empty cart is not checked out: the order could hold no line (minItems 1), so 409 and no order', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const cart = await request(app).post('/v1/carts').set(auth);
    const before = (await request(app).get('/v1/orders').set(auth)).body.length;
    const refused = await request(app).post(`/v1/carts/${cart.body.id}/checkout`).set(auth);
    expect(refused.status).toBe(409);
    expect(refused.body.status).toBe(409);
    expect((await request(app).get('/v1/orders').set(auth)).body).toHaveLength(before);
  });
});

describe('entries added to an item’s list (POST /carts/{cartId}/lines answers the cart)', () => {
  it('takes the price from the product the line names, and the totals add up, whatever the quantities', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const products = (await request(app).get('/v1/products').set(auth)).body as { sku: string; unitPrice: number }[];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ product: fc.nat(products.length - 1), quantity: fc.integer({ min: 1, max: 99 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        async (lines) => {
          const cart = await request(app).post('/v1/carts').set(auth);
          let answer = cart;
          for (const { product, quantity } of lines)
            answer = await request(app)
              .post(`/v1/carts/${cart.body.id}/lines`)
              .set(auth)
              .send({ sku: products[product]!.sku, quantity });
          expect(answer.status).toBe(201);
          const prices = lines.map(({ product }) => products[product]!.unitPrice);
          expect(answer.body.lines.map((line: { unitPrice: number }) => line.unitPrice)).toEqual(prices);
          for (const line of answer.body.lines) expect(line.lineTotal).toBe(line.quantity * line.unitPrice);
          expect(answer.body.itemCount).toBe(lines.reduce((sum, { quantity }) => sum + quantity, 0));
          expect(answer.body.subtotal).toBe(lines.reduce((sum, { quantity }, i) => sum + quantity * prices[i]!, 0));
          const read = await request(app).get(`/v1/carts/${cart.body.id}`).set(auth);
          expect(read.body).toEqual(answer.body);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('refuses a line naming no product with the documented 422, and changes nothing', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const cart = await request(app).post('/v1/carts').set(auth);
    const refused = await request(app)
      .post(`/v1/carts/${cart.body.id}/lines`)
      .set(auth)
      .send({ sku: 'SKU-9999', quantity: 1 });
    expect(refused.status).toBe(422);
    expect(refused.body.status).toBe(422);
    expect((await request(app).get(`/v1/carts/${cart.body.id}`).set(auth)).body).toEqual(cart.body);
  });
});

describe('counts of the items of another collection that name an item', () => {
  it('a seeded warehouse counts the seeded products whose warehouseKey is its key', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const products = (await request(app).get('/v1/products').set(auth)).body as { warehouseKey: string }[];
    const warehouses = (await request(app).get('/v1/warehouses').set(auth)).body as {
      key: string;
      productCount: number;
    }[];
    expect(products.length).toBeGreaterThan(0);
    for (const warehouse of warehouses)
      expect(warehouse.productCount).toBe(products.filter((p) => p.warehouseKey === warehouse.key).length);
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

  it('price a line by its unit cost where it has no unit price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 10_000 }), (quantity, unitCost) => {
        const order = withSums({
          lines: [{ sku: 'A', quantity, unitCost, lineTotal: -1 }],
          totalQuantity: 0,
          total: -1,
        });
        expect(order.lines).toEqual([{ sku: 'A', quantity, unitCost, lineTotal: quantity * unitCost }]);
        expect(order.totalQuantity).toBe(quantity);
        expect(order.total).toBe(quantity * unitCost);
      }),
    );
  });

  it('leave an item without lines of quantities and prices as it is', () => {
    const item = { tags: ['a'], total: 3 };
    expect(withSums(item)).toBe(item);
  });

  it('a checkout that takes a body (a shipping address) still makes the order in /orders', async () => {
    const document = structuredClone(contract.document) as { paths: Record<string, Record<string, object>> };
    const shipping = { type: 'object', properties: { note: { type: 'string', maxLength: 40 } } };
    const checkout = document.paths['/carts/{cartId}/checkout']!;
    checkout.post = { ...checkout.post, requestBody: { content: { 'application/json': { schema: shipping } } } };
    const withBody = contractFromDocument(document);
    // Not a collection of its own: the orders' making.
    const { resources } = apiModelOf(withBody);
    expect(resources.map((resource) => resource.collection.path)).not.toContain('/carts/{cartId}/checkout');
    const orders = resources.find((resource) => resource.collection.path === '/orders');
    expect(orders?.idioms.madeBy?.map((made) => made.operation.path)).toEqual(['/carts/{cartId}/checkout']);
    const app = createMockApp({ contract: withBody, apiKeys: [KEY] });
    const cart = await request(app).post('/v1/carts').set(auth);
    const [product] = (await request(app).get('/v1/products').set(auth)).body;
    await request(app).post(`/v1/carts/${cart.body.id}/lines`).set(auth).send({ sku: product.sku, quantity: 1 });
    const order = await request(app).post(`/v1/carts/${cart.body.id}/checkout`).set(auth).send({ note: 'door' });
    expect(order.status).toBe(201);
    const listed = await request(app).get('/v1/orders').set(auth);
    expect(listed.body.map((one: { id: string }) => one.id)).toContain(order.body.id);
    expect((await request(app).get(`/v1/orders/${order.body.id}`).set(auth)).status).toBe(200);
  });
});
