// A reference the words allow only to items with a flag set ("`categoryId` must name an existing
// category with `active: true`, else `422`"), where the client cannot add to that collection (the
// service seeds the categories): a listed inactive category is named, and must be refused.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const error = json({ type: 'object', required: ['message'], properties: { message: { type: 'string' } } });
const category = {
  type: 'object',
  required: ['id', 'name', 'active'],
  properties: { id: { type: 'string' }, name: { type: 'string' }, active: { type: 'boolean' } },
};
const expense = {
  type: 'object',
  required: ['id', 'categoryId', 'amount'],
  properties: {
    id: { type: 'string', readOnly: true },
    categoryId: { type: 'string' },
    amount: { type: 'integer', minimum: 1, maximum: 100000 },
  },
};
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'expenses', version: '1' },
  paths: {
    '/categories': {
      get: { responses: { '200': { description: 'all, seeded', content: json({ type: 'array', items: category }) } } },
    },
    '/categories/{categoryId}': {
      parameters: [{ name: 'categoryId', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        responses: {
          '200': { description: 'one', content: json(category) },
          '404': { description: 'none', content: error },
        },
      },
    },
    '/expenses': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: expense }) } } },
      post: {
        description: '`categoryId` must name an existing category with `active: true`, else `422`.',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['categoryId', 'amount'],
            properties: { categoryId: expense.properties.categoryId, amount: expense.properties.amount },
          }),
        },
        responses: {
          '201': { description: 'made', content: json(expense) },
          '400': { description: 'bad', content: error },
          '422': { description: 'no such active category', content: error },
        },
      },
    },
  },
});

/** Seeded categories, one inactive; with the fault, an inactive one is taken. */
function expenses(fault: boolean) {
  const categories = [
    { id: 'cat_travel', name: 'Travel', active: true },
    { id: 'cat_meals', name: 'Meals', active: true },
    { id: 'cat_legacy', name: 'Legacy', active: false },
  ];
  const all: Record<string, unknown>[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, { message: 'no such path' });
    if (root === 'categories' && req.method === 'GET') {
      if (id === undefined) return sendJson(res, 200, categories);
      const found = categories.find((one) => one.id === id);
      return found ? sendJson(res, 200, found) : sendJson(res, 404, { message: 'no such category' });
    }
    if (root !== 'expenses' || id !== undefined) return sendJson(res, 404, { message: 'no such path' });
    if (req.method === 'GET') return sendJson(res, 200, all);
    const amount = body?.amount;
    const valid =
      body &&
      Object.keys(body).sort().join() === 'amount,categoryId' &&
      typeof body.categoryId === 'string' &&
      Number.isInteger(amount) &&
      (amount as number) >= 1 &&
      (amount as number) <= 100000;
    if (!valid) return sendJson(res, 400, { message: 'bad expense' });
    const named = categories.find((one) => one.id === body!.categoryId);
    if (!named || (!named.active && !fault)) return sendJson(res, 422, { message: 'no such active category' });
    const made = { id: `e${all.length + 1}`, categoryId: named.id, amount };
    all.push(made);
    return sendJson(res, 201, made);
  };
}

const run = (fault: boolean) => runConformance({ target: { app: expenses(fault) }, contract, seed: 4 });

describe('a reference allowed only to items with a flag set, in a collection the service seeds', () => {
  it('reads the flag and its value from the words', () => {
    const rules = inferApiModel(contract).resources.find((r) => r.collection.path === '/expenses')?.idioms
      .referenceStates;
    expect(rules).toEqual([
      expect.objectContaining({ member: 'categoryId', stateMember: 'active', allowed: [true], status: 422 }),
    ]);
  });

  it('passes a service that refuses an inactive category', async () => {
    expect((await run(false)).violations.map((v) => `${v.code} ${v.operation}: ${v.message}`)).toEqual([]);
  });

  it('names a service that takes an inactive category', async () => {
    const found = (await run(true)).violations.filter((v) => v.operation === 'POST /expenses');
    expect(found.length).toBeGreaterThan(0);
  });
});
