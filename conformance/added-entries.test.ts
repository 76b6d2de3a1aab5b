// Operations on an entry a new item does not hold yet (PATCH /carts/{cartId}/lines/{sku} on a cart
// made empty): the run adds one by the POST beside them, its sku a listed product's, and names it.
// Where their words say so, those writes must move the cart's update instant and keep its creation's.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const refused = { description: 'refused', content: json({ type: 'object' }) };
const sku = { type: 'string', pattern: '^[A-Z]{3}-[0-9]{4}$' };
const quantity = { type: 'integer', minimum: 1, maximum: 20 };
const instant = { type: 'string', format: 'date-time', readOnly: true };
const product = { type: 'object', required: ['sku'], properties: { sku } };
const line = { type: 'object', required: ['sku', 'quantity'], properties: { sku, quantity } };
const cart = {
  type: 'object',
  required: ['id', 'lines', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string', readOnly: true },
    lines: { type: 'array', readOnly: true, items: line },
    createdAt: instant,
    updatedAt: instant,
  },
};
const cartId = { name: 'cartId', in: 'path', required: true, schema: { type: 'string' } };
const skuParam = { name: 'sku', in: 'path', required: true, schema: sku };
const touches = (said: boolean) => (said ? " A successful request sets the cart's `updatedAt`." : '');

function document(said: boolean) {
  return contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'carts', version: '1' },
    paths: {
      '/products': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: product }) } } },
      },
      '/products/{sku}': {
        parameters: [skuParam],
        get: { responses: { '200': { description: 'one', content: json(product) }, '404': refused } },
      },
      '/carts': {
        post: { responses: { '201': { description: 'made', content: json(cart) } } },
      },
      '/carts/{cartId}': {
        parameters: [cartId],
        get: { responses: { '200': { description: 'one', content: json(cart) }, '404': refused } },
      },
      '/carts/{cartId}/lines': {
        parameters: [cartId],
        post: {
          operationId: 'addLine',
          description: `Adds a line; its \`sku\` names a product listed by \`GET /products\`, else 422.${touches(said)}`,
          requestBody: { required: true, content: json(line) },
          responses: {
            '201': { description: 'added', content: json(cart) },
            '400': refused,
            '404': refused,
            '422': refused,
          },
        },
      },
      '/carts/{cartId}/lines/{sku}': {
        parameters: [cartId, skuParam],
        patch: {
          operationId: 'updateLine',
          description: `Sets the line's quantity.${touches(said)}`,
          requestBody: {
            required: true,
            content: json({ type: 'object', required: ['quantity'], properties: { quantity } }),
          },
          responses: { '200': { description: 'changed', content: json(cart) }, '400': refused, '404': refused },
        },
        delete: {
          operationId: 'removeLine',
          description: `Removes the line.${touches(said)}`,
          responses: { '204': { description: 'removed' }, '404': refused },
        },
      },
    },
  });
}

type Cart = { id: string; lines: { sku: string; quantity: number }[]; createdAt: string; updatedAt: string };
const PRODUCTS = ['MUG-0420', 'TEA-0310'];
const validQuantity = (value: unknown, most: number) =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= most;

interface Faults {
  /** The largest quantity a PATCH takes (20 is right). */
  readonly most?: number;
  /** A PATCH leaves updatedAt as it was. */
  readonly patchKeepsUpdate?: boolean;
  /** Adding a line stamps createdAt anew. */
  readonly addMovesCreation?: boolean;
}

