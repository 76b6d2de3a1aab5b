// A documented 409 on an item the run's own action moved before (an order it cancelled, then paid)
// is the state the run left it in, a note: not valid input refused. Orders here are only seeded
// (no creation), so the run's cases all name the example order, and its cancel moves it for good.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';
import { MovedItems } from './judge/moved-items.js';
import type { TestCase } from './model.js';
import type { Exchange } from './send/http.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const order = {
  type: 'object',
  required: ['id', 'status', 'totalCents'],
  properties: {
    id: { type: 'string', readOnly: true },
    status: { type: 'string', enum: ['placed', 'cancelled'], readOnly: true },
    totalCents: { type: 'integer', minimum: 0, readOnly: true },
  },
};
const payment = {
  type: 'object',
  required: ['method'],
  properties: { id: { type: 'string', readOnly: true }, method: { type: 'string', enum: ['card', 'cash'] } },
};
const orderId = { name: 'orderId', in: 'path', required: true, schema: { type: 'string' }, example: 'ord_1' };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'orders', version: '1' },
  paths: {
    '/orders': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: order }) } } },
    },
    '/orders/{orderId}': {
      parameters: [orderId],
      get: { responses: { '200': { description: 'one', content: json(order) }, '404': none } },
    },
    '/orders/{orderId}/cancel': {
      parameters: [orderId],
      post: {
        description: 'Cancels a placed order (409 when it is not placed).',
        responses: { '200': { description: 'cancelled', content: json(order) }, '404': none, '409': none },
      },
    },
    '/orders/{orderId}/payments': {
      parameters: [orderId],
      get: {
        responses: { '200': { description: 'all', content: json({ type: 'array', items: payment }) }, '404': none },
      },
      post: {
        description: 'Pays a placed order (409 when it is cancelled).',
        requestBody: { required: true, content: json(payment) },
        responses: { '201': { description: 'paid', content: json(payment) }, '400': none, '404': none, '409': none },
      },
    },
  },
});

function shop() {
  const orders = new Map([['ord_1', { id: 'ord_1', status: 'placed', totalCents: 900 }]]);
  const payments: Record<string, unknown>[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const [root, id, verb, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'orders' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined)
      return req.method === 'GET' ? sendJson(res, 200, [...orders.values()]) : sendJson(res, 405, {});
    const found = orders.get(decodeURIComponent(id));
    if (!found) return sendJson(res, 404, {});
    if (verb === undefined && req.method === 'GET') return sendJson(res, 200, found);
    if (req.method !== 'POST' && verb !== 'payments') return sendJson(res, 405, {});
    if (verb === 'cancel') {
      if (found.status !== 'placed') return sendJson(res, 409, {});
      found.status = 'cancelled';
      return sendJson(res, 200, found);
    }
    if (verb !== 'payments') return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, payments);
    const body = parseObject(text);
    const keys = Object.keys(body ?? {});
    if (!body || (body.method !== 'card' && body.method !== 'cash') || keys.some((k) => k !== 'method' && k !== 'id'))
      return sendJson(res, 400, {});
    if (found.status !== 'placed') return sendJson(res, 409, {});
    const made = { id: `pay_${payments.length + 1}`, method: body.method };
    payments.push(made);
    return sendJson(res, 201, made);
  };
}

describe('an item the run moved itself', () => {
  it("takes a documented 409 on a later write to it as the run's own doing", async () => {
    const report = await runConformance({ target: { app: shop() }, contract, seed: 5 });
    expect(report.violations.map((v) => `${v.code} ${v.operation}: ${v.message}`)).toEqual([]);
    expect(report.notes?.map((note) => note.code) ?? []).toContain('item_state_refused');
  });

  it('counts a taken POST below an item as moving it, for the writes that name that item', () => {
    const operation = (method: string, path: string) =>
      contract.operations.find((o) => o.method === method && o.path === path)!;
    const sent = (method: string, path: string, id: string) =>
      ({ operation: operation(method, path), pathParams: { orderId: id } }) as unknown as TestCase;
    const answered = (status: number) => ({ ok: true, response: { status } }) as unknown as Exchange;
    const moved = new MovedItems();
    moved.note(sent('POST', '/orders/{orderId}/cancel', 'ord_2'), answered(409));
    expect(moved.movedBefore(sent('POST', '/orders/{orderId}/payments', 'ord_2'))).toBe(false);
    moved.note(sent('POST', '/orders/{orderId}/cancel', 'ord_1'), answered(200));
    expect(moved.movedBefore(sent('POST', '/orders/{orderId}/payments', 'ord_1'))).toBe(true);
    expect(moved.movedBefore(sent('POST', '/orders/{orderId}/payments', 'ord_2'))).toBe(false);
    expect(moved.movedBefore(sent('GET', '/orders/{orderId}', 'ord_1'))).toBe(false);
  });
});
