// A value one item at a time may hold, given by a change: a PATCH to another item's code is the
// documented conflict and changes nothing, not even the other member it carried; a PATCH that sends
// the item's own code back takes nothing from anyone and is accepted.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'refused' };
const code = { type: 'string', pattern: '^[A-Z]{3,8}$' };
const name = { type: 'string', minLength: 1, maxLength: 40 };
const customer = {
  type: 'object',
  required: ['id', 'name', 'code'],
  properties: { id: { type: 'string', readOnly: true }, name, code },
};
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: {
    title: 'customers',
    version: '1',
    description: 'A customer `code` is unique among customers: a code another customer holds is `409`.',
  },
  paths: {
    '/customers': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: customer }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({ type: 'object', required: ['name', 'code'], properties: { name, code } }),
        },
        responses: { '201': { description: 'made', content: json(customer) }, '400': none, '409': none },
      },
    },
    '/customers/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(customer) }, '404': none } },
      patch: {
        requestBody: {
          required: true,
          content: json({ type: 'object', additionalProperties: false, properties: { name, code } }),
        },
        responses: {
          '200': { description: 'changed', content: json(customer) },
          '400': none,
          '404': none,
          '409': none,
        },
      },
    },
  },
});

type Fault = 'none' | 'self-conflict' | 'partial';

function customers(fault: Fault) {
  const all = new Map<string, { id: string; name: string; code: string }>();
  const valid = (body: Record<string, unknown>) =>
    (body.name === undefined ||
      (typeof body.name === 'string' && body.name.length > 0 && [...body.name].length <= 40)) &&
    (body.code === undefined || (typeof body.code === 'string' && /^[A-Z]{3,8}$/.test(body.code)));
  const taken = (value: unknown, by?: string) =>
    [...all.values()].some((one) => one.code === value && (fault === 'self-conflict' || one.id !== by));
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'customers' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...all.values()]);
      if (!body || typeof body.name !== 'string' || typeof body.code !== 'string' || !valid(body))
        return sendJson(res, 400, {});
      if (taken(body.code)) return sendJson(res, 409, {});
      const made = { id: `c${all.size + 1}`, name: body.name, code: body.code };
      all.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = all.get(id);
    if (!found) return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, found);
    const known = body && Object.keys(body).every((member) => member === 'name' || member === 'code');
    if (!body || !known || !valid(body)) return sendJson(res, 400, {});
    if (fault === 'partial' && typeof body.name === 'string') found.name = body.name;
    if (body.code !== undefined && taken(body.code, found.id)) return sendJson(res, 409, {});
    Object.assign(found, body);
    return sendJson(res, 200, found);
  };
}

const codesOf = async (fault: Fault) =>
  (await runConformance({ target: { app: customers(fault) }, contract, seed: 6 })).violations.map(
    (violation) => `${violation.code} ${violation.operation}`,
  );

describe('a unique value given by a change', () => {
  it('passes customers whose changes keep codes unique and their own code free', async () => {
    expect(await codesOf('none')).toEqual([]);
  });

  it('names customers refusing a change that keeps their own code', async () => {
    expect(await codesOf('self-conflict')).toContain('own_values_refused PATCH /customers/{id}');
  });

  it('names customers whose refused change still stored its other member', async () => {
    expect(await codesOf('partial')).toContain('change_not_stored GET /customers/{id}');
  });
});
