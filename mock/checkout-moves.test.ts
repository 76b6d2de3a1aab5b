// A shop's checkout as the mock serves it: an action of the cart that makes an order. The order
// starts in its own first state (not the cart's `open`), the cart moves to `checked_out` and names
// the order, a second checkout is refused and a replay with the same key answers the same order. A
// line takes its product's `price` as its `unitPrice`, and a second line for a sku merges into it.
// A payment under the order moves it to `paid` (its `paidAt` set), and a paid order takes no other.
// A merge past a line's maximum is refused, and a checked-out cart's lines are locked.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const id = { type: 'string', readOnly: true };
const sku = { type: 'string', pattern: '^[A-Z]{3}-[0-9]{4}$' };
const quantity = { type: 'integer', minimum: 1, maximum: 20 };
const line = {
  type: 'object',
  required: ['sku', 'quantity', 'unitPrice'],
  properties: { sku, quantity, unitPrice: { type: 'integer', minimum: 1, readOnly: true } },
};
const product = {
  type: 'object',
  required: ['sku', 'price'],
  properties: { sku, price: { type: 'integer', minimum: 1 } },
};
const cart = {
  type: 'object',
  description: 'A cart. `lines` holds at most one line per `sku`.',
  required: ['id', 'status', 'lines', 'orderId'],
  properties: {
    id,
    status: { type: 'string', enum: ['open', 'checked_out'], readOnly: true },
    lines: { type: 'array', readOnly: true, items: line },
    orderId: { type: 'string', nullable: true, readOnly: true },
  },
};
const order = {
  type: 'object',
  required: ['id', 'cartId', 'status', 'lines'],
  properties: {
    id,
    cartId: id,
    status: { type: 'string', enum: ['placed', 'paid', 'cancelled'], readOnly: true },
    lines: { type: 'array', minItems: 1, items: line },
    paidAt: { type: 'string', format: 'date-time', nullable: true, readOnly: true },
  },
};
const payment = {
  type: 'object',
  required: ['id', 'method'],
  properties: { id, method: { type: 'string', enum: ['card'] } },
};
const param = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const key = { name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string', minLength: 1 } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'shop', version: '1' },
  paths: {
    '/products': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: product }) } } },
    },
    '/products/{sku}': {
      parameters: [param('sku')],
      get: { responses: { '200': { description: 'one', content: json(product) }, '404': none } },
    },
    '/carts': { post: { responses: { '201': { description: 'made', content: json(cart) } } } },
    '/carts/{cartId}': {
      parameters: [param('cartId')],
      get: { responses: { '200': { description: 'one', content: json(cart) }, '404': none } },
    },
    '/carts/{cartId}/lines': {
      parameters: [param('cartId')],
      post: {
        description:
          "Lines can only be changed while the cart's `status` is `open`; on a checked-out cart the request is answered `409`.",
        requestBody: {
          required: true,
          content: json({ type: 'object', required: ['sku', 'quantity'], properties: { sku, quantity } }),
        },
        responses: {
          '200': { description: 'merged', content: json(cart) },
          '201': { description: 'added', content: json(cart) },
          '404': none,
          '409': none,
          '422': none,
        },
      },
    },
    '/carts/{cartId}/lines/{sku}': {
      parameters: [param('cartId'), param('sku')],
      delete: {
        description: 'Removes the line. On a checked-out cart the answer is `409`.',
        responses: { '200': { description: 'removed', content: json(cart) }, '404': none, '409': none },
      },
    },
    '/carts/{cartId}/checkout': {
      parameters: [param('cartId')],
      post: {
        description:
          "Makes an order of the cart. The cart's `status` becomes `checked_out`; a checked-out cart answers `409`.",
        parameters: [key],
        responses: {
          '201': {
            description: 'ordered',
            headers: { Location: { schema: { type: 'string' } } },
            content: json(order),
          },
          '409': none,
        },
      },
    },
    '/orders': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: order }) } } },
    },
    '/orders/{orderId}': {
      parameters: [param('orderId')],
      get: { responses: { '200': { description: 'one', content: json(order) }, '404': none } },
    },
    '/orders/{orderId}/payments': {
      parameters: [param('orderId')],
      get: {
        responses: { '200': { description: 'all', content: json({ type: 'array', items: payment }) }, '404': none },
      },
      post: {
        description:
          "Only an order whose `status` is `placed` can be paid; paying a `paid` order is answered `409`. On success the order's `status` becomes `paid` and its `paidAt` is set.",
        requestBody: { required: true, content: json(payment) },
        responses: { '201': { description: 'paid', content: json(payment) }, '404': none, '409': none },
      },
    },
  },
});

