// Children of items made elsewhere (payments of an order a cart's checkout makes) are made under an
// order the run made itself, not under a listed one whose state is anyone's (a cancelled order).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const id = { type: 'string', readOnly: true };
const cart = { type: 'object', required: ['id'], properties: { id } };
const order = {
  type: 'object',
  required: ['id', 'status'],
  properties: { id, status: { type: 'string', enum: ['placed', 'paid', 'cancelled'], readOnly: true } },
};
const payment = {
  type: 'object',
  required: ['id', 'method'],
  properties: { id, method: { type: 'string', enum: ['card', 'cash'] } },
};
const refund = {
  type: 'object',
  required: ['id', 'reason'],
  properties: { id, reason: { type: 'string', minLength: 1, maxLength: 40 } },
};
const param = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'shop', version: '1' },
  paths: {
    '/carts': { post: { responses: { '201': { description: 'made', content: json(cart) } } } },
    '/carts/{cartId}': {
      parameters: [param('cartId')],
      get: { responses: { '200': { description: 'one', content: json(cart) }, '404': none } },
    },
    '/carts/{cartId}/checkout': {
      parameters: [param('cartId')],
      post: { responses: { '201': { description: 'the order', content: json(order) }, '404': none } },
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
        description: "Pays a placed order (409 otherwise). Sets the order's `status` to `paid`.",
        requestBody: { required: true, content: json(payment) },
        responses: { '201': { description: 'paid', content: json(payment) }, '400': none, '404': none, '409': none },
      },
    },
    '/orders/{orderId}/cancel': {
      parameters: [param('orderId')],
      post: {
        description: 'Moves a `placed` or `paid` order to `cancelled` (`409` otherwise).',
        responses: { '200': { description: 'cancelled', content: json(order) }, '404': none, '409': none },
      },
    },
    '/orders/{orderId}/refunds': {
      parameters: [param('orderId')],
      get: {
        responses: { '200': { description: 'all', content: json({ type: 'array', items: refund }) }, '404': none },
      },
      post: {
        description: 'Only an order in status `paid` can be refunded (`409` otherwise).',
        requestBody: { required: true, content: json(refund) },
        responses: { '201': { description: 'refunded', content: json(refund) }, '400': none, '404': none, '409': none },
      },
    },
  },
});

function shop(refundsAnyOrder = false) {
  const carts = new Set<string>();
  // The one listed order is someone else's, and cancelled.
  const orders = new Map([['ord_0', { id: 'ord_0', status: 'cancelled' }]]);
  const payments = new Map<string, { id: string; method: string }[]>([['ord_0', []]]);
  const refunds = new Map<string, { id: string; reason: string }[]>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, child, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (root === 'carts') {
      if (key === undefined && req.method === 'POST') {
        const made = `cart_${carts.size + 1}`;
        carts.add(made);
        return sendJson(res, 201, { id: made });
      }
      if (!key || !carts.has(key)) return sendJson(res, 404, {});
      if (child === undefined) return sendJson(res, 200, { id: key });
      if (child !== 'checkout' || req.method !== 'POST') return sendJson(res, 404, {});
      const made = { id: `ord_${orders.size}`, status: 'placed' };
      orders.set(made.id, made);
      payments.set(made.id, []);
      return sendJson(res, 201, made);
    }
    if (root !== 'orders') return sendJson(res, 404, {});
    if (key === undefined) return sendJson(res, 200, [...orders.values()]);
    const found = orders.get(decodeURIComponent(key));
    if (!found) return sendJson(res, 404, {});
    if (child === undefined) return sendJson(res, 200, found);
    if (child === 'cancel' && req.method === 'POST') {
      if (found.status === 'cancelled') return sendJson(res, 409, {});
      found.status = 'cancelled';
      return sendJson(res, 200, found);
    }
    if (child === 'refunds') {
      if (req.method === 'GET') return sendJson(res, 200, refunds.get(found.id) ?? []);
      const reason = body?.reason;
      if (typeof reason !== 'string' || reason.length === 0 || [...reason].length > 40) return sendJson(res, 400, {});
      if (found.status !== 'paid' && !refundsAnyOrder) return sendJson(res, 409, {});
      const made = { id: `ref_${found.id}_${(refunds.get(found.id) ?? []).length}`, reason };
      refunds.set(found.id, [...(refunds.get(found.id) ?? []), made]);
      return sendJson(res, 201, made);
    }
    if (child !== 'payments') return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, payments.get(found.id));
    if (!body || (body.method !== 'card' && body.method !== 'cash')) return sendJson(res, 400, {});
    if (found.status !== 'placed') return sendJson(res, 409, {});
    found.status = 'paid';
    const made = { id: `pay_${found.id}`, method: body.method };
    payments.get(found.id)!.push(made);
    return sendJson(res, 201, made);
  };
}

describe('children of items made elsewhere', () => {
  it('are made under an item the run made, and reached', async () => {
    const report = await runConformance({ target: { app: shop() }, contract, seed: 3 });
    expect(report.violations.map((v) => `${v.code} ${v.operation}: ${v.message}`)).toEqual([]);
    const unreached = (report.reach?.unreached ?? []).filter((step) => step.path.includes('payments'));
    expect(unreached).toEqual([]);
    // A refund needs a paid order: a payment, whose words set the order's status, is made first.
    expect(report.reach?.notReached ?? []).not.toContain('POST /orders/{orderId}/refunds');
  });

  it('are made in a sequence under a parent moved into the state they need by a sibling whose words set it', async () => {
    const report = await runConformance({ target: { app: shop() }, contract, seed: 3 });
    const unreached = (report.reach?.unreached ?? []).filter(
      (step) => step.path.includes('refunds') && step.scenario === 'creation sequence',
    );
    expect(unreached.map((step) => step.reason)).toEqual([]);
  });

  it('name a shop that refunds an order that is not paid, under an order the run made', async () => {
    const report = await runConformance({ target: { app: shop(true) }, contract, seed: 3 });
    expect(report.violations.map((v) => v.code)).toContain('write_under_locked_parent_accepted');
  });
});
