// A stock desk whose words explain what its schema cannot state: movements of one type need a
// member the schema leaves optional ("`adjustment`: ... `reason` is required") and refuse one sent
// with another type ("`toWarehouseCode` is only for transfers (`400` when sent with another
// type)"); unknown warehouses are 422 though an earlier clause gives `warehouseCode` a 400 rule;
// a deleted product is "still returned, with `deletedAt` set". A correct desk passes; one that
// answers a deleted product 404 is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const code = { type: 'string', pattern: '^[A-Z]{3}-[0-9]{2}$' };
const product = {
  type: 'object',
  required: ['id', 'name', 'deletedAt'],
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string', minLength: 1, maxLength: 20 },
    deletedAt: { type: 'string', format: 'date-time', nullable: true, readOnly: true },
  },
};
const movement = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'warehouseCode'],
  properties: {
    type: { type: 'string', enum: ['receipt', 'transfer', 'adjustment'] },
    warehouseCode: code,
    toWarehouseCode: code,
    reason: { type: 'string', minLength: 1, maxLength: 20, nullable: true },
  },
};
const recorded = {
  ...movement,
  required: ['id', ...movement.required],
  properties: { id: { type: 'integer', readOnly: true }, ...movement.properties },
};
const idParameter = [{ name: 'productId', in: 'path', required: true, schema: { type: 'integer' } }];
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'stock', version: '1' },
  paths: {
    '/warehouses': {
      get: {
        responses: {
          '200': {
            description: 'all',
            content: json({ type: 'array', items: { type: 'object', properties: { code } } }),
          },
        },
      },
    },
    '/warehouses/{code}': {
      parameters: [{ name: 'code', in: 'path', required: true, schema: code }],
      get: {
        responses: {
          '200': { description: 'one', content: json({ type: 'object', properties: { code } }) },
          '404': { description: 'none' },
        },
      },
    },
    '/products': {
      get: {
        parameters: [{ name: 'includeDeleted', in: 'query', schema: { type: 'boolean' } }],
        responses: { '200': { description: 'all', content: json({ type: 'array', items: product }) } },
      },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['name'],
            properties: { name: product.properties.name },
          }),
        },
        responses: { '201': { description: 'made', content: json(product) }, '400': { description: 'bad' } },
      },
    },
    '/products/{productId}': {
      parameters: idParameter,
      get: {
        description: 'Deleted products are still returned, with `deletedAt` set.',
        responses: { '200': { description: 'one', content: json(product) }, '404': { description: 'none' } },
      },
      delete: {
        description:
          'Marks the product deleted: `deletedAt` is set and it leaves listings unless `includeDeleted=true`.',
        responses: { '204': { description: 'deleted' }, '404': { description: 'none' } },
      },
    },
    '/movements': {
      post: {
        description: [
          '* `transfer`: goods move from `warehouseCode` to `toWarehouseCode`, which is required and must differ from `warehouseCode` (`400` otherwise).',
          '* `adjustment`: a correction in `warehouseCode`. `reason` is required.',
          '',
          '`toWarehouseCode` is only for transfers (`400` when sent with another type). Unknown warehouses are answered with `422`.',
        ].join('\n'),
        requestBody: { required: true, content: json(movement) },
        responses: {
          '201': { description: 'recorded', content: json(recorded) },
          '400': { description: 'bad' },
          '422': { description: 'unknown warehouse' },
        },
      },
    },
    '/movements/{movementId}': {
      parameters: [{ name: 'movementId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': { description: 'one', content: json(recorded) }, '404': { description: 'none' } } },
    },
  },
});

