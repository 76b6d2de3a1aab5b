// Writes of the entries an item holds, locked by the item's state ("Lines can only be changed while
// the cart's `status` is `open`; on a checked-out cart the request is answered `409`"): read as the
// item's own locks, and sent on a cart of the run's own once checked out, each naming a line it holds.
// A cart said to hold one line per `sku` that holds two is named on any answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { apiModelOf, contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const refused = { description: 'refused', content: json({ type: 'object' }) };
const sku = { type: 'string', pattern: '^[A-Z]{3}$' };
const quantity = { type: 'integer', minimum: 1, maximum: 5 };
const line = { type: 'object', required: ['sku', 'quantity'], properties: { sku, quantity } };
const cart = {
  type: 'object',
  description: 'A cart. `lines` holds at most one line per `sku`.',
  required: ['id', 'status', 'lines'],
  properties: {
    id: { type: 'string', readOnly: true },
    status: { type: 'string', enum: ['open', 'checked_out'], readOnly: true },
    lines: { type: 'array', readOnly: true, items: line },
  },
};
const cartId = { name: 'cartId', in: 'path', required: true, schema: { type: 'string' } };
const lineSku = { name: 'sku', in: 'path', required: true, schema: sku };
const locked = { '400': refused, '404': refused, '409': refused };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'carts', version: '1' },
  paths: {
    '/carts': { post: { responses: { '201': { description: 'made', content: json(cart) } } } },
    '/carts/{cartId}': {
      parameters: [cartId],
      get: { responses: { '200': { description: 'one', content: json(cart) }, '404': refused } },
    },
    '/carts/{cartId}/lines': {
      parameters: [cartId],
      post: {
        operationId: 'addLine',
        description:
          "Adds a line. Lines can only be changed while the cart's `status` is `open`; on a checked-out cart the request is answered `409`.",
        requestBody: { required: true, content: json(line) },
        responses: { '201': { description: 'added', content: json(cart) }, ...locked },
      },
    },
    '/carts/{cartId}/lines/{sku}': {
      parameters: [cartId, lineSku],
      patch: {
        operationId: 'updateLine',
        description: 'Sets the quantity. On a checked-out cart the answer is `409`.',
        requestBody: {
          required: true,
          content: json({ type: 'object', required: ['quantity'], properties: { quantity } }),
        },
        responses: { '200': { description: 'changed', content: json(cart) }, ...locked },
      },
    },
    '/carts/{cartId}/checkout': {
      parameters: [cartId],
      post: {
        operationId: 'checkout',
        description: 'Checks the cart out: its `status` becomes `checked_out`. A checked-out cart answers `409`.',
        responses: { '200': { description: 'done', content: json(cart) }, '409': refused },
      },
    },
  },
});

type Cart = { id: string; status: string; lines: { sku: string; quantity: number }[] };
type Fault = 'none' | 'adds after checkout' | 'changes after checkout' | 'no merge';
const validQuantity = (value: unknown) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5;

function carts(fault: Fault) {
  const made = new Map<string, Cart>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, sub, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'carts' || rest.length > 0) return sendJson(res, 404, {});
    if (!id) {
      const item = { id: `c${made.size + 1}`, status: 'open', lines: [] };
      made.set(item.id, item);
      return sendJson(res, 201, item);
    }
    const found = made.get(decodeURIComponent(id));
    if (!found) return sendJson(res, 404, {});
    if (!sub) return sendJson(res, 200, found);
    const open = found.status === 'open';
    if (sub === 'checkout') {
      if (!open) return sendJson(res, 409, {});
      found.status = 'checked_out';
      return sendJson(res, 200, found);
    }
    if (sub !== 'lines') return sendJson(res, 404, {});
    if (key === undefined) {
      if (!body || typeof body.sku !== 'string' || !/^[A-Z]{3}$/.test(body.sku) || !validQuantity(body.quantity))
        return sendJson(res, 400, {});
      if (Object.keys(body).some((k) => k !== 'sku' && k !== 'quantity')) return sendJson(res, 400, {});
      if (!open && fault !== 'adds after checkout') return sendJson(res, 409, {});
      const held = found.lines.find((l) => l.sku === body.sku);
      if (held && fault !== 'no merge') held.quantity = Math.min(5, held.quantity + (body.quantity as number));
      else found.lines.push({ sku: body.sku, quantity: body.quantity as number });
      return sendJson(res, 201, found);
    }
    const entry = found.lines.find((l) => l.sku === decodeURIComponent(key));
    if (!entry) return sendJson(res, 404, {});
    if (!body || !validQuantity(body.quantity) || Object.keys(body).some((k) => k !== 'quantity'))
      return sendJson(res, 400, {});
    if (!open && fault !== 'changes after checkout') return sendJson(res, 409, {});
    entry.quantity = body.quantity as number;
    return sendJson(res, 200, found);
  };
}

const failures = async (fault: Fault) =>
  (await runConformance({ target: { app: carts(fault) }, contract, seed: 8, runs: 5 })).violations.map(
    (v) => `${v.code} ${v.operation}`,
  );

describe("writes of an item's entries locked by its state", () => {
  it("are read as the item's own locks", () => {
    const carts = apiModelOf(contract).resources.find((r) => r.collection.path === '/carts');
    expect(carts?.idioms.ownLocks?.map((lock) => [lock.operation.id, lock.allowed, lock.status])).toEqual([
      ['addLine', ['open'], 409],
      ['updateLine', ['open'], 409],
    ]);
  });

  it('pass a service that refuses them on a checked-out cart', async () => {
    expect(await failures('none')).toEqual([]);
  });

  it('name a line added after the checkout', async () => {
    expect(await failures('adds after checkout')).toContain('write_in_locked_state_accepted addLine');
  });

  it('name a line changed after the checkout', async () => {
    expect(await failures('changes after checkout')).toContain('write_in_locked_state_accepted updateLine');
  });

  it('name a second line for a sku the cart already holds', async () => {
    expect(await failures('no merge')).toContain('entries_not_unique addLine');
  });
});
