// Lines made below an order by their own creation and read only within it (`GET /orders/{id}`
// holds `lines`; a line has no read of its own), naming products keyed by the `sku` a client
// chooses, which have no list. The run makes the products, adds lines to orders of its own, and
// judges what the words say of them: the price a line copies stays when the product's changes, and
// receiving an order adds each line's quantity to its product's stock. A correct service passes;
// one whose lines follow the current price, or whose receipt leaves the stock, is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const answer = (schema: unknown, description = 'ok') => ({ description, content: json(schema) });
const none = (description: string) => ({ description });
const sku = { type: 'string', pattern: '^[A-Z][A-Z0-9-]{2,15}$' };
const product = {
  type: 'object',
  required: ['sku', 'name', 'unitPriceCents', 'onHand'],
  properties: {
    sku,
    name: { type: 'string', minLength: 1, maxLength: 40 },
    unitPriceCents: { type: 'integer', minimum: 0, maximum: 100000 },
    onHand: { type: 'integer', minimum: 0, readOnly: true, description: 'Units in stock; 0 for a new product.' },
  },
};
const line = {
  type: 'object',
  required: ['lineNo', 'sku', 'quantity', 'unitPriceCents'],
  properties: {
    lineNo: { type: 'integer', readOnly: true },
    sku,
    quantity: { type: 'integer', minimum: 1, maximum: 99 },
    unitPriceCents: {
      type: 'integer',
      readOnly: true,
      description: "The product's `unitPriceCents` when the line was added.",
    },
  },
};
const order = {
  type: 'object',
  required: ['id', 'status', 'lines'],
  properties: {
    id: { type: 'string', readOnly: true },
    status: { type: 'string', enum: ['draft', 'received'], readOnly: true },
    lines: { type: 'array', readOnly: true, items: line },
  },
};
const key = (name: string) => [{ name, in: 'path', required: true, schema: { type: 'string' } }];
const contract = contractFromDocument({
  openapi: '3.1.0',
  info: { title: 'stockroom', version: '1' },
  paths: {
    '/products': {
      post: {
        description: 'Creates a product under the `sku` the client chooses; `409` if the sku is taken.',
        requestBody: { required: true, content: json(product) },
        responses: { '201': answer(product), '400': none('invalid'), '409': none('taken') },
      },
    },
    '/products/{sku}': {
      parameters: key('sku'),
      get: { responses: { '200': answer(product), '404': none('none') } },
      patch: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            properties: { name: product.properties.name, unitPriceCents: product.properties.unitPriceCents },
          }),
        },
        responses: { '200': answer(product), '400': none('invalid'), '404': none('none') },
      },
    },
    '/orders': {
      post: {
        description: 'Creates an order in status `draft` with no lines.',
        responses: { '201': answer(order) },
      },
    },
    '/orders/{orderId}': {
      parameters: key('orderId'),
      get: { responses: { '200': answer(order), '404': none('none') } },
    },
    '/orders/{orderId}/lines': {
      parameters: key('orderId'),
      post: {
        description:
          "Adds a line to a `draft` order; any other status answers `409`. The `sku` must name an existing product, otherwise `422`. The line's `unitPriceCents` is the product's `unitPriceCents` at this moment. Lines are numbered per order starting at 1; a number is never given again within the order, even after its line was removed.",
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['sku', 'quantity'],
            properties: { sku, quantity: line.properties.quantity },
          }),
        },
        responses: {
          '201': answer(line),
          '400': none('invalid'),
          '404': none('none'),
          '409': none('not draft'),
          '422': none('unknown sku'),
        },
      },
    },
    '/orders/{orderId}/lines/{lineNo}': {
      parameters: [...key('orderId'), { name: 'lineNo', in: 'path', required: true, schema: { type: 'integer' } }],
      delete: {
        description: 'Removes a line of a `draft` order; any other status answers `409`.',
        responses: { '204': none('removed'), '404': none('none'), '409': none('not draft') },
      },
    },
    '/orders/{orderId}/receive': {
      parameters: key('orderId'),
      post: {
        description:
          "Moves a `draft` order to `received` and adds each line's `quantity` to the `onHand` of the line's product. Any other status answers `409`.",
        responses: { '200': answer(order), '404': none('none'), '409': none('not draft') },
      },
    },
  },
});

type Fault = 'price-follows' | 'stock-left' | 'number-reused';

