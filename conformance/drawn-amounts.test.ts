// Counts of a named item that a write moves by an amount of its own: "reserves `quantity` from the
// part's `stock`" on a line's creation, "gives its `quantity` back" on its deletion, and an amount
// above the stock refused. A service that forgets either move, or takes a short amount, is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const part = {
  type: 'object',
  required: ['sku', 'stock'],
  properties: { sku: { type: 'string' }, stock: { type: 'integer', minimum: 0 } },
};
const line = {
  type: 'object',
  required: ['lineNo', 'sku', 'quantity'],
  properties: {
    lineNo: { type: 'integer', readOnly: true },
    sku: { type: 'string' },
    quantity: { type: 'integer', minimum: 1, maximum: 20 },
  },
};
const lineBody = {
  type: 'object',
  required: ['sku', 'quantity'],
  additionalProperties: false,
  properties: { sku: { type: 'string' }, quantity: { type: 'integer', minimum: 1, maximum: 20 } },
};
const order = { type: 'object', required: ['id'], properties: { id: { type: 'string', readOnly: true } } };
const param = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const missing = { '404': { description: 'none' } };
const document = {
  openapi: '3.0.3',
  info: { title: 'stock', version: '1' },
  paths: {
    '/parts': {
      get: { responses: { '200': { description: 'parts', content: json({ type: 'array', items: part }) } } },
    },
    '/parts/{sku}': {
      parameters: [param('sku')],
      get: { responses: { '200': { description: 'a part', content: json(part) }, ...missing } },
    },
    '/orders': {
      post: { responses: { '201': { description: 'made', content: json(order) } } },
    },
    '/orders/{id}': {
      parameters: [param('id')],
      get: { responses: { '200': { description: 'an order', content: json(order) }, ...missing } },
    },
    '/orders/{id}/lines': {
      parameters: [param('id')],
      get: {
        responses: { '200': { description: 'lines', content: json({ type: 'array', items: line }) }, ...missing },
      },
      post: {
        description:
          "A line reserves `quantity` from the part's `stock`; when the stock is smaller than `quantity` the line is refused with 409.",
        requestBody: { required: true, content: json(lineBody) },
        responses: {
          '201': { description: 'made', content: json(line) },
          '400': { description: 'bad' },
          '409': { description: 'short' },
          ...missing,
        },
      },
    },
    '/orders/{id}/lines/{lineNo}': {
      parameters: [param('id'), { name: 'lineNo', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': { description: 'a line', content: json(line) }, ...missing } },
      delete: {
        description: "Removing a line gives its `quantity` back to the part's `stock`.",
        responses: { '204': { description: 'gone' }, ...missing },
      },
    },
  },
};

type Fault = 'none' | 'keeps-stock' | 'keeps-on-delete' | 'takes-short';

/** Parts with stock 0, 3 and 50; lines under orders move it unless a fault says otherwise. */
function workshop(fault: Fault) {
  const stock = new Map([
    ['AAA', 0],
    ['BBB', 3],
    ['CCC', 50],
  ]);
  const orders = new Map<string, Map<number, { lineNo: number; sku: string; quantity: number }>>();
  let lineNo = 0;
  const send = (res: ServerResponse, status: number, body?: unknown) =>
    body === undefined
      ? res.writeHead(status).end()
      : res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  return (req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const [first, key, sub, no, extra] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
      if (extra) return send(res, 404, {});
      if (first === 'parts') {
        if (req.method !== 'GET') return send(res, 404, {});
        if (!key)
          return send(
            res,
            200,
            [...stock].map(([sku, units]) => ({ sku, stock: units })),
          );
        const units = stock.get(key);
        return units === undefined ? send(res, 404, {}) : send(res, 200, { sku: key, stock: units });
      }
      if (first !== 'orders') return send(res, 404, {});
      if (!key) {
        if (req.method !== 'POST') return send(res, 404, {});
        const id = `o${orders.size + 1}`;
        orders.set(id, new Map());
        return send(res, 201, { id });
      }
      const lines = orders.get(key);
      if (!lines) return send(res, 404, {});
      if (!sub) return req.method === 'GET' ? send(res, 200, { id: key }) : send(res, 404, {});
      if (sub !== 'lines') return send(res, 404, {});
      if (!no && req.method === 'GET') return send(res, 200, [...lines.values()]);
      if (!no && req.method === 'POST') {
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(text);
        } catch {
          return send(res, 400, {});
        }
        const { sku, quantity } = body ?? {};
        const known = typeof sku === 'string' ? stock.get(sku) : undefined;
        const whole = Number.isInteger(quantity) && (quantity as number) >= 1 && (quantity as number) <= 20;
        const extraKeys = Object.keys(body ?? {}).some((name) => name !== 'sku' && name !== 'quantity');
        if (!body || typeof body !== 'object' || !whole || extraKeys || typeof sku !== 'string')
          return send(res, 400, {});
        if (known === undefined) return send(res, 404, {});
        if (known < (quantity as number) && fault !== 'takes-short') return send(res, 409, {});
        if (fault !== 'keeps-stock') stock.set(sku, Math.max(0, known - (quantity as number)));
        const made = { lineNo: ++lineNo, sku, quantity: quantity as number };
        lines.set(made.lineNo, made);
        return send(res, 201, made);
      }
      const made = lines.get(Number(no));
      if (!made) return send(res, 404, {});
      if (req.method === 'GET') return send(res, 200, made);
      if (req.method !== 'DELETE') return send(res, 404, {});
      lines.delete(made.lineNo);
      if (fault !== 'keeps-on-delete') stock.set(made.sku, (stock.get(made.sku) ?? 0) + made.quantity);
      return send(res, 204);
    });
  };
}

