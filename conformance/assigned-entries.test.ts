// A member only the answer's entries hold (an order line's `price`), sent inside a creation whose
// entries the request schema closes, is invalid input: the run sends it on the body of an item it
// made (its lines naming listed products), so that member is all that is wrong: a service that
// takes it fails, where every body naming made-up products is refused anyway.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const lineIn = {
  type: 'object',
  additionalProperties: false,
  required: ['sku', 'quantity'],
  properties: { sku: { type: 'string', pattern: '^[A-Z]{3}$' }, quantity: { type: 'integer', minimum: 1, maximum: 5 } },
};
const line = {
  type: 'object',
  required: ['sku', 'quantity', 'price'],
  properties: { ...lineIn.properties, price: { type: 'integer', minimum: 0, readOnly: true } },
};
const order = {
  type: 'object',
  required: ['id', 'lines'],
  properties: { id: { type: 'string', readOnly: true }, lines: { type: 'array', items: line } },
};
const product = { type: 'object', required: ['sku'], properties: { sku: { type: 'string' } } };
const PRODUCTS = [{ sku: 'ABC' }, { sku: 'XYZ' }];
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'orders', version: '1' },
  paths: {
    '/products': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: product }) } } },
    },
    '/products/{sku}': {
      get: {
        parameters: [{ name: 'sku', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'one', content: json(product) }, '404': { description: 'none' } },
      },
    },
    '/orders': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: order }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['lines'],
            properties: { lines: { type: 'array', minItems: 1, maxItems: 3, items: lineIn } },
          }),
        },
        responses: {
          '201': { description: 'made', content: json(order) },
          '400': { description: 'bad' },
          '422': { description: 'no such product' },
        },
      },
    },
  },
});

/** Orders priced 100 a unit; `open` is the fault: an entry's unknown members are ignored. */
function shop(open = false) {
  const orders: Record<string, unknown>[] = [];
  const send = sendJson;
  const validLine = (entry: unknown) => {
    const one = entry as Record<string, unknown>;
    return (
      typeof one === 'object' &&
      one !== null &&
      (open || Object.keys(one).every((key) => key === 'sku' || key === 'quantity')) &&
      typeof one.sku === 'string' &&
      /^[A-Z]{3}$/.test(one.sku) &&
      Number.isInteger(one.quantity) &&
      (one.quantity as number) >= 1 &&
      (one.quantity as number) <= 5
    );
  };
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    if (req.url === '/products') return send(res, 200, PRODUCTS);
    const sku = /^\/products\/([^/]+)$/.exec(req.url ?? '')?.[1];
    if (sku)
      return send(
        res,
        ...((PRODUCTS.find((one) => one.sku === sku) ? [200, { sku }] : [404, {}]) as [number, unknown]),
      );
    if (req.url !== '/orders') return send(res, 404, {});
    if (req.method === 'GET') return send(res, 200, orders);
    const lines = body?.lines;
    const valid =
      body !== undefined &&
      Object.keys(body).every((key) => key === 'lines') &&
      Array.isArray(lines) &&
      lines.length >= 1 &&
      lines.length <= 3 &&
      lines.every(validLine);
    if (!valid) return send(res, 400, {});
    if ((lines as { sku: string }[]).some((entry) => !PRODUCTS.some((one) => one.sku === entry.sku)))
      return send(res, 422, {});
    const made = {
      id: `o${orders.length + 1}`,
      lines: (lines as Record<string, unknown>[]).map(({ sku, quantity }) => ({
        sku,
        quantity,
        price: (quantity as number) * 100,
      })),
    };
    orders.push(made);
    send(res, 201, made);
  };
}

const run = (open?: boolean) => runConformance({ target: { app: shop(open) }, contract: document, seed: 9, runs: 5 });

describe('service-assigned members inside closed entries', () => {
  it('passes a service that refuses them', async () => {
    const result = await run();
    expect(result.violations.filter((v) => v.check === 'negative_data_rejection')).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((step) => step.scenario === 'assigned entries')).toEqual([]);
  });

  it('fails a service that takes an entry carrying one', async () => {
    const result = await run(true);
    const taken = result.violations.filter((v) => v.check === 'negative_data_rejection');
    expect(taken.map((v) => v.caseLabel).join(' ')).toMatch(/lines\[\]\.price/);
  });
});