function stockroom(fault?: Fault) {
  const products = new Map<string, { sku: string; name: string; unitPriceCents: number; onHand: number }>();
  const orders = new Map<
    string,
    {
      id: string;
      status: string;
      lines: { lineNo: number; sku: string; quantity: number; unitPriceCents: number }[];
      next: number;
    }
  >();
  const view = (o: NonNullable<ReturnType<typeof orders.get>>) => ({
    id: o.id,
    status: o.status,
    lines: o.lines.map((l) =>
      fault === 'price-follows' ? { ...l, unitPriceCents: products.get(l.sku)?.unitPriceCents ?? l.unitPriceCents } : l,
    ),
  });
  const validName = (v: unknown) => typeof v === 'string' && v.length > 0 && [...v].length <= 40;
  const validPrice = (v: unknown) => Number.isInteger(v) && Number(v) >= 0 && Number(v) <= 100000;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const body = parseObject(text);
    const [root, id, sub, lineNo, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0 || (lineNo !== undefined && (root !== 'orders' || sub !== 'lines')))
      return sendJson(res, 404, {});
    if (root === 'products') {
      if (id === undefined) {
        if (req.method !== 'POST') return sendJson(res, 404, {});
        const { sku: code, name, unitPriceCents, ...extra } = body ?? {};
        const keys = Object.keys(extra).filter((k) => k !== 'onHand');
        if (!body || keys.length > 0 || typeof code !== 'string' || !/^[A-Z][A-Z0-9-]{2,15}$/.test(code))
          return sendJson(res, 400, {});
        if (!validName(name) || !validPrice(unitPriceCents)) return sendJson(res, 400, {});
        if (products.has(code)) return sendJson(res, 409, {});
        const made = { sku: code, name: String(name), unitPriceCents: Number(unitPriceCents), onHand: 0 };
        products.set(code, made);
        return sendJson(res, 201, made);
      }
      const found = products.get(decodeURIComponent(id));
      if (!found || sub !== undefined) return sendJson(res, 404, {});
      if (req.method === 'GET') return sendJson(res, 200, found);
      if (req.method !== 'PATCH') return sendJson(res, 404, {});
      if (!body || Object.keys(body).some((k) => k !== 'name' && k !== 'unitPriceCents')) return sendJson(res, 400, {});
      if ('name' in body && !validName(body.name)) return sendJson(res, 400, {});
      if ('unitPriceCents' in body && !validPrice(body.unitPriceCents)) return sendJson(res, 400, {});
      Object.assign(found, body);
      return sendJson(res, 200, found);
    }
    if (root !== 'orders') return sendJson(res, 404, {});
    if (id === undefined) {
      if (req.method !== 'POST') return sendJson(res, 404, {});
      if (text.length > 0 && (!body || Object.keys(body).length > 0)) return sendJson(res, 400, {});
      const made = { id: `o${orders.size + 1}`, status: 'draft', lines: [], next: 1 };
      orders.set(made.id, made);
      return sendJson(res, 201, view(made));
    }
    const found = orders.get(id);
    if (!found) return sendJson(res, 404, {});
    if (sub === undefined) return req.method === 'GET' ? sendJson(res, 200, view(found)) : sendJson(res, 404, {});
    if (lineNo !== undefined) {
      const at = found.lines.findIndex((l) => String(l.lineNo) === lineNo);
      if (req.method !== 'DELETE' || at < 0) return sendJson(res, 404, {});
      if (found.status !== 'draft') return sendJson(res, 409, {});
      found.lines.splice(at, 1);
      return res.writeHead(204).end();
    }
    if (req.method !== 'POST') return sendJson(res, 404, {});
    if (sub === 'receive') {
      if (found.status !== 'draft') return sendJson(res, 409, {});
      found.status = 'received';
      if (fault !== 'stock-left')
        for (const l of found.lines) {
          const item = products.get(l.sku);
          if (item) item.onHand += l.quantity;
        }
      return sendJson(res, 200, view(found));
    }
    if (sub !== 'lines') return sendJson(res, 404, {});
    const { sku: code, quantity, ...extra } = body ?? {};
    if (!body || Object.keys(extra).length > 0 || typeof code !== 'string' || !/^[A-Z][A-Z0-9-]{2,15}$/.test(code))
      return sendJson(res, 400, {});
    if (!Number.isInteger(quantity) || Number(quantity) < 1 || Number(quantity) > 99) return sendJson(res, 400, {});
    if (found.status !== 'draft') return sendJson(res, 409, {});
    const item = products.get(code);
    if (!item) return sendJson(res, 422, {});
    // The fault numbers from the lines held now: a removed last line's number is given again.
    const reused = fault === 'number-reused' ? Math.max(0, ...found.lines.map((l) => l.lineNo)) + 1 : undefined;
    const added = {
      lineNo: reused ?? found.next++,
      sku: code,
      quantity: Number(quantity),
      unitPriceCents: item.unitPriceCents,
    };
    found.lines.push(added);
    return sendJson(res, 201, added);
  };
}

const run = (fault?: Fault) => runConformance({ target: { app: stockroom(fault) }, contract, seed: 7, runs: 5 });

describe('lines below an order, naming products that have no list', () => {
  it('passes a correct stockroom, with its copies and its receipt judged', async () => {
    const result = await run();
    expect(result.violations).toEqual([]);
    const unreached = (result.reach?.unreached ?? []).map((entry) => JSON.stringify(entry)).join('\n');
    expect(unreached).not.toMatch(/copied values|line amounts/);
  });

  it('names a stockroom whose lines follow the product’s current price', async () => {
    const codes = (await run('price-follows')).violations.map((v) => v.code);
    expect(codes).toContain('copy_followed_source');
  });

  it('names a stockroom whose receipt leaves the stock as it was', async () => {
    const codes = (await run('stock-left')).violations.map((v) => v.code);
    expect(codes).toContain('drawn_amount_off');
  });

  it('names a stockroom that gives a removed last line’s number again', async () => {
    const codes = (await run('number-reused')).violations.map((v) => v.code);
    expect(codes).toContain('number_reused');
  });
});
