// Totals whose rules the document states once, in its overview, not beside each member: "`itemCount`
// is the sum of the quantities of all lines", "`subtotalCents` is the sum of the line totals". The
// runner holds the answers to them (parts named in plain words count there); where the words are
// silent, a count of lines is no fault.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const count = { type: 'integer', minimum: 0, readOnly: true };
const line = {
  type: 'object',
  required: ['quantity', 'unitPriceCents'],
  properties: {
    quantity: { type: 'integer', minimum: 1, maximum: 9 },
    unitPriceCents: { type: 'integer', minimum: 1, maximum: 5000 },
    lineTotalCents: count,
  },
};
const cart = {
  type: 'object',
  required: ['lines'],
  properties: {
    id: { type: 'string', readOnly: true },
    lines: { type: 'array', minItems: 1, maxItems: 4, items: line },
    itemCount: count,
    subtotalCents: count,
  },
};

const RULES = '`itemCount` is the sum of the quantities of all lines. `subtotalCents` is the sum of the line totals.';
const document = (overview: string, cartWords?: string) => {
  const described = cartWords ? { ...cart, description: cartWords } : cart;
  return contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'carts', version: '1', description: overview },
    paths: {
      '/carts': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: described }) } } },
        post: {
          requestBody: { required: true, content: json(cart) },
          responses: { '201': { description: 'made', content: json(described) }, '400': { description: 'refused' } },
        },
      },
      '/carts/{cartId}': {
        parameters: [{ name: 'cartId', in: 'path', required: true, schema: { type: 'string' } }],
        get: { responses: { '200': { description: 'one', content: json(described) }, '404': { description: 'none' } } },
      },
    },
  });
};

type Line = { quantity: number; unitPriceCents: number };
const isLine = (value: unknown): value is Line => {
  const { quantity: q, unitPriceCents: p } = (value ?? {}) as Record<string, unknown>;
  return (
    Number.isInteger(q) &&
    Number.isInteger(p) &&
    (q as number) >= 1 &&
    (q as number) <= 9 &&
    (p as number) >= 1 &&
    (p as number) <= 5000
  );
};

/** Carts; `countsLines` gives itemCount as the number of lines (the fault). */
function carts(countsLines: boolean) {
  const made: Record<string, unknown>[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'carts' || rest.length > 0) return sendJson(res, 404, {});
    if (id !== undefined) {
      const found = made.find((one) => one.id === decodeURIComponent(id));
      return found && req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 404, {});
    }
    if (req.method === 'GET') return sendJson(res, 200, made);
    const sent = body?.lines;
    if (!Array.isArray(sent) || sent.length < 1 || sent.length > 4 || !sent.every(isLine))
      return sendJson(res, 400, {});
    const lines = sent.map(({ quantity, unitPriceCents }) => ({
      quantity,
      unitPriceCents,
      lineTotalCents: quantity * unitPriceCents,
    }));
    const units = lines.reduce((sum, one) => sum + one.quantity, 0);
    const item = {
      id: `c${made.length + 1}`,
      lines,
      itemCount: countsLines ? lines.length : units,
      subtotalCents: lines.reduce((sum, one) => sum + one.lineTotalCents, 0),
    };
    made.push(item);
    return sendJson(res, 201, item);
  };
}

const sums = async (overview: string, countsLines: boolean, cartWords?: string) => {
  const report = await runConformance({
    target: { app: carts(countsLines) },
    contract: document(overview, cartWords),
    seed: 2,
    runs: 8,
  });
  return report.violations.map((v) => `${v.code} ${v.message}`);
};

describe("totals the overview's words define", () => {
  it('pass a service whose totals add up', async () => {
    expect(await sums(RULES, false)).toEqual([]);
  });

  it('fail an item count that counts lines, not quantities', async () => {
    expect((await sums(RULES, true)).join('\n')).toMatch(/sum_not_adding_up .*itemCount/);
  });

  it("read the rule in the item schema's own description, a list of its members", async () => {
    const words = 'A cart. All members are computed:\n\n- `itemCount` is the sum of the `quantity` of all lines.';
    expect((await sums('Carts hold lines.', true, words)).join('\n')).toMatch(/sum_not_adding_up .*itemCount/);
    expect(await sums('Carts hold lines.', false, words)).toEqual([]);
  });

  it('leave the count open where the words do not define it', async () => {
    expect(await sums('Carts hold lines.', true)).toEqual([]);
  });
});
