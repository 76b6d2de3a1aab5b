// A filtered list's total is the number of items the filter matches: walked filtered once the run's
// writes are done, a total of every item is named (list_total_mismatch); a correct desk passes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const orderOf = (status: unknown) => ({
  type: 'object',
  required: ['id', 'name', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', minLength: 1, maxLength: 20 },
    status,
  },
});
const order = orderOf({ type: 'string', enum: ['open', 'closed'], readOnly: true });
const orderId = [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string' } }];
const query = (name: string, schema: unknown) => ({ name, in: 'query', schema });
const documentOf = (order: ReturnType<typeof orderOf>, closable: boolean) => ({
  openapi: '3.1.0',
  info: { title: 'orders', version: '1' },
  paths: {
    '/orders': {
      get: {
        description:
          'Orders matching `status`, in order of creation. `totalItems` is the number of orders matching the filter.',
        parameters: [
          query('page', { type: 'integer', minimum: 1, default: 1 }),
          query('pageSize', { type: 'integer', minimum: 1, maximum: 50, default: 20 }),
          query('status', { type: 'string', enum: ['open', 'closed'] }),
        ],
        responses: {
          '200': {
            description: 'a page',
            content: json({
              type: 'object',
              required: ['items', 'page', 'pageSize', 'totalItems'],
              properties: {
                items: { type: 'array', items: order },
                page: { type: 'integer' },
                pageSize: { type: 'integer' },
                totalItems: { type: 'integer' },
              },
            }),
          },
          '400': { description: 'bad' },
        },
      },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['name'],
            properties: { name: order.properties.name },
          }),
        },
        responses: { '201': { description: 'made', content: json(order) }, '400': { description: 'bad' } },
      },
    },
    '/orders/{orderId}': {
      parameters: orderId,
      get: { responses: { '200': { description: 'one', content: json(order) }, '404': { description: 'none' } } },
    },
    ...(closable
      ? {
          '/orders/{orderId}/close': {
            parameters: orderId,
            post: {
              description: 'Only from `open`. The order becomes `closed`.',
              responses: {
                '200': { description: 'closed', content: json(order) },
                '404': { description: 'none' },
                '409': { description: 'closed already' },
              },
            },
          },
        }
      : {}),
  },
});
const document = contractFromDocument(documentOf(order, true));
// Orders nothing closes, their state's enum wrapped beside its words (`allOf: [OrderStatus]`): the
// walk filtered by the state none holds is what shows a total of every item.
const allOpen = contractFromDocument(
  documentOf(
    orderOf({ allOf: [{ type: 'string', enum: ['open', 'closed'] }], readOnly: true, description: 'open when made' }),
    false,
  ),
);

/** An order desk; `totalOfAll` plants the fault: totalItems counts every order, whatever the filter;
 * `'page'`, another: totalItems counts the page's own items after the first page. */
function desk(totalOfAll: boolean | 'page' = false) {
  const orders: Record<string, unknown>[] = [];
  const send = sendJson;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const url = new URL(req.url ?? '/', 'http://desk');
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] !== 'orders') return send(res, 404, {});
    if (parts.length === 1 && req.method === 'GET') {
      const numbers = ['page', 'pageSize'].map((name) => url.searchParams.get(name));
      if (numbers.some((n) => n !== null && !/^[1-9]\d{0,3}$/.test(n))) return send(res, 400, {});
      const page = Number(numbers[0] ?? 1);
      const size = Number(numbers[1] ?? 20);
      const status = url.searchParams.get('status');
      if (size > 50 || (status !== null && !['open', 'closed'].includes(status))) return send(res, 400, {});
      const matching = orders.filter((one) => status === null || one.status === status);
      const items = matching.slice((page - 1) * size, page * size);
      const counted = totalOfAll === 'page' && page > 1 ? items.length : matching.length;
      const totalItems = totalOfAll === true ? orders.length : counted;
      return send(res, 200, { items, page, pageSize: size, totalItems });
    }
    if (parts.length === 1 && req.method === 'POST') {
      const name = body?.name;
      if (!body || Object.keys(body).some((key) => key !== 'name') || typeof name !== 'string')
        return send(res, 400, {});
      if (name.length < 1 || [...name].length > 20) return send(res, 400, {});
      const made = { id: `o${orders.length + 1}`, name, status: 'open' };
      orders.push(made);
      return send(res, 201, made);
    }
    const found = orders.find((one) => one.id === parts[1]);
    if (!found) return send(res, 404, {});
    if (parts.length === 2 && req.method === 'GET') return send(res, 200, found);
    if (parts[2] === 'close' && req.method === 'POST') {
      if (found.status !== 'open') return send(res, 409, {});
      found.status = 'closed';
      return send(res, 200, found);
    }
    return send(res, 404, {});
  };
}

const run = (totalOfAll?: boolean | 'page', contract = document) =>
  runConformance({ target: { app: desk(totalOfAll) }, contract, seed: 4, runs: 5 });
const codes = (result: Awaited<ReturnType<typeof run>>) => result.violations.map((v) => v.code);

describe("a filtered list's total", () => {
  it('passes a desk whose total counts the matches', async () => {
    expect(codes(await run())).not.toContain('list_total_mismatch');
  });

  it('names a desk whose total counts every item, whatever the filter', async () => {
    expect(codes(await run(true))).toContain('list_total_mismatch');
  });

  it("names a desk whose total is each later page's own count", async () => {
    expect(codes(await run('page'))).toContain('list_total_mismatch');
  });

  it('names it where every order is in one state, walking by the state none holds', async () => {
    expect(codes(await run(false, allOpen))).not.toContain('list_total_mismatch');
    expect(codes(await run(true, allOpen))).toContain('list_total_mismatch');
  });
});
