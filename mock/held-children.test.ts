// A parent whose read holds its children in a list named like their collection (an order's `lines`,
// made by `POST /orders/{id}/lines`): the mock keeps that list, the count and the totals over it in
// step with the children, from the seed on. A seeded order holds no lines and adds up to 0.
import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const answer = (schema: unknown) => ({ description: 'ok', content: json(schema) });
const line = {
  type: 'object',
  required: ['lineNo', 'sku', 'quantity', 'unitPriceCents', 'lineTotalCents'],
  properties: {
    lineNo: { type: 'integer', readOnly: true },
    sku: { type: 'string' },
    quantity: { type: 'integer', minimum: 1, maximum: 99 },
    unitPriceCents: { type: 'integer', minimum: 0, maximum: 100000 },
    lineTotalCents: { type: 'integer', readOnly: true },
  },
};
const order = {
  type: 'object',
  required: ['id', 'lines', 'lineCount', 'totalQuantity', 'totalCents'],
  properties: {
    id: { type: 'string', readOnly: true },
    lines: { type: 'array', readOnly: true, items: line },
    lineCount: { type: 'integer', readOnly: true },
    totalQuantity: { type: 'integer', readOnly: true },
    totalCents: { type: 'integer', readOnly: true },
  },
};
const key = (name: string, type = 'string') => ({ name, in: 'path', required: true, schema: { type } });
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'orders', version: '1' },
  paths: {
    '/orders': {
      get: { responses: { '200': answer({ type: 'array', items: order }) } },
      post: { responses: { '201': answer(order) } },
    },
    '/orders/{orderId}': {
      parameters: [key('orderId')],
      get: { responses: { '200': answer(order), '404': { description: 'none' } } },
    },
    '/orders/{orderId}/lines': {
      parameters: [key('orderId')],
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['sku', 'quantity', 'unitPriceCents'],
            properties: {
              sku: line.properties.sku,
              quantity: line.properties.quantity,
              unitPriceCents: line.properties.unitPriceCents,
            },
          }),
        },
        responses: { '201': answer(line), '404': { description: 'none' } },
      },
    },
    '/orders/{orderId}/lines/{lineNo}': {
      parameters: [key('orderId'), key('lineNo', 'integer')],
      delete: { responses: { '204': { description: 'removed' }, '404': { description: 'none' } } },
    },
  },
});

const lineBody = fc.record({
  sku: fc.constantFrom('SKU-1', 'SKU-2'),
  quantity: fc.integer({ min: 1, max: 99 }),
  unitPriceCents: fc.integer({ min: 0, max: 100000 }),
});

describe('children a parent holds in a list', () => {
  it('are none on a seeded parent, which adds up to 0', async () => {
    const app = createMockApp({ contract });
    const orders = (await request(app).get('/orders')).body as Array<Record<string, unknown>>;
    expect(orders.length).toBeGreaterThan(0);
    for (const one of orders) expect(one).toMatchObject({ lines: [], lineCount: 0, totalQuantity: 0, totalCents: 0 });
  });

  it('follow each line added and removed, the totals over them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(lineBody, { minLength: 1, maxLength: 4 }), async (bodies) => {
        const app = createMockApp({ contract });
        const made = (await request(app).post('/orders')).body as { id: string };
        const added: Array<{ lineNo: number }> = [];
        for (const body of bodies) added.push((await request(app).post(`/orders/${made.id}/lines`).send(body)).body);
        await request(app).delete(`/orders/${made.id}/lines/${added[0]!.lineNo}`);
        const kept = bodies.slice(1);
        const read = (await request(app).get(`/orders/${made.id}`)).body as Record<string, unknown>;
        expect((read.lines as Array<{ lineNo: number }>).map((one) => one.lineNo)).toEqual(
          added.slice(1).map((one) => one.lineNo),
        );
        expect(read.lineCount).toBe(kept.length);
        expect(read.totalQuantity).toBe(kept.reduce((sum, one) => sum + one.quantity, 0));
        expect(read.totalCents).toBe(kept.reduce((sum, one) => sum + one.quantity * one.unitPriceCents, 0));
      }),
      { numRuns: 15 },
    );
  });
});
