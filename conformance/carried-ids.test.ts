// A payment names its invoice by the invoice's opaque `id` (`invoiceId`), where invoices are read at
// /customers/{customerId}/invoices/{number}: the run finds (or makes) an invoice under a customer and
// names it by its `id`, so payments are made and their scenarios run.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const customer = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string', minLength: 1, maxLength: 20 } },
};
const invoice = {
  type: 'object',
  required: ['id', 'number', 'memo'],
  properties: {
    id: { type: 'string', readOnly: true },
    number: { type: 'integer', readOnly: true },
    memo: { type: 'string', maxLength: 20 },
  },
};
const paymentBody = {
  type: 'object',
  additionalProperties: false,
  required: ['invoiceId', 'amount'],
  properties: { invoiceId: { type: 'string', minLength: 1 }, amount: { type: 'integer', minimum: 1, maximum: 999 } },
};
const payment = {
  type: 'object',
  required: ['id', 'invoiceId', 'amount'],
  properties: { id: { type: 'string', readOnly: true }, ...paymentBody.properties },
};
const customerId = { name: 'customerId', in: 'path', required: true, schema: { type: 'string' } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'billing', version: '1' },
  paths: {
    '/customers': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: customer }) } } },
      post: {
        requestBody: { required: true, content: json({ ...customer, additionalProperties: false }) },
        responses: { '201': { description: 'made', content: json(customer) }, '400': none },
      },
    },
    '/customers/{customerId}': {
      parameters: [customerId],
      get: { responses: { '200': { description: 'one', content: json(customer) }, '404': none } },
    },
    '/customers/{customerId}/invoices': {
      parameters: [customerId],
      get: {
        responses: { '200': { description: 'all', content: json({ type: 'array', items: invoice }) }, '404': none },
      },
      post: {
        requestBody: {
          required: true,
          content: json({ type: 'object', additionalProperties: false, properties: { memo: invoice.properties.memo } }),
        },
        responses: { '201': { description: 'made', content: json(invoice) }, '400': none, '404': none },
      },
    },
    '/customers/{customerId}/invoices/{number}': {
      parameters: [customerId, { name: 'number', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': { description: 'one', content: json(invoice) }, '404': none } },
    },
    '/payments': {
      post: {
        description:
          'Records a payment for the invoice whose `id` is `invoiceId`; an unknown invoice is refused with `422`.',
        requestBody: { required: true, content: json(paymentBody) },
        responses: { '201': { description: 'made', content: json(payment) }, '400': none, '422': none },
      },
    },
    '/payments/{paymentId}': {
      parameters: [{ name: 'paymentId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(payment) }, '404': none } },
    },
  },
});

function billing() {
  const customers = new Map<
    string,
    { id: string; name: string; invoices: { id: string; number: number; memo: string }[] }
  >();
  const payments = new Map<string, Record<string, unknown>>();
  let made = 0;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const sent = parseObject(text);
    const [root, key, sub, number, ...rest] = new URL(req.url ?? '/', 'http://x').pathname.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (root === 'payments') {
      if (key !== undefined) return payments.has(key) ? sendJson(res, 200, payments.get(key)) : sendJson(res, 404, {});
      const valid =
        sent !== undefined &&
        Object.keys(sent).every((name) => name === 'invoiceId' || name === 'amount') &&
        typeof sent.invoiceId === 'string' &&
        sent.invoiceId.length >= 1 &&
        Number.isInteger(sent.amount) &&
        Number(sent.amount) >= 1 &&
        Number(sent.amount) <= 999;
      if (!valid) return sendJson(res, 400, {});
      const known = [...customers.values()].some((one) => one.invoices.some((inv) => inv.id === sent!.invoiceId));
      if (!known) return sendJson(res, 422, {});
      const one = { id: `pay${++made}`, invoiceId: sent!.invoiceId, amount: sent!.amount };
      payments.set(one.id, one);
      return sendJson(res, 201, one);
    }
    if (root !== 'customers') return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET')
        return sendJson(
          res,
          200,
          [...customers.values()].map(({ id, name }) => ({ id, name })),
        );
      const name = sent?.name;
      if (typeof name !== 'string' || name.length < 1 || [...name].length > 20 || Object.keys(sent!).length !== 1)
        return sendJson(res, 400, {});
      const one = { id: `cus${++made}`, name, invoices: [] };
      customers.set(one.id, one);
      return sendJson(res, 201, { id: one.id, name });
    }
    const found = customers.get(key);
    if (!found) return sendJson(res, 404, {});
    if (sub === undefined) return sendJson(res, 200, { id: found.id, name: found.name });
    if (sub !== 'invoices') return sendJson(res, 404, {});
    if (number !== undefined) {
      const inv = found.invoices.find((one) => String(one.number) === number);
      return inv ? sendJson(res, 200, inv) : sendJson(res, 404, {});
    }
    if (req.method === 'GET') return sendJson(res, 200, found.invoices);
    const memo = sent && Object.hasOwn(sent, 'memo') ? sent.memo : '';
    if (!sent || Object.keys(sent).some((n) => n !== 'memo') || typeof memo !== 'string' || [...memo].length > 20)
      return sendJson(res, 400, {});
    const inv = { id: `inv${++made}`, number: found.invoices.length + 1, memo };
    found.invoices.push(inv);
    return sendJson(res, 201, inv);
  };
}

describe('a payment naming its invoice by the id invoices carry beside their number', () => {
  it('names a real invoice, so its scenarios run', async () => {
    const result = await runConformance({ target: { app: billing() }, contract, seed: 2 });
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    const refused = (result.reach?.unreached ?? []).filter(
      (u) => u.path === '/payments' && /refused|succeeded/.test(JSON.stringify(u)),
    );
    expect(refused).toEqual([]);
    // Valid payments name a real invoice: their documented success is seen.
    expect(result.reach?.notReached).not.toContain('POST /payments');
  });
});
