// An item a creation may name only in some states, moved out of them by a change rather than an
// action ("Setting `status` to `inactive` ..." through PATCH): the run makes a supplier, sets it
// `inactive` and names it in an order. A desk that takes an order for it is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const name = { type: 'string', minLength: 1, maxLength: 20 };
const status = { type: 'string', enum: ['active', 'inactive'] };
const supplier = {
  type: 'object',
  required: ['id', 'name', 'status'],
  properties: { id: { type: 'string', readOnly: true }, name, status },
};
const order = {
  type: 'object',
  required: ['id', 'supplierId'],
  properties: { id: { type: 'string', readOnly: true }, supplierId: { type: 'string' } },
};
const closed = (properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});
const id = (param: string) => [{ name: param, in: 'path', required: true, schema: { type: 'string' } }];
const list = (item: unknown) => ({ description: 'all', content: json({ type: 'array', items: item }) });

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'buying', version: '1' },
  paths: {
    '/suppliers': {
      get: { responses: { '200': list(supplier) } },
      post: {
        requestBody: { required: true, content: json(closed({ name }, ['name'])) },
        responses: { '201': { description: 'made', content: json(supplier) }, '400': none },
      },
    },
    '/suppliers/{supplierId}': {
      parameters: id('supplierId'),
      get: { responses: { '200': { description: 'one', content: json(supplier) }, '404': none } },
      patch: {
        description: 'Changes the members sent. Setting `status` to `inactive` stops new orders.',
        requestBody: { required: true, content: json(closed({ name, status }, [])) },
        responses: { '200': { description: 'changed', content: json(supplier) }, '400': none, '404': none },
      },
    },
    '/orders': {
      get: { responses: { '200': list(order) } },
      post: {
        description:
          'Raises an order. The supplier must exist and be `active`; otherwise the request is refused with `422`.',
        requestBody: { required: true, content: json(closed({ supplierId: { type: 'string' } }, ['supplierId'])) },
        responses: { '201': { description: 'raised', content: json(order) }, '400': none, '422': none },
      },
    },
    '/orders/{orderId}': {
      parameters: id('orderId'),
      get: { responses: { '200': { description: 'one', content: json(order) }, '404': none } },
    },
  },
});

function desk(ordersFromInactive = false) {
  const suppliers = new Map<string, { id: string; name: string; status: string }>();
  const orders = new Map<string, { id: string; supplierId: string }>();
  let last = 0;
  const named = (value: unknown) => typeof value === 'string' && [...value].length >= 1 && [...value].length <= 20;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (root === 'suppliers') {
      if (key === undefined && req.method === 'GET') return sendJson(res, 200, [...suppliers.values()]);
      if (key === undefined) {
        if (!body || Object.keys(body).some((m) => m !== 'name') || !named(body.name)) return sendJson(res, 400, {});
        const made = { id: `s${++last}`, name: String(body.name), status: 'active' };
        suppliers.set(made.id, made);
        return sendJson(res, 201, made);
      }
      const found = suppliers.get(decodeURIComponent(key));
      if (!found) return sendJson(res, 404, {});
      if (req.method === 'PATCH') {
        const valid =
          body !== undefined &&
          Object.keys(body).every((m) => m === 'name' || m === 'status') &&
          (body.name === undefined || named(body.name)) &&
          (body.status === undefined || body.status === 'active' || body.status === 'inactive');
        if (!valid) return sendJson(res, 400, {});
        Object.assign(found, body);
      }
      return sendJson(res, 200, found);
    }
    if (root !== 'orders') return sendJson(res, 404, {});
    if (key !== undefined) return orders.has(key) ? sendJson(res, 200, orders.get(key)) : sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, [...orders.values()]);
    if (!body || Object.keys(body).some((m) => m !== 'supplierId') || typeof body.supplierId !== 'string')
      return sendJson(res, 400, {});
    const supplierNamed = suppliers.get(body.supplierId);
    if (!supplierNamed || (supplierNamed.status !== 'active' && !ordersFromInactive)) return sendJson(res, 422, {});
    const made = { id: `o${++last}`, supplierId: body.supplierId };
    orders.set(made.id, made);
    return sendJson(res, 201, made);
  };
}

const run = (fault?: boolean) => runConformance({ target: { app: desk(fault) }, contract, seed: 6 });

describe('a named item moved out of its allowed state by a change', () => {
  it('passes a desk that refuses an order for an inactive supplier, with the step run', async () => {
    const result = await run();
    expect(result.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    const unreached = (result.reach?.unreached ?? []).flatMap(({ steps }) => steps);
    expect(unreached).not.toContain('supplierId outside active refused');
  });

  it('names a desk that takes an order for an inactive supplier', async () => {
    const found = (await run(true)).violations.filter((v) => v.code === 'unknown_reference_accepted');
    expect(found.map((v) => v.message).join('\n')).toMatch(/supplierId/);
  });
});