describe("a cart's checkout, served", () => {
  it('makes an order in its own first state and moves the cart, naming it', async () => {
    const app = request(createMockApp({ contract, apiKeys: [] }));
    const [listed] = (await app.get('/products')).body as { sku: string; price: number }[];
    const made = await app.post('/carts');
    const cartId = made.body.id as string;
    const added = await app.post(`/carts/${cartId}/lines`).send({ sku: listed!.sku, quantity: 2 });
    expect(added.status).toBe(201);
    expect(added.body.lines[0].unitPrice).toBe(listed!.price);
    const again = await app.post(`/carts/${cartId}/lines`).send({ sku: listed!.sku, quantity: 3 });
    expect(again.status).toBe(200);
    expect(again.body.lines).toHaveLength(1);
    expect(again.body.lines[0].quantity).toBe(5);
    // A merge past the line's maximum is refused and changes nothing.
    expect((await app.post(`/carts/${cartId}/lines`).send({ sku: listed!.sku, quantity: 16 })).status).toBe(422);
    expect((await app.get(`/carts/${cartId}`)).body.lines[0].quantity).toBe(5);

    const checkout = await app.post(`/carts/${cartId}/checkout`).set('Idempotency-Key', 'k-1');
    expect(checkout.status).toBe(201);
    expect(checkout.body).toMatchObject({ cartId, status: 'placed' });
    expect((await app.get(checkout.headers.location!)).body.id).toBe(checkout.body.id);
    expect((await app.get(`/carts/${cartId}`)).body).toMatchObject({
      status: 'checked_out',
      orderId: checkout.body.id,
    });

    expect((await app.post(`/carts/${cartId}/checkout`).set('Idempotency-Key', 'k-2')).status).toBe(409);
    // Its lines are locked once it is checked out.
    expect((await app.post(`/carts/${cartId}/lines`).send({ sku: listed!.sku, quantity: 1 })).status).toBe(409);
    expect((await app.delete(`/carts/${cartId}/lines/${listed!.sku}`)).status).toBe(409);
    const replay = await app.post(`/carts/${cartId}/checkout`).set('Idempotency-Key', 'k-1');
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(checkout.body.id);
  });

  it('moves the order to paid by a payment under it, and takes no payment of a paid one', async () => {
    const app = request(createMockApp({ contract, apiKeys: [] }));
    const [listed] = (await app.get('/products')).body as { sku: string }[];
    const cartId = (await app.post('/carts')).body.id as string;
    await app.post(`/carts/${cartId}/lines`).send({ sku: listed!.sku, quantity: 1 });
    const orderId = (await app.post(`/carts/${cartId}/checkout`).set('Idempotency-Key', 'k')).body.id as string;
    expect((await app.post(`/orders/${orderId}/payments`).send({ method: 'card' })).status).toBe(201);
    const paid = (await app.get(`/orders/${orderId}`)).body;
    expect(paid.status).toBe('paid');
    expect(Date.parse(paid.paidAt)).not.toBeNaN();
    expect((await app.post(`/orders/${orderId}/payments`).send({ method: 'card' })).status).toBe(409);
    expect((await app.get('/orders/no-such-order/payments')).status).toBe(404);
  });
});
