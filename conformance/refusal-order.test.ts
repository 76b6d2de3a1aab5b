// Invalid input below an item whose state also refuses it, where the words order validation first
// ("Errors, in this order: 401 → 404 → 422 → 409"): the answer is the validation status. A service
// that checks the state first answers 409, and one that skips a rule (any currency taken) hides
// behind it. The payment's amount must equal its order's total, so every case sends the order's:
// with a drawn amount each invalid body was refused for the amount instead, by both servers alike.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';
import type { TestCase } from './model.js';
import { withParentEquals } from './plan/scenarios/parent-equals.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const refused = { description: 'refused', content: json({ type: 'object' }) };
const order = {
  type: 'object',
  required: ['id', 'status', 'totalCents'],
  properties: {
    id: { type: 'string', readOnly: true },
    status: { type: 'string', enum: ['placed', 'paid'], readOnly: true },
    totalCents: { type: 'integer', minimum: 1, readOnly: true },
  },
};
const payment = {
  type: 'object',
  required: ['amountCents', 'currency'],
  properties: {
    id: { type: 'string', readOnly: true },
    amountCents: { type: 'integer', minimum: 1 },
    currency: { type: 'string', enum: ['EUR'] },
  },
};
const orderId = { name: 'orderId', in: 'path', required: true, schema: { type: 'string' }, example: 'ord_1' };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: {
    title: 'orders',
    version: '1',
    description: 'Errors, in this order: `401` → `404` → `422` → `409`.',
  },
  paths: {
    '/orders': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: order }) } } },
    },
    '/orders/{orderId}': {
      parameters: [orderId],
      get: { responses: { '200': { description: 'one', content: json(order) }, '404': refused } },
    },
    '/orders/{orderId}/payments': {
      parameters: [orderId],
      get: {
        responses: { '200': { description: 'all', content: json({ type: 'array', items: payment }) }, '404': refused },
      },
      post: {
        operationId: 'payOrder',
        description: "Pays a placed order. `amountCents` must equal the order's `totalCents`. 409 once it is paid.",
        requestBody: { required: true, content: json(payment) },
        responses: {
          '201': { description: 'paid', content: json(payment) },
          '404': refused,
          '409': refused,
          '422': refused,
        },
      },
    },
  },
});

/** Orders paid once; `anyCurrency` takes every currency text (the fault). */
function shop(anyCurrency: boolean) {
  const orders = new Map([['ord_1', { id: 'ord_1', status: 'placed', totalCents: 900 }]]);
  const payments: Record<string, unknown>[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, sub, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'orders' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined)
      return req.method === 'GET' ? sendJson(res, 200, [...orders.values()]) : sendJson(res, 405, {});
    const found = orders.get(decodeURIComponent(id));
    if (!found) return sendJson(res, 404, {});
    if (sub === undefined) return req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 405, {});
    if (sub !== 'payments') return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, payments);
    const currencyOk = body?.currency === 'EUR' || (anyCurrency && typeof body?.currency === 'string');
    const extra = Object.keys(body ?? {}).filter((key) => !['amountCents', 'currency', 'id'].includes(key));
    const wrong = [
      ...extra,
      ...(body?.amountCents === found.totalCents ? [] : ['amountCents']),
      ...(currencyOk ? [] : ['currency']),
    ];
    if (!body || wrong.length > 0) return sendJson(res, 422, { errors: wrong.map((field) => ({ field })) });
    if (found.status !== 'placed') return sendJson(res, 409, {});
    found.status = 'paid';
    const made = { id: `pay_${payments.length + 1}`, amountCents: body.amountCents, currency: body.currency };
    payments.push(made);
    return sendJson(res, 201, made);
  };
}

const run = (anyCurrency: boolean) =>
  runConformance({
    target: { app: shop(anyCurrency) },
    contract,
    seed: 4,
    runs: 10,
    selection: { include: ['operationId:payOrder'] },
  });

describe('invalid input below an item whose state refuses it too', () => {
  it('passes a service that validates first, as the words order it', async () => {
    const report = await run(false);
    expect(report.violations.map((v) => `${v.code} ${v.operation}: ${v.message}`)).toEqual([]);
    expect(report.operations.find((o) => o.id === 'payOrder')?.observedStatuses).toContain(201);
  });

  it('fails a 409 for a body whose currency is out of its enum', async () => {
    const report = await run(true);
    expect(report.violations.map((v) => `${v.code} ${v.operation}`)).toContain(
      'validation_after_later_status payOrder',
    );
  });
});

describe('withParentEquals', () => {
  const payOrder = contract.operations.find((operation) => operation.id === 'payOrder')!;
  const at = (orderId: string): TestCase =>
    ({
      operation: payOrder,
      kind: 'positive',
      plain: true,
      pathParams: { orderId },
      label: 'a payment',
      payload: { kind: 'json', value: { amountCents: 5, currency: 'EUR' } },
    }) as unknown as TestCase;

  it("sends the parent's values only in cases under that parent", () => {
    const plan = withParentEquals({ cases: [at('ord_1'), at('ord_2')] }, { amountCents: 900 }, { orderId: 'ord_1' });
    const sent = plan.cases.map((one) => (one.payload?.kind === 'json' ? one.payload.value : undefined));
    expect(sent).toEqual([
      { amountCents: 900, currency: 'EUR' },
      { amountCents: 5, currency: 'EUR' },
    ]);
    expect(plan.cases[0]!.knownReferences).toEqual(['amountCents']);
    expect(plan.cases[1]!.knownReferences).toBeUndefined();
  });
});
