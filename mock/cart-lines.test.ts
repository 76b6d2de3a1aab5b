// A cart's lines, as a shop keeps them: a cart made with lines gets each shaped like a line added
// later (the product's name and unit price copied, numbered 1, 2, … in the order sent, totals
// added up); a line added gets the highest number the cart ever gave + 1, never one of a deleted
// line; a line changed or removed at /carts/{id}/lines/{lineNo} answers the cart itself, its totals
// worked out again. The products the document's request examples name (`SKU-1002` in a line's
// example, `lines[].sku` in the cart's) are among the seeded ones.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown, example?: unknown) => ({
  'application/json': { schema, ...(example === undefined ? {} : { example }) },
});
const none = { description: 'none' };
const sku = { type: 'string', pattern: '^SKU-[0-9]{4}$' };
const product = {
  type: 'object',
  required: ['sku', 'name', 'unitPriceCents'],
  properties: { sku, name: { type: 'string' }, unitPriceCents: { type: 'integer', minimum: 1 } },
};
const sent = {
  type: 'object',
  required: ['sku', 'quantity'],
  properties: { sku, quantity: { type: 'integer', minimum: 1 } },
};
const line = {
  type: 'object',
  required: ['lineNo', 'sku', 'name', 'quantity', 'unitPriceCents', 'lineTotalCents'],
  properties: {
    lineNo: { type: 'integer' },
    sku,
    name: { type: 'string' },
    quantity: { type: 'integer', minimum: 1 },
    unitPriceCents: { type: 'integer' },
    lineTotalCents: { type: 'integer', description: '`quantity` × `unitPriceCents`.' },
  },
};
const cart = {
  type: 'object',
  required: ['id', 'lines', 'subtotalCents'],
  properties: {
    id: { type: 'string', readOnly: true },
    lines: { type: 'array', items: line },
    subtotalCents: { type: 'integer', description: 'Sum of the lines’ `lineTotalCents`.' },
  },
};
const cartId = { name: 'cartId', in: 'path', required: true, schema: { type: 'string' } };
const lineNo = { name: 'lineNo', in: 'path', required: true, schema: { type: 'integer' } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'shop', version: '1' },
  paths: {
    '/products': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: product }) } } },
    },
    '/products/{sku}': {
      parameters: [{ name: 'sku', in: 'path', required: true, schema: sku }],
      get: { responses: { '200': { description: 'one', content: json(product) }, '404': none } },
    },
    '/carts': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: cart }) } } },
      post: {
        requestBody: {
          content: json(
            { type: 'object', properties: { lines: { type: 'array', items: sent } } },
            { lines: [{ sku: 'SKU-1001', quantity: 2 }] },
          ),
        },
        responses: { '201': { description: 'made', content: json(cart) }, '422': none },
      },
    },
    '/carts/{cartId}': {
      parameters: [cartId],
      get: { responses: { '200': { description: 'one', content: json(cart) }, '404': none } },
    },
    '/carts/{cartId}/lines': {
      parameters: [cartId],
      post: {
        requestBody: { required: true, content: json(sent, { sku: 'SKU-1002', quantity: 1 }) },
        responses: { '201': { description: 'the cart', content: json(cart) }, '404': none, '422': none },
      },
    },
    '/carts/{cartId}/lines/{lineNo}': {
      parameters: [cartId, lineNo],
      patch: {
        requestBody: {
          required: true,
          content: json({ type: 'object', properties: { quantity: { type: 'integer', minimum: 1 } } }),
        },
        responses: { '200': { description: 'the cart', content: json(cart) }, '404': none },
      },
      delete: { responses: { '200': { description: 'the cart', content: json(cart) }, '404': none } },
    },
  },
});

describe("a cart's lines", () => {
  it('are shaped, numbered, changed and removed as the cart keeps them', async () => {
    const app = createMockApp({ contract });
    const products = (await request(app).get('/products')).body as Array<Record<string, unknown>>;
    const price = (code: string) => products.find((p) => p.sku === code)?.unitPriceCents as number;
    expect(products.map((p) => p.sku)).toEqual(expect.arrayContaining(['SKU-1001', 'SKU-1002']));

    const made = await request(app)
      .post('/carts')
      .send({ lines: [{ sku: 'SKU-1001', quantity: 2 }] });
    expect(made.status).toBe(201);
    expect(made.body.lines).toEqual([
      expect.objectContaining({ lineNo: 1, sku: 'SKU-1001', quantity: 2, lineTotalCents: 2 * price('SKU-1001') }),
    ]);
    const id = made.body.id as string;

    const added = await request(app).post(`/carts/${id}/lines`).send({ sku: 'SKU-1002', quantity: 1 });
    expect(added.body.lines.map((l: { lineNo: number }) => l.lineNo)).toEqual([1, 2]);
    const changed = await request(app).patch(`/carts/${id}/lines/1`).send({ quantity: 3 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id, subtotalCents: 3 * price('SKU-1001') + price('SKU-1002') });
    const removed = await request(app).delete(`/carts/${id}/lines/2`);
    expect(removed.body).toMatchObject({ id, subtotalCents: 3 * price('SKU-1001') });
    const again = await request(app).post(`/carts/${id}/lines`).send({ sku: 'SKU-1002', quantity: 2 });
    expect(again.body.lines.map((l: { lineNo: number }) => l.lineNo)).toEqual([1, 3]);
    expect((await request(app).get(`/carts/${id}`)).body).toMatchObject({
      subtotalCents: 3 * price('SKU-1001') + 2 * price('SKU-1002'),
    });
    expect((await request(app).patch(`/carts/${id}/lines/2`).send({ quantity: 1 })).status).toBe(404);
    expect((await request(app).post(`/carts/${id}/lines`).send({ sku: 'SKU-9999', quantity: 1 })).status).toBe(422);
  });
});
