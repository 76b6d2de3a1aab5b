// An action its item must be prepared for by another that keeps its state: a cart is checked out
// only once a line was added (`POST /carts/{id}/lines`, whose `sku` names a listed product). The run
// adds a line naming a listed product, then checks out; taken again, the checkout must be refused.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument, explainedModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const sku = { type: 'string', pattern: '^[A-Z]{3}-[0-9]{2}$' };
const product = { type: 'object', required: ['sku'], properties: { sku } };
const line = { type: 'object', required: ['sku', 'quantity'], properties: { sku, quantity: { type: 'integer' } } };
const cart = {
  type: 'object',
  required: ['id', 'status', 'lines'],
  properties: {
    id: { type: 'string', readOnly: true },
    status: { type: 'string', enum: ['open', 'checked_out'], readOnly: true },
    lines: { type: 'array', items: line, readOnly: true },
  },
};
const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];
const refused = { description: 'refused', content: json({ type: 'object' }) };
const one = { description: 'the cart', content: json(cart) };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'carts', version: '1' },
  paths: {
    '/products': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: product }) } } },
    },
    '/products/{sku}': {
      parameters: [{ name: 'sku', in: 'path', required: true, schema: sku }],
      get: { responses: { '200': { description: 'one', content: json(product) }, '404': refused } },
    },
    '/carts': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: cart }) } } },
      post: { responses: { '201': one } },
    },
    '/carts/{id}': { parameters: id, get: { responses: { '200': one, '404': refused } } },
    '/carts/{id}/lines': {
      parameters: id,
      post: {
        description:
          "Adds a line. The `sku` must name a listed product (`422` otherwise). Lines can only be added while the cart's `status` is `open` (`409` otherwise).",
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['sku', 'quantity'],
            properties: { sku, quantity: { type: 'integer', minimum: 1, maximum: 5 } },
          }),
        },
        responses: { '201': one, '400': refused, '404': refused, '409': refused, '422': refused },
      },
    },
    '/carts/{id}/checkout': {
      parameters: id,
      post: {
        description: 'Checks the cart out: its `status` becomes `checked_out`. An empty cart is refused with `409`.',
        responses: { '200': one, '404': refused, '409': refused },
      },
    },
  },
});

type Fault = 'checkout-twice';

/** The carts, written by hand from the document; `fault` plants one break. */
function carts(fault?: Fault) {
  const products = ['ABC-10', 'ABC-11'];
  const made = new Map<string, { id: string; status: string; lines: Record<string, unknown>[] }>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const [, first, cartId, verb] = (req.url ?? '').split('?')[0]!.split('/');
    const body = parseObject(await readBody(req));
    if (first === 'products' && cartId !== undefined)
      return products.includes(cartId) ? send(res, 200, { sku: cartId }) : send(res, 404, {});
    if (first === 'products')
      return send(
        res,
        200,
        products.map((one) => ({ sku: one })),
      );
    if (first !== 'carts') return send(res, 404, {});
    if (cartId === undefined) {
      if (req.method === 'GET') return send(res, 200, [...made.values()]);
      const item = { id: `c${made.size + 1}`, status: 'open', lines: [] };
      made.set(item.id, item);
      return send(res, 201, item);
    }
    const item = made.get(cartId);
    if (!item) return send(res, 404, {});
    if (verb === undefined) return send(res, 200, item);
    if (verb === 'lines') {
      const quantity = body?.quantity;
      const shaped =
        typeof body?.sku === 'string' &&
        /^[A-Z]{3}-[0-9]{2}$/.test(body.sku) &&
        Number.isInteger(quantity) &&
        (quantity as number) >= 1 &&
        (quantity as number) <= 5 &&
        Object.keys(body).length === 2;
      if (!shaped) return send(res, 400, {});
      if (!products.includes(body!.sku as string)) return send(res, 422, {});
      if (item.status !== 'open') return send(res, 409, {});
      item.lines.push({ sku: body!.sku, quantity });
      return send(res, 201, item);
    }
    if (verb === 'checkout') {
      if (item.lines.length === 0) return send(res, 409, { message: 'An empty cart cannot be checked out.' });
      if (item.status !== 'open' && fault !== 'checkout-twice') return send(res, 409, {});
      item.status = 'checked_out';
      return send(res, 200, item);
    }
    return send(res, 404, {});
  };
}

const run = (fault?: Fault) => runConformance({ target: { app: carts(fault) }, contract, seed: 9, runs: 5 });

describe('an action its item is prepared for by another', () => {
  it('reads the line added as an action that keeps the state ("while the cart\'s `status` is `open`" is a condition)', () => {
    const model = JSON.parse(explainedModel(contract, undefined, 'json'));
    const carts = model.resources.find((r: { path: string }) => r.path === '/carts');
    expect(carts.actions.find((a: { verb: string }) => a.verb === 'lines')).not.toHaveProperty('target');
  });

  it('passes the carts written from the document, with the checkout reached', async () => {
    const result = await run();
    expect(result.violations.map((v) => v.code)).toEqual([]);
    const checkout = result.operations.find((operation) => operation.path === '/carts/{id}/checkout');
    expect(checkout?.observedStatuses).toContain(200);
  });

  it('names carts checked out twice', async () => {
    expect((await run('checkout-twice')).violations.map((v) => v.code)).toContain('repeated_action_accepted');
  });
});
