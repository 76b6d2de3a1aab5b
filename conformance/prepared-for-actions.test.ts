// The cases of an action that moves its item's state (a checkout) name an item the actions that
// keep its state have prepared (a line added): on an empty cart every checkout is refused for its
// state, and one taken without its required Idempotency-Key went unseen.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const refused = { description: 'refused', content: json({ type: 'object' }) };
const cart = {
  type: 'object',
  required: ['id', 'status', 'lineCount'],
  properties: {
    id: { type: 'string', readOnly: true },
    status: { type: 'string', enum: ['open', 'checked_out'], readOnly: true },
    lineCount: { type: 'integer', minimum: 0, readOnly: true },
  },
};
const cartId = { name: 'cartId', in: 'path', required: true, schema: { type: 'string' } };
const key = {
  name: 'Idempotency-Key',
  in: 'header',
  required: true,
  schema: { type: 'string', minLength: 1, maxLength: 64 },
};

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
        description: 'Adds a line to an open cart; on a checked-out cart the answer is `409`.',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['quantity'],
            properties: { quantity: { type: 'integer', minimum: 1, maximum: 9 } },
          }),
        },
        responses: { '201': { description: 'added', content: json(cart) }, '400': refused, '409': refused },
      },
    },
    '/carts/{cartId}/checkout': {
      parameters: [cartId],
      post: {
        operationId: 'checkout',
        description:
          "Checks the cart out. The `Idempotency-Key` header is required; a request without it is answered `400`. A cart with no lines cannot be checked out: `409`. The cart's `status` becomes `checked_out`.",
        parameters: [key],
        responses: { '200': { description: 'done', content: json(cart) }, '400': refused, '409': refused },
      },
    },
  },
});

type Cart = { id: string; status: string; lineCount: number };

/** Carts made empty; `keyOptional` takes a checkout without its key. */
function carts(keyOptional: boolean) {
  const made = new Map<string, Cart>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, sub, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'carts' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined) {
      if (req.method !== 'POST') return sendJson(res, 405, {});
      const item = { id: `c${made.size + 1}`, status: 'open', lineCount: 0 };
      made.set(item.id, item);
      return sendJson(res, 201, item);
    }
    const found = made.get(decodeURIComponent(id));
    if (!found) return sendJson(res, 404, {});
    if (sub === undefined) return req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 405, {});
    if (req.method !== 'POST') return sendJson(res, 405, {});
    if (sub === 'lines') {
      const quantity = body?.quantity;
      if (!body || !Number.isInteger(quantity) || (quantity as number) < 1 || (quantity as number) > 9)
        return sendJson(res, 400, {});
      if (Object.keys(body).some((k) => k !== 'quantity')) return sendJson(res, 400, {});
      if (found.status !== 'open') return sendJson(res, 409, {});
      found.lineCount += 1;
      return sendJson(res, 201, found);
    }
    if (sub !== 'checkout') return sendJson(res, 404, {});
    const given = req.headers['idempotency-key'];
    if (!keyOptional && (typeof given !== 'string' || given.length === 0 || given.length > 64))
      return sendJson(res, 400, {});
    if (found.status !== 'open' || found.lineCount === 0) return sendJson(res, 409, {});
    found.status = 'checked_out';
    return sendJson(res, 200, found);
  };
}

const run = (keyOptional: boolean) =>
  runConformance({
    target: { app: carts(keyOptional) },
    contract,
    seed: 3,
    runs: 6,
    selection: { include: ['operationId:checkout'] },
  });

describe('the cases of an action that moves its item on', () => {
  it('name an item the state-keeping actions prepared: a correct service passes, its success seen', async () => {
    const report = await run(false);
    expect(report.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect(report.operations.find((o) => o.id === 'checkout')?.observedStatuses).toContain(200);
  });

  it('catch a checkout taken without its required key', async () => {
    const report = await run(true);
    const found = report.violations.map((v) => `${v.check} ${v.operation}: ${v.message}`);
    expect(found.some((f) => f.startsWith('negative_data_rejection checkout') && f.includes('Idempotency-Key'))).toBe(
      true,
    );
  });
});
