// A child the words make equal to its parent ("`amountCents` must equal the invoice's
// `amountCents`"): the run sends the parent's value, so the payment is made and its life judged,
// where a drawn amount would be refused (422) and the creation never reached. Another amount, sent
// on purpose under an invoice of the run's own, must be refused.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { apiModelOf, contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const amount = { type: 'integer', minimum: 1, maximum: 100000 };
// The service prices the hours: the amount is its own, never one the run could draw by chance.
const invoice = {
  type: 'object',
  required: ['id', 'hours', 'amountCents'],
  properties: {
    id: { type: 'string', readOnly: true },
    hours: { type: 'integer', minimum: 1, maximum: 10 },
    amountCents: { ...amount, readOnly: true },
  },
};
const payment = {
  type: 'object',
  required: ['id', 'amountCents'],
  properties: { id: { type: 'string', readOnly: true }, amountCents: amount },
};
const invoiceId = { name: 'invoiceId', in: 'path', required: true, schema: { type: 'string' } };
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'invoices', version: '1' },
  paths: {
    '/invoices': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: invoice }) } } },
      post: {
        requestBody: { required: true, content: json(invoice) },
        responses: { '201': { description: 'made', content: json(invoice) }, '400': none },
      },
    },
    '/invoices/{invoiceId}': {
      parameters: [invoiceId],
      get: { responses: { '200': { description: 'one', content: json(invoice) }, '404': none } },
    },
    '/invoices/{invoiceId}/payments': {
      parameters: [invoiceId],
      get: {
        responses: { '200': { description: 'all', content: json({ type: 'array', items: payment }) }, '404': none },
      },
      post: {
        description: "Pays the invoice whole: `amountCents` must equal the invoice's `amountCents` (422 otherwise).",
        requestBody: { required: true, content: json(payment) },
        responses: { '201': { description: 'paid', content: json(payment) }, '400': none, '404': none, '422': none },
      },
    },
  },
});

type Fault = 'none' | 'refuses equal' | 'takes any';

function billing(fault: Fault = 'none') {
  const invoices = new Map<string, { id: string; hours: number; amountCents: number }>();
  const payments = new Map<string, { id: string; amountCents: number }[]>();
  const valid = (v: unknown) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 100000;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, child, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'invoices' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...invoices.values()]);
      const hours = body?.hours;
      if (!Number.isInteger(hours) || (hours as number) < 1 || (hours as number) > 10) return sendJson(res, 400, {});
      const made = { id: `inv_${invoices.size + 1}`, hours: hours as number, amountCents: (hours as number) * 7531 };
      invoices.set(made.id, made);
      payments.set(made.id, []);
      return sendJson(res, 201, made);
    }
    const found = invoices.get(decodeURIComponent(id));
    if (!found) return sendJson(res, 404, {});
    if (child === undefined) return sendJson(res, 200, found);
    if (child !== 'payments') return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, payments.get(found.id));
    if (!body || !valid(body.amountCents)) return sendJson(res, 400, {});
    if ((body.amountCents !== found.amountCents && fault !== 'takes any') || fault === 'refuses equal')
      return sendJson(res, 422, { errors: [{ field: 'amountCents', message: 'must equal the invoice amount' }] });
    const made = { id: `pay_${payments.get(found.id)!.length + 1}`, amountCents: body.amountCents as number };
    payments.get(found.id)!.push(made);
    return sendJson(res, 201, made);
  };
}

describe("a member that must equal the parent's", () => {
  it('is read from the words', () => {
    const payments = apiModelOf(contract).resources.find((r) => r.collection.path === '/invoices/{invoiceId}/payments');
    expect(payments?.idioms.parentEquals?.map((rule) => [rule.member, rule.parentMember])).toEqual([
      ['amountCents', 'amountCents'],
    ]);
  });

  it("is sent as the parent's value, so the payment is made and its creation reached", async () => {
    const report = await runConformance({ target: { app: billing() }, contract, seed: 9 });
    expect(report.violations.map((v) => `${v.code} ${v.operation}: ${v.message}`)).toEqual([]);
    const unreached = (report.reach?.unreached ?? []).filter((step) => step.path.includes('payments'));
    expect(report.reach?.notReached ?? []).not.toContain('POST /invoices/{invoiceId}/payments');
    expect(unreached).toEqual([]);
  });

  it('names a service that refuses the equal amount too', async () => {
    const report = await runConformance({ target: { app: billing('refuses equal') }, contract, seed: 9 });
    expect(report.violations.map((v) => `${v.code} ${v.operation}`)).toContain(
      'valid_input_refused POST /invoices/{invoiceId}/payments',
    );
  });

  it("names a service that takes another amount, sent under an invoice of the run's own", async () => {
    const report = await runConformance({ target: { app: billing('takes any') }, contract, seed: 9 });
    const found = report.violations.map((v) => `${v.code}: ${v.message}`);
    expect(found.some((f) => f.startsWith('parent_unequal_accepted') && f.includes('422'))).toBe(true);
  });
});