const contract = contractFromDocument(document);
const run = (fault: Fault) =>
  runConformance({ target: { app: workshop(fault) }, contract, seed: 5, runs: 5, checks: ['api_idioms_honoured'] });
const codes = async (fault: Fault) => (await run(fault)).violations.map((violation) => violation.code);

describe('counts a write moves on the item it names', () => {
  it('reads the creation taking the amount, the deletion giving it back, and the refusal of a short one', () => {
    const lines = inferApiModel(contract).resources.find(({ collection }) => collection.path.endsWith('/lines'));
    expect(
      lines?.idioms.drawnAmounts?.map(({ operation, via, member, amount, sign, shortStatus }) => ({
        at: operation.method,
        via,
        member,
        amount,
        sign,
        shortStatus,
      })),
    ).toEqual([
      { at: 'POST', via: 'sku', member: 'stock', amount: 'quantity', sign: -1, shortStatus: 409 },
      { at: 'DELETE', via: 'sku', member: 'stock', amount: 'quantity', sign: 1, shortStatus: undefined },
    ]);
  });

  it('reads a creation that adds its amount, the count written plainly (a goods receipt)', () => {
    const receipts = structuredClone(document) as typeof document & { paths: Record<string, unknown> };
    const post = (receipts.paths['/orders/{id}/lines'] as { post: { description: string } }).post;
    post.description = "Records goods arriving and adds `quantity` to the part's stock.";
    const lines = inferApiModel(contractFromDocument(receipts)).resources.find(({ collection }) =>
      collection.path.endsWith('/lines'),
    );
    expect(
      lines?.idioms.drawnAmounts?.map(({ operation, member, amount, sign }) => [
        operation.method,
        member,
        amount,
        sign,
      ]),
    ).toContainEqual(['POST', 'stock', 'quantity', 1]);
  });

  it('passes a service that moves the stock as its words say', async () => {
    expect((await run('none')).violations).toEqual([]);
  });

  it.each([
    ['keeps-stock', 'drawn_amount_off'],
    ['keeps-on-delete', 'drawn_amount_off'],
    ['takes-short', 'short_amount_accepted'],
  ] as const)('names a service that %s', async (fault, code) => {
    expect(await codes(fault)).toContain(code);
  });
});
