// Invalid changes of an existing item: a merge patch's null for a member the item must hold (its
// name) is refused, and a member the service keeps (readOnly `stock`, undeclared in the closed
// patch body) sent by the client is refused and not stored, a state (`status`, sent as one of its
// values) too. A service that takes any is named; one that refuses them all passes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const name = { type: 'string', minLength: 1, maxLength: 30 };
const product = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'stock', 'reviewCount', 'createdAt'],
  properties: {
    id: { type: 'string', readOnly: true },
    name,
    note: { type: 'string', maxLength: 40 },
    stock: { type: 'integer', minimum: 0, readOnly: true, description: 'Moved only by receipts.' },
    // More members the service keeps, before the state: the state is probed all the same.
    reviewCount: { type: 'integer', minimum: 0, readOnly: true },
    createdAt: { type: 'string', format: 'date-time', readOnly: true },
    // A state of a shared schema, moved only by actions.
    status: { allOf: [{ type: 'string', enum: ['active', 'retired'] }], readOnly: true, default: 'active' },
  },
};
const patch = {
  type: 'object',
  additionalProperties: false,
  properties: { name, note: { type: 'string', maxLength: 40, nullable: true } },
};

const contractWith = (patchSchema: unknown, item: unknown = product) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'products', version: '1' },
    paths: {
      '/products': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: item }) } } },
        post: {
          requestBody: {
            required: true,
            content: json({ type: 'object', additionalProperties: false, required: ['name'], properties: { name } }),
          },
          responses: { '201': { description: 'made, with no stock', content: json(item) }, '400': none },
        },
      },
      '/products/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: { responses: { '200': { description: 'one', content: json(item) }, '404': none } },
        patch: {
          description: 'A JSON merge patch: null removes `note`; `name` cannot be removed (400).',
          requestBody: { required: true, content: { 'application/merge-patch+json': { schema: patchSchema } } },
          responses: { '200': { description: 'changed', content: json(item) }, '400': none, '404': none },
        },
      },
    },
  });

const contract = contractWith(patch);
// The same patch body declaring `stock` readOnly: a client may send it back, the service ignores it.
const declaringStock = contractWith({ ...patch, properties: { ...patch.properties, stock: product.properties.stock } });

type Fault = 'stock-writable' | 'null-name-taken' | 'stock-ignored' | 'status-writable';

function products(fault?: Fault) {
  const stored = new Map<string, Record<string, unknown>>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const [root, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'products' || rest.length > 0) return sendJson(res, 404, {});
    const body = parseObject(text);
    const named = (value: unknown) => typeof value === 'string' && value.length >= 1 && [...value].length <= 30;
    if (id === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...stored.values()]);
      if (!body || Object.keys(body).join() !== 'name' || !named(body.name)) return sendJson(res, 400, {});
      const made = {
        id: `p${stored.size + 1}`,
        name: body.name,
        stock: 0,
        reviewCount: 0,
        createdAt: new Date().toISOString(),
        status: 'active',
      };
      stored.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = stored.get(id);
    if (!found) return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, found);
    if (req.method !== 'PATCH' || !body) return sendJson(res, 400, {});
    const allowed = [
      'name',
      'note',
      ...(fault === 'stock-writable' || fault === 'stock-ignored' ? ['stock'] : []),
      // A state taken where it is one of the item's (an unknown one is refused like any member).
      ...(fault === 'status-writable' && ['active', 'retired'].includes(String(body.status)) ? ['status'] : []),
    ];
    if (Object.keys(body).some((member) => !allowed.includes(member))) return sendJson(res, 400, {});
    if ('name' in body && !named(body.name) && !(body.name === null && fault === 'null-name-taken'))
      return sendJson(res, 400, {});
    const note = body.note;
    if (note !== undefined && note !== null && !(typeof note === 'string' && [...note].length <= 40))
      return sendJson(res, 400, {});
    if (fault === 'stock-writable' && Number.isInteger(body.stock)) found.stock = body.stock;
    if (fault === 'status-writable' && (body.status === 'active' || body.status === 'retired'))
      found.status = body.status;
    if (body.name === null) delete found.name;
    else if ('name' in body) found.name = body.name;
    if (note === null) delete found.note;
    else if (note !== undefined) found.note = note;
    return sendJson(res, 200, found);
  };
}

// The state not marked readOnly: the closed patch body does not declare it all the same.
const { readOnly: _, ...writableStatus } = product.properties.status;
const plainStatus = contractWith(patch, { ...product, properties: { ...product.properties, status: writableStatus } });

const run = (fault?: Fault) => runConformance({ target: { app: products(fault) }, contract, seed: 5 });

describe('invalid changes of an existing item', () => {
  it('pass a service that refuses a null name and a stock sent by the client', async () => {
    expect((await run()).violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });

  it('pass a service that ignores a stock its patch body declares readOnly', async () => {
    const report = await runConformance({
      target: { app: products('stock-ignored') },
      contract: declaringStock,
      seed: 5,
    });
    expect(report.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });

  it.each(['stock-writable', 'null-name-taken', 'status-writable'] as const)(
    'name a service whose fault is %s',
    async (fault) => {
      expect((await run(fault)).violations.length).toBeGreaterThan(0);
    },
  );

  it('name a service that takes a state the closed patch body does not declare, readOnly or not', async () => {
    const report = await runConformance({
      target: { app: products('status-writable') },
      contract: plainStatus,
      seed: 5,
    });
    expect(report.violations.length).toBeGreaterThan(0);
    const clean = await runConformance({ target: { app: products() }, contract: plainStatus, seed: 5 });
    expect(clean.violations).toEqual([]);
  });
});
