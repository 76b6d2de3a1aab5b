// An action on an item with lines moves the counts of the items its lines name by each line's
// amount, as its words say ("adds each line's `quantity` to the `onHand` of the line's product"):
// two lines of one product add both; a refused action moves nothing.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOfDocument } from '../fixtures/mock-of-document.js';

const one = (schema: string) => `{ application/json: { schema: { $ref: '#/components/schemas/${schema}' } } }`;
const DOCUMENT = `openapi: 3.0.3
info: { title: Purchasing, version: '1' }
paths:
  /products:
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Product' } } } } } }
    post:
      requestBody: { required: true, content: ${one('Product')} }
      responses: { '201': { description: made, content: ${one('Product')} }, '409': { description: taken } }
  /products/{sku}:
    parameters: [{ name: sku, in: path, required: true, schema: { type: string } }]
    get: { responses: { '200': { description: one, content: ${one('Product')} }, '404': { description: none } } }
  /orders:
    post:
      description: Creates an order in status \`open\`.
      requestBody: { required: true, content: ${one('OrderCreate')} }
      responses: { '201': { description: made, content: ${one('Order')} }, '422': { description: unknown product } }
  /orders/{orderId}:
    parameters: [{ name: orderId, in: path, required: true, schema: { type: string } }]
    get: { responses: { '200': { description: one, content: ${one('Order')} }, '404': { description: none } } }
  /orders/{orderId}/receive:
    parameters: [{ name: orderId, in: path, required: true, schema: { type: string } }]
    post:
      description: Moves an \`open\` order to \`received\` and adds each line's \`quantity\` to the \`onHand\` of the line's product. Any other status is refused with 409.
      responses: { '200': { description: received, content: ${one('Order')} }, '404': { description: none }, '409': { description: refused } }
components:
  schemas:
    Product:
      type: object
      required: [sku, onHand]
      properties:
        sku: { type: string, pattern: '^[A-Z]{3}$' }
        onHand: { type: integer, minimum: 0 }
    Line:
      type: object
      required: [sku, quantity]
      properties:
        sku: { type: string, pattern: '^[A-Z]{3}$' }
        quantity: { type: integer, minimum: 1, maximum: 50 }
    OrderCreate:
      type: object
      required: [lines]
      properties:
        lines: { type: array, minItems: 1, items: { $ref: '#/components/schemas/Line' } }
    Order:
      type: object
      required: [id, status, lines]
      properties:
        id: { type: string, readOnly: true }
        status: { type: string, enum: [open, received], readOnly: true }
        lines: { type: array, items: { $ref: '#/components/schemas/Line' } }
`;

describe("an action that moves the counts its lines' items hold", () => {
  it("adds each line's quantity to its product's onHand, once", async () => {
    const app = await mockOfDocument(DOCUMENT, 'line-amounts');
    await request(app).post('/products').send({ sku: 'ABC', onHand: 2 }).expect(201);
    await request(app).post('/products').send({ sku: 'XYZ', onHand: 0 }).expect(201);
    const order = await request(app)
      .post('/orders')
      .send({
        lines: [
          { sku: 'ABC', quantity: 3 },
          { sku: 'XYZ', quantity: 4 },
          { sku: 'ABC', quantity: 1 },
        ],
      })
      .expect(201);
    await request(app).post(`/orders/${order.body.id}/receive`).expect(200);
    expect((await request(app).get('/products/ABC')).body.onHand).toBe(6);
    expect((await request(app).get('/products/XYZ')).body.onHand).toBe(4);
    await request(app).post(`/orders/${order.body.id}/receive`).expect(409);
    expect((await request(app).get('/products/ABC')).body.onHand).toBe(6);
  });
});
