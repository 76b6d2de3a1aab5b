// A child whose own creation moves its parent out of the state its creation needs: paying an invoice
// makes it `paid`, and only an `open` invoice can be paid ("Only an invoice whose `status` is `open`
// can be paid; paying a `paid` or a `void` invoice is answered `409`"). Payments are listed, not
// read one by one, and named by the `number` the service gives. The run pays an invoice of its own,
// then pays it again, and pays one it voided: both must be refused.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { mockOfContract } from '../fixtures/mock-of-document.js';
import { contractFromDocument, explainedModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const invoice = {
  type: 'object',
  required: ['id', 'title', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    title: { type: 'string', minLength: 1, maxLength: 30 },
    status: { type: 'string', enum: ['open', 'paid', 'void'], readOnly: true },
  },
};
const payment = {
  type: 'object',
  required: ['number', 'method'],
  properties: {
    number: { type: 'integer', minimum: 1, readOnly: true, description: 'Per-invoice sequence number.' },
    method: { type: 'string', enum: ['card', 'cash'] },
  },
};
const invoiceId = [{ name: 'invoiceId', in: 'path', required: true, schema: { type: 'string' } }];
const refused = { description: 'refused', content: json({ type: 'object' }) };
const one = { description: 'one', content: json(invoice) };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'invoices', version: '1' },
  paths: {
    '/invoices': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: invoice }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['title'],
            properties: { title: invoice.properties.title },
          }),
        },
        responses: { '201': one, '400': refused },
      },
    },
    '/invoices/{invoiceId}': { parameters: invoiceId, get: { responses: { '200': one, '404': refused } } },
    '/invoices/{invoiceId}/void': {
      parameters: invoiceId,
      post: {
        description: 'Voids an `open` invoice; any other is answered `409`.',
        responses: { '200': one, '404': refused, '409': refused },
      },
    },
    '/invoices/{invoiceId}/payments': {
      parameters: invoiceId,
      get: {
        responses: {
          '200': { description: 'its payments', content: json({ type: 'array', items: payment }) },
          '404': refused,
        },
      },
      post: {
        description:
          'Pays the invoice.\n\n- Only an invoice whose `status` is `open` can be paid; paying a `paid` or a `void` invoice is answered `409`.\n- On success the invoice becomes `paid`.',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['method'],
            properties: { method: payment.properties.method },
          }),
        },
        responses: {
          '201': { description: 'paid', content: json(payment) },
          '400': refused,
          '404': refused,
          '409': refused,
          '422': refused,
        },
      },
    },
  },
});

type Fault = 'pays-twice' | 'pays-void';

/** The invoice desk, written by hand from the words; `fault` plants one break. */
function desk(fault?: Fault) {
  const invoices = new Map<string, Record<string, unknown>>();
  const payments = new Map<string, Record<string, unknown>[]>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const [, first, id, sub] = (req.url ?? '').split('?')[0]!.split('/');
    const body = parseObject(await readBody(req));
    if (first !== 'invoices') return send(res, 404, {});
    if (id === undefined) {
      if (req.method === 'GET') return send(res, 200, [...invoices.values()]);
      const title = body?.title;
      const valid =
        typeof title === 'string' && title.length >= 1 && title.length <= 30 && Object.keys(body!).length === 1;
      if (req.method !== 'POST' || !valid) return send(res, 400, {});
      const made = { id: `i${invoices.size + 1}`, title, status: 'open' };
      invoices.set(made.id, made);
      payments.set(made.id, []);
      return send(res, 201, made);
    }
    const item = invoices.get(id);
    if (!item) return send(res, 404, {});
    if (sub === undefined) return req.method === 'GET' ? send(res, 200, item) : send(res, 404, {});
    if (sub === 'void' && req.method === 'POST') {
      if (item.status !== 'open') return send(res, 409, {});
      item.status = 'void';
      return send(res, 200, item);
    }
    if (sub !== 'payments') return send(res, 404, {});
    const made = payments.get(id)!;
    if (req.method === 'GET') return send(res, 200, made);
    const method = body?.method;
    if (req.method !== 'POST' || !['card', 'cash'].includes(String(method)) || Object.keys(body!).length !== 1)
      return send(res, 400, {});
    const refusedHere =
      (item.status === 'paid' && fault !== 'pays-twice') || (item.status === 'void' && fault !== 'pays-void');
    if (refusedHere) return send(res, 409, {});
    const paid = { number: made.length + 1, method };
    made.push(paid);
    if (item.status === 'open') item.status = 'paid';
    return send(res, 201, paid);
  };
}

const codesOf = async (fault?: Fault) =>
  (await runConformance({ target: { app: desk(fault) }, contract, seed: 5, runs: 5 })).violations.map((v) => v.code);

describe('a child whose creation moves its parent out of the state it needs', () => {
  it('reads payments as a collection named by `number`, locked to an open invoice by the next clause', () => {
    const model = JSON.parse(explainedModel(contract, undefined, 'json'));
    const payments = model.resources.find((r: { path: string }) => r.path === '/invoices/{invoiceId}/payments');
    expect(payments.id).toEqual(expect.objectContaining({ property: 'number' }));
    // "is `open` can be paid": the state after "is", not the `paid` its verb spells.
    expect(payments.parentLocks).toEqual([
      expect.objectContaining({ member: 'status', allowed: ['open'], status: 409 }),
    ]);
  });

  it('passes the desk written from the words', async () => {
    expect(await codesOf()).toEqual([]);
  });

  it.each<Fault>(['pays-twice', 'pays-void'])('names a desk that breaks it: %s', async (fault) => {
    expect(await codesOf(fault)).toContain('write_under_locked_parent_accepted');
  });

  it('passes the mock of the same document', async () => {
    const app = mockOfContract(contract);
    const result = await runConformance({ target: { app }, contract, seed: 5, runs: 5 });
    expect(result.violations.map((v) => v.code)).toEqual([]);
  });
});