/** Carts made empty, whose lines name listed products. */
function carts(faults: Faults = {}) {
  const made = new Map<string, Cart>();
  const touch = (found: Cart) => {
    found.updatedAt = new Date().toISOString();
  };
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, sub, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root === 'products' && id === undefined)
      return sendJson(
        res,
        200,
        PRODUCTS.map((s) => ({ sku: s })),
      );
    if (root === 'products' && sub === undefined)
      return PRODUCTS.includes(decodeURIComponent(id!)) ? sendJson(res, 200, { sku: id }) : sendJson(res, 404, {});
    if (root !== 'carts' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined) {
      if (req.method !== 'POST') return sendJson(res, 405, {});
      const now = new Date().toISOString();
      const item = { id: `c${made.size + 1}`, lines: [], createdAt: now, updatedAt: now };
      made.set(item.id, item);
      return sendJson(res, 201, item);
    }
    const found = made.get(decodeURIComponent(id));
    if (!found) return sendJson(res, 404, {});
    if (sub === undefined) return req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 405, {});
    if (sub !== 'lines') return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method !== 'POST') return sendJson(res, 405, {});
      if (!body || typeof body.sku !== 'string' || !validQuantity(body.quantity, 20)) return sendJson(res, 400, {});
      if (Object.keys(body).some((k) => k !== 'sku' && k !== 'quantity')) return sendJson(res, 400, {});
      if (!PRODUCTS.includes(body.sku)) return sendJson(res, 422, {});
      const held = found.lines.find((l) => l.sku === body.sku);
      if (held) held.quantity = Math.min(20, held.quantity + (body.quantity as number));
      else found.lines.push({ sku: body.sku, quantity: body.quantity as number });
      touch(found);
      if (faults.addMovesCreation) found.createdAt = found.updatedAt;
      return sendJson(res, 201, found);
    }
    const entry = found.lines.find((l) => l.sku === decodeURIComponent(key));
    if (!entry) return sendJson(res, 404, {});
    if (req.method === 'DELETE') {
      found.lines = found.lines.filter((l) => l !== entry);
      touch(found);
      return sendJson(res, 204, undefined);
    }
    if (req.method !== 'PATCH') return sendJson(res, 405, {});
    if (!body || !validQuantity(body.quantity, faults.most ?? 20) || Object.keys(body).some((k) => k !== 'quantity'))
      return sendJson(res, 400, {});
    entry.quantity = body.quantity as number;
    if (!faults.patchKeepsUpdate) touch(found);
    return sendJson(res, 200, found);
  };
}

const run = (faults: Faults, said = true) =>
  runConformance({ target: { app: carts(faults) }, contract: document(said), seed: 4, runs: 6 });

const failures = (report: Awaited<ReturnType<typeof run>>) =>
  report.violations.map((v) => `${v.check} ${v.code} ${v.operation}: ${v.message}`);

describe('an entry a new item does not hold yet', () => {
  it('is added first and named, so a correct service passes with each entry success seen', async () => {
    const report = await run({});
    expect(failures(report)).toEqual([]);
    const seen = (id: string) => report.operations.find((o) => o.id === id)?.observedStatuses;
    expect(seen('updateLine')).toContain(200);
    expect(seen('removeLine')).toContain(204);
  });

  it('reaches the body checks behind it: a quantity past the maximum, taken, fails', async () => {
    const report = await run({ most: 1000 });
    expect(report.violations.map((v) => `${v.check} ${v.operation}`)).toContain('negative_data_rejection updateLine');
  });
});

describe('writes below an item whose words say they move its update instant', () => {
  it('fail where a change of a line leaves the update instant as it was', async () => {
    const found = failures(await run({ patchKeepsUpdate: true }));
    expect(found.filter((f) => f.includes('update_instant_not_moved'))).toHaveLength(1);
    expect(found.join('\n')).toContain('PATCH /carts/{cartId}/lines/{sku}');
  });

  it('fail where adding a line stamps the creation instant anew', async () => {
    const found = failures(await run({ addMovesCreation: true }));
    expect(found.some((f) => f.includes('creation_instant_changed'))).toBe(true);
  });

  it('are not judged where their words are silent about it', async () => {
    expect(failures(await run({ patchKeepsUpdate: true }, false))).toEqual([]);
  });
});