function desk(deletedGone: boolean) {
  const warehouses = ['AMS-01', 'RTM-02'];
  const products: Record<string, unknown>[] = [];
  const movements: Record<string, unknown>[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const url = new URL(req.url ?? '/', 'http://desk');
    const [collection, id] = url.pathname.split('/').filter(Boolean);
    if (collection === 'warehouses') {
      if (!id)
        return send(
          res,
          200,
          warehouses.map((one) => ({ code: one })),
        );
      return warehouses.includes(id) ? send(res, 200, { code: id }) : send(res, 404, {});
    }
    if (collection === 'products') {
      if (!id) {
        if (req.method === 'GET') {
          const all = url.searchParams.get('includeDeleted') === 'true';
          return send(
            res,
            200,
            products.filter((one) => all || one.deletedAt === null),
          );
        }
        const name = body?.name;
        if (
          !body ||
          Object.keys(body).some((key) => key !== 'name') ||
          typeof name !== 'string' ||
          name.length < 1 ||
          [...name].length > 20
        )
          return send(res, 400, {});
        const made = { id: products.length + 1, name, deletedAt: null };
        products.push(made);
        return send(res, 201, made);
      }
      const found = products.find((one) => String(one.id) === id);
      if (!found || (deletedGone && found.deletedAt !== null)) return send(res, 404, {});
      if (req.method === 'GET') return send(res, 200, found);
      if (req.method !== 'DELETE') return send(res, 404, {});
      found.deletedAt ??= new Date().toISOString();
      return send(res, 204);
    }
    if (collection !== 'movements') return send(res, 404, {});
    if (id) {
      const found = movements.find((one) => String(one.id) === id);
      return found && req.method === 'GET' ? send(res, 200, found) : send(res, 404, {});
    }
    if (req.method !== 'POST') return send(res, 404, {});
    const bad = (member: string, message: string) => send(res, 400, { details: [{ field: `/${member}`, message }] });
    if (!body) return bad('', 'must be an object');
    const known = ['type', 'warehouseCode', 'toWarehouseCode', 'reason'];
    const unknown = Object.keys(body).find((key) => !known.includes(key));
    if (unknown) return bad(unknown, 'is not a member');
    const { type, warehouseCode, toWarehouseCode, reason } = body as Record<string, unknown>;
    if (!['receipt', 'transfer', 'adjustment'].includes(String(type))) return bad('type', 'must be one of the types');
    const isCode = (value: unknown) => typeof value === 'string' && /^[A-Z]{3}-[0-9]{2}$/.test(value);
    if (!isCode(warehouseCode)) return bad('warehouseCode', 'must be a code');
    if (toWarehouseCode !== undefined && !isCode(toWarehouseCode)) return bad('toWarehouseCode', 'must be a code');
    if (
      reason !== undefined &&
      reason !== null &&
      (typeof reason !== 'string' || reason.length < 1 || [...reason].length > 20)
    )
      return bad('reason', 'must be 1 to 20 characters');
    if (type === 'adjustment' && (typeof reason !== 'string' || reason === ''))
      return bad('reason', 'is required for an adjustment');
    if (type !== 'transfer' && toWarehouseCode !== undefined) return bad('toWarehouseCode', 'is only for transfers');
    if (type === 'transfer' && (toWarehouseCode === undefined || toWarehouseCode === warehouseCode))
      return bad('toWarehouseCode', 'is required and must differ');
    for (const named of [warehouseCode, toWarehouseCode])
      if (named !== undefined && !warehouses.includes(String(named)))
        return send(res, 422, { message: `No warehouse ${named}` });
    const made = { id: movements.length + 1, ...body };
    movements.push(made);
    return send(res, 201, made);
  };
}

const failures = async (deletedGone: boolean) =>
  (await runConformance({ target: { app: desk(deletedGone) }, contract: document, seed: 21, runs: 8 })).violations
    .filter((v) => v.severity !== 'note')
    .map((v) => `${v.operation} ${v.code}`);

describe('a stock desk whose words explain its refusals', () => {
  it('reads the unknown warehouse as 422 and the deleted product as still readable', () => {
    const model = inferApiModel(document);
    const of = (path: string) => model.resources.find(({ collection }) => collection.path === path)?.idioms;
    expect(of('/movements')?.refusals?.warehouseCode?.status).toBe(422);
    expect(of('/products')?.keptDeletion).toMatchObject({ readable: true, stamp: 'deletedAt' });
  });

  it('passes a desk that keeps its words', async () => {
    expect(await failures(false)).toEqual([]);
  });

  it('names a desk that answers a deleted product 404', async () => {
    expect((await failures(true)).length).toBeGreaterThan(0);
  });
});
