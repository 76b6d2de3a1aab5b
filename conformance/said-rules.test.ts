// A refusal that points at a member the words rule over other data ("`quantity` must be at most the
// event's `maxPerOrder`") is a note: the run drew the value from the schema alone. A refusal pointing
// at a member whose words rule it alone ("`note` must be at most 40 characters"), for a value the
// rule allows, stays a failure.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const orderInput = {
  type: 'object',
  additionalProperties: false,
  required: ['quantity'],
  properties: {
    quantity: { type: 'integer', minimum: 1, maximum: 20 },
    note: { type: 'string', maxLength: 40 },
  },
};
const order = {
  type: 'object',
  required: ['id', 'quantity'],
  properties: { id: { type: 'integer', readOnly: true }, ...orderInput.properties },
};

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'orders', version: '1' },
  paths: {
    '/orders': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: order }) } } },
      post: {
        description:
          "Orders seats. `quantity` must be at most the shop's `maxPerOrder`, 6 today (`422`, pointer `/quantity`). `note` must be at most 40 characters.",
        requestBody: { required: true, content: json(orderInput) },
        responses: { '201': { description: 'made', content: json(order) }, '400': none, '422': none },
      },
    },
    '/orders/{orderId}': {
      parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': { description: 'one', content: json(order) }, '404': none } },
    },
  },
});

/** `shortNotes` plants the fault: notes past 10 characters refused, pointing at `note` (or, without
 * `pointers`, naming it in the refusal's detail only; `bare`: naming nothing). */
function shop(shortNotes = false, pointers: boolean | 'bare' = true) {
  const orders: Record<string, unknown>[] = [];
  const refuse = (res: ServerResponse, pointer: string) =>
    sendJson(
      res,
      422,
      pointers === 'bare'
        ? { message: 'The request cannot be processed.' }
        : pointers
          ? { errors: [{ pointer, message: 'not allowed' }] }
          : { detail: `${pointer.slice(1)} is not allowed` },
    );
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'orders' || rest.length > 0) return sendJson(res, 404, {});
    if (id !== undefined) {
      const found = orders.find((one) => String(one.id) === id);
      return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
    }
    if (req.method === 'GET') return sendJson(res, 200, orders);
    const { quantity, note } = body ?? {};
    const valid =
      body !== undefined &&
      Object.keys(body).every((key) => key === 'quantity' || key === 'note') &&
      Number.isInteger(quantity) &&
      Number(quantity) >= 1 &&
      Number(quantity) <= 20 &&
      (note === undefined || (typeof note === 'string' && [...note].length <= 40));
    if (!valid) return sendJson(res, 400, {});
    if (Number(quantity) > 6) return refuse(res, '/quantity');
    if (shortNotes && typeof note === 'string' && [...note].length > 10) return refuse(res, '/note');
    const made = { id: orders.length + 1, quantity, ...(note === undefined ? {} : { note }) };
    orders.push(made);
    return sendJson(res, 201, made);
  };
}

const run = (fault?: boolean, pointers?: boolean | 'bare') =>
  runConformance({ target: { app: shop(fault, pointers) }, contract, seed: 12 });

describe('a refusal pointing at a member the words rule', () => {
  it('over other data is a note', async () => {
    const result = await run();
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect(result.notes?.map((note) => note.code)).toContain('said_rule_refused');
  });

  it('alone stays a failure for a value the rule allows', async () => {
    const refused = (await run(true)).violations.filter((v) => v.code === 'valid_input_refused');
    expect(refused.map((v) => v.operation)).toContain('POST /orders');
  });

  it("named only in the refusal's words is read the same way", async () => {
    const fair = await run(false, false);
    expect(fair.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect(fair.notes?.map((note) => note.code)).toContain('said_rule_refused');
    const refused = (await run(true, false)).violations.filter((v) => v.code === 'valid_input_refused');
    expect(refused.map((v) => v.operation)).toContain('POST /orders');
  });

  it('naming nothing, with the status the ruling words give, is read as about the ruled member', async () => {
    const fair = await run(false, 'bare');
    expect(fair.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect(fair.notes?.map((note) => note.code)).toContain('said_rule_refused');
  });
});
