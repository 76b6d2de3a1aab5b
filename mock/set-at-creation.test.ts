// A member the answer marks readOnly but the creation's own body declares ("Set when the cart is
// created"): the creation stores what was sent; readOnly says it cannot change afterwards.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOfDocument } from '../fixtures/mock-of-document.js';

const DOCUMENT = `openapi: 3.0.3
info: { title: Carts, version: '1' }
paths:
  /carts:
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Cart' } } } } } }
    post:
      requestBody: { required: false, content: { application/json: { schema: { $ref: '#/components/schemas/CartCreate' } } } }
      responses: { '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Cart' } } } } }
  /carts/{cartId}:
    parameters: [{ name: cartId, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Cart' } } } }
        '404': { description: none }
components:
  schemas:
    CartCreate:
      type: object
      properties: { note: { type: string, nullable: true, maxLength: 200 } }
    Cart:
      type: object
      required: [id, note]
      properties:
        id: { type: string, readOnly: true }
        note: { type: string, nullable: true, maxLength: 200, readOnly: true, description: Set when the cart is created. }
`;

describe('a member set at creation only', () => {
  it('holds what the creation sent', async () => {
    const app = await mockOfDocument(DOCUMENT, 'carts');
    const made = (await request(app).post('/carts').send({ note: 'birthday presents' }).expect(201)).body;
    expect(made.note).toBe('birthday presents');
    expect((await request(app).get(`/carts/${made.id}`).expect(200)).body.note).toBe('birthday presents');
  });
});
