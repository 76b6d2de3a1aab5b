// Counts a write on an item with lines moves by its lines' amounts, as its words say: "The stock of
// every ordered product is decreased by the ordered quantity" (a cart's checkout). The run makes a
// cart of its own whose lines name listed products, reads their stock before and after the
// checkout: a service whose checkout leaves the stock is named; where the words say nothing, it is
// not judged.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const product = {
  type: 'object',
  required: ['id', 'stock'],
  properties: { id: { type: 'string' }, stock: { type: 'integer', minimum: 0 } },
};
const line = {
  type: 'object',
  required: ['productId', 'quantity'],
  properties: { productId: { type: 'string' }, quantity: { type: 'integer', minimum: 1, maximum: 3 } },
};
const cart = {
  type: 'object',
  required: ['lines'],
  properties: {
    id: { type: 'string', readOnly: true },
    status: { type: 'string', enum: ['open', 'checked_out'], readOnly: true },
    lines: { type: 'array', minItems: 1, maxItems: 2, items: line, example: [{ productId: 'p1', quantity: 2 }] },
  },
};
const id = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });

const document = (checkoutWords: string) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'shop', version: '1' },
    paths: {
      '/products': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: product }) } } },
      },
      '/products/{productId}': {
        parameters: [id('productId')],
        get: { responses: { '200': { description: 'one', content: json(product) }, '404': none } },
      },
      '/carts': {
        post: {
          requestBody: { required: true, content: json(cart) },
          responses: { '201': { description: 'made', content: json(cart) }, '400': none, '422': none },
        },
      },
      '/carts/{cartId}': {
        parameters: [id('cartId')],
        get: { responses: { '200': { description: 'one', content: json(cart) }, '404': none } },
      },
      '/carts/{cartId}/checkout': {
        parameters: [id('cartId')],
        post: {
          description: `Checks the cart out. ${checkoutWords} A cart checked out already is answered 409.`,
          responses: { '200': { description: 'checked out', content: json(cart) }, '404': none, '409': none },
        },
      },
    },
  });

const SAID = 'The stock of every ordered product is decreased by the ordered quantity.';

/** Products p1 and p2 with ample stock; `keepsStock` checks carts out without taking it (the fault). */
function shop(keepsStock: boolean) {
  const products = new Map([
    ['p1', { id: 'p1', stock: 500 }],
    ['p2', { id: 'p2', stock: 500 }],
  ]);
  const carts = new Map<string, { id: string; status: string; lines: { productId: string; quantity: number }[] }>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, verb, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (root === 'products') {
      if (key === undefined) return sendJson(res, 200, [...products.values()]);
      const found = products.get(decodeURIComponent(key));
      return found && !verb ? sendJson(res, 200, found) : sendJson(res, 404, {});
    }
    if (root !== 'carts') return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method !== 'POST') return sendJson(res, 405, {});
      const lines = body?.lines;
      const valid =
        Array.isArray(lines) &&
        lines.length >= 1 &&
        lines.length <= 2 &&
        lines.every(
          (one) =>
            products.has(one?.productId) && Number.isInteger(one?.quantity) && one.quantity >= 1 && one.quantity <= 3,
        );
      if (!valid) return sendJson(res, 422, {});
      const made = {
        id: `c${carts.size + 1}`,
        status: 'open',
        lines: (lines as { productId: string; quantity: number }[]).map(({ productId, quantity }) => ({
          productId,
          quantity,
        })),
      };
      carts.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = carts.get(decodeURIComponent(key));
    if (!found) return sendJson(res, 404, {});
    if (!verb) return req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 405, {});
    if (verb !== 'checkout' || req.method !== 'POST') return sendJson(res, 404, {});
    if (found.status !== 'open') return sendJson(res, 409, {});
    found.status = 'checked_out';
    if (!keepsStock) for (const { productId, quantity } of found.lines) products.get(productId)!.stock -= quantity;
    return sendJson(res, 200, found);
  };
}

const run = (words: string, keepsStock: boolean) =>
  runConformance({ target: { app: shop(keepsStock) }, contract: document(words), seed: 5, runs: 5 });
const counted = (report: Awaited<ReturnType<typeof run>>) =>
  report.violations.filter((v) => v.code === 'drawn_amount_off').map((v) => v.operation);

describe('counts a write on an item with lines moves by their amounts', () => {
  it('reads the words: the checkout takes each line’s quantity from its product’s stock', () => {
    const carts = inferApiModel(document(SAID)).resources.find((one) => one.collection.path === '/carts');
    expect(carts?.idioms.lineAmounts).toEqual([
      expect.objectContaining({ lines: 'lines', via: 'productId', amount: 'quantity', member: 'stock', sign: -1 }),
    ]);
  });

  it('passes a service whose checkout takes the stock', async () => {
    const report = await run(SAID, false);
    expect(report.violations.map((v) => `${v.code} ${v.operation}: ${v.message}`)).toEqual([]);
    expect(report.reach?.unreached.map((one) => JSON.stringify(one)).join('\n') ?? '').not.toMatch(/line amounts/);
  });

  it('names a service whose checkout leaves the stock', async () => {
    expect(counted(await run(SAID, true))).toContain('GET /products/{productId}');
  });

  it('leaves the stock unjudged where the words say nothing of it', async () => {
    expect(counted(await run('Thank you.', true))).toEqual([]);
  });
});
