// An item's count of the items of another collection that name it (a warehouse's productCount)
// follows every write to that collection: a creation naming it, a change that moves an item to
// another, a deletion. Not only the seed's and a new item's.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../spec/index.js';
import { createMockApp } from './index.js';

const DOCUMENT = `openapi: 3.0.3
info: { title: Stock, version: '1' }
paths:
  /warehouses:
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Warehouse' } } } } } }
    post:
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NewWarehouse' } } } }
      responses: { '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Warehouse' } } } } }
  /warehouses/{warehouseId}:
    get:
      parameters: [{ name: warehouseId, in: path, required: true, schema: { type: string } }]
      responses:
        '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Warehouse' } } } }
        '404': { description: none }
  /products:
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Product' } } } } } }
    post:
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NewProduct' } } } }
      responses: { '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Product' } } } } }
  /products/{productId}:
    parameters: [{ name: productId, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Product' } } } }
        '404': { description: none }
    patch:
      requestBody: { required: true, content: { application/json: { schema: { type: object, properties: { warehouseId: { type: string } } } } } }
      responses:
        '200': { description: changed, content: { application/json: { schema: { $ref: '#/components/schemas/Product' } } } }
        '404': { description: none }
    delete:
      responses: { '204': { description: gone }, '404': { description: none } }
components:
  schemas:
    NewWarehouse:
      type: object
      required: [name]
      properties: { name: { type: string } }
    Warehouse:
      type: object
      required: [id, name, productCount]
      properties:
        id: { type: string, readOnly: true }
        name: { type: string }
        productCount: { type: integer, minimum: 0, readOnly: true, description: The products stored here. }
    NewProduct:
      type: object
      required: [name, warehouseId]
      properties: { name: { type: string }, warehouseId: { type: string } }
    Product:
      type: object
      required: [id, name, warehouseId]
      properties: { id: { type: string, readOnly: true }, name: { type: string }, warehouseId: { type: string } }
`;

describe("a count of another collection's items that name an item", () => {
  it('follows creations, moves and deletions of those items', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'stock-')), 'stock.yaml');
    writeFileSync(file, DOCUMENT);
    const app = createMockApp({ contract: await loadContract(file), apiKeys: [] });
    const count = async (id: string) => (await request(app).get(`/warehouses/${id}`)).body.productCount;
    const north = (await request(app).post('/warehouses').send({ name: 'North' })).body;
    const south = (await request(app).post('/warehouses').send({ name: 'South' })).body;
    expect(north.productCount).toBe(0);
    const made = [];
    for (const name of ['bolt', 'nut', 'gear'])
      made.push((await request(app).post('/products').send({ name, warehouseId: north.id })).body);
    expect(await count(north.id)).toBe(3);
    await request(app).patch(`/products/${made[0].id}`).send({ warehouseId: south.id }).expect(200);
    expect([await count(north.id), await count(south.id)]).toEqual([2, 1]);
    await request(app).delete(`/products/${made[1].id}`).expect(204);
    expect([await count(north.id), await count(south.id)]).toEqual([1, 1]);
    const listed = (await request(app).get('/warehouses')).body as { id: string; productCount: number }[];
    expect(listed.find((one) => one.id === north.id)?.productCount).toBe(1);
  });
});
