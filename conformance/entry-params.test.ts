// An operation on an entry of an item (PATCH /carts/{cartId}/lines/{lineNo}) names an entry the
// run's own item holds, read from the item's answer: with a drawn line number every case met a 404,
// and a quantity above the documented maximum, taken, went unseen.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';
import { entryParams } from './plan/entry-params.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const refused = { description: 'refused', content: json({ type: 'object' }) };
const quantity = { type: 'integer', minimum: 1, maximum: 20 };
const line = {
  type: 'object',
  required: ['lineNo', 'quantity'],
  properties: { lineNo: { type: 'integer', minimum: 1, readOnly: true }, quantity },
};
const cart = {
  type: 'object',
  required: ['id', 'lines'],
  properties: { id: { type: 'string', readOnly: true }, lines: { type: 'array', items: line } },
};
const cartId = { name: 'cartId', in: 'path', required: true, schema: { type: 'string' } };
const lineNo = { name: 'lineNo', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'carts', version: '1' },
  paths: {
    '/carts': {
      post: {
        requestBody: { required: true, content: json(cart) },
        responses: { '201': { description: 'made', content: json(cart) }, '400': refused },
      },
    },
    '/carts/{cartId}': {
      parameters: [cartId],
      get: { responses: { '200': { description: 'one', content: json(cart) }, '404': refused } },
    },
    '/carts/{cartId}/lines/{lineNo}': {
      parameters: [cartId, lineNo],
      patch: {
        operationId: 'updateLine',
        requestBody: {
          required: true,
          content: json({ type: 'object', required: ['quantity'], properties: { quantity } }),
        },
        responses: { '200': { description: 'changed', content: json(cart) }, '400': refused, '404': refused },
      },
    },
  },
});

type Cart = { id: string; lines: { lineNo: number; quantity: number }[] };
const validQuantity = (value: unknown, most: number) =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= most;

/** Carts whose lines are numbered from 1; `most` is the largest quantity a change takes (20 is right). */
function carts(most: number) {
  const made = new Map<string, Cart>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, sub, number, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'carts' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined) {
      if (req.method !== 'POST') return sendJson(res, 405, {});
      const lines = Array.isArray(body?.lines) ? (body.lines as Record<string, unknown>[]) : undefined;
      if (!body || !lines || lines.some((l) => !validQuantity(l?.quantity, 20))) return sendJson(res, 400, {});
      const item = {
        id: `c${made.size + 1}`,
        lines: lines.map((l, i) => ({ lineNo: i + 1, quantity: l.quantity as number })),
      };
      made.set(item.id, item);
      return sendJson(res, 201, item);
    }
    const found = made.get(decodeURIComponent(id));
    if (!found) return sendJson(res, 404, {});
    if (sub === undefined) return req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 405, {});
    const entry = sub === 'lines' ? found.lines.find((l) => String(l.lineNo) === number) : undefined;
    if (!entry) return sendJson(res, 404, {});
    if (req.method !== 'PATCH') return sendJson(res, 405, {});
    if (!body || !validQuantity(body.quantity, most) || Object.keys(body).some((k) => k !== 'quantity'))
      return sendJson(res, 400, {});
    entry.quantity = body.quantity as number;
    return sendJson(res, 200, found);
  };
}

const run = (most: number) =>
  runConformance({
    target: { app: carts(most) },
    contract,
    seed: 9,
    runs: 10,
    selection: { include: ['operationId:updateLine'] },
  });

describe('an operation on an entry of an item the run made', () => {
  it('names an entry the item holds, so a correct service passes with its success seen', async () => {
    const report = await run(20);
    expect(report.violations.map((v) => `${v.code} ${v.operation}: ${v.message}`)).toEqual([]);
    expect(report.operations.find((o) => o.id === 'updateLine')?.observedStatuses).toContain(200);
  });

  it('reaches the body checks behind the entry: a quantity past the maximum, taken, fails', async () => {
    const report = await run(1000);
    expect(report.violations.map((v) => `${v.check} ${v.operation}`)).toContain('negative_data_rejection updateLine');
  });
});

describe('entryParams', () => {
  const item = { id: 'c1', lines: [{ lineNo: 3, quantity: 1 }], 'line-items': [{ id: 'li_9' }] };

  it("reads the first entry's member of the parameter's name, across case and separators", () => {
    expect(entryParams('/carts/{cartId}/lines/{lineNo}', 'cartId', item)).toEqual({ lineNo: '3' });
    expect(entryParams('/carts/{cartId}/lines/{line_no}', 'cartId', item)).toEqual({ line_no: '3' });
  });

  it("falls back on the entry's id", () => {
    expect(entryParams('/carts/{cartId}/lineItems/{lineItemId}', 'cartId', item)).toEqual({ lineItemId: 'li_9' });
  });

  it('gives nothing where the item holds no such entries, or no parameter follows', () => {
    expect(entryParams('/carts/{cartId}/notes/{noteId}', 'cartId', item)).toEqual({});
    expect(entryParams('/carts/{cartId}/lines', 'cartId', item)).toEqual({});
    expect(entryParams('/carts/{cartId}/lines/{lineNo}', 'cartId', { id: 'c1', lines: [] })).toEqual({});
    expect(entryParams('/carts/{cartId}/lines/{lineNo}', 'orderId', item)).toEqual({});
  });
});
