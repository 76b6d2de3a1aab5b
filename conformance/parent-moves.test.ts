// A child whose creation's words move its parent's state ("The invoice's `status` becomes `paid`"):
// under a parent of the run's own, one child is made and the parent read again. A service that
// records the payment but leaves the invoice open, or paid without its `paidAt`, is named. A state
// only a child reaches is reached so for the actions it refuses: a paid invoice voided is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const refused = { description: 'refused', content: json({ type: 'object' }) };
const id = { type: 'string', readOnly: true };
const invoice = {
  type: 'object',
  required: ['id', 'title', 'status', 'paidAt'],
  properties: {
    id,
    title: { type: 'string', minLength: 1, maxLength: 20 },
    status: { type: 'string', enum: ['open', 'paid', 'void'], readOnly: true },
    paidAt: { type: 'string', format: 'date-time', nullable: true, readOnly: true },
  },
};
const payment = {
  type: 'object',
  required: ['id', 'method'],
  properties: { id, method: { type: 'string', enum: ['card', 'cash'] } },
};
const param = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'invoices', version: '1' },
  paths: {
    '/invoices': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: invoice }) } } },
      post: {
        requestBody: { required: true, content: json(invoice) },
        responses: { '201': { description: 'made', content: json(invoice) }, '400': refused },
      },
    },
    '/invoices/{invoiceId}': {
      parameters: [param('invoiceId')],
      get: { responses: { '200': { description: 'one', content: json(invoice) }, '404': refused } },
    },
    '/invoices/{invoiceId}/void': {
      parameters: [param('invoiceId')],
      post: {
        description:
          'Only an invoice whose `status` is `open` can be voided; voiding a `paid` invoice is answered `409`.',
        responses: { '200': { description: 'voided', content: json(invoice) }, '409': refused },
      },
    },
    '/invoices/{invoiceId}/payments': {
      parameters: [param('invoiceId')],
      get: {
        responses: { '200': { description: 'all', content: json({ type: 'array', items: payment }) }, '404': refused },
      },
      post: {
        description: "Records a payment. On success the invoice's `status` becomes `paid` and its `paidAt` is set.",
        requestBody: { required: true, content: json(payment) },
        responses: {
          '201': { description: 'paid', content: json(payment) },
          '400': refused,
          '404': refused,
          '409': refused,
        },
      },
    },
  },
});

type Fault = 'none' | 'stays open' | 'no paidAt' | 'voids paid';

function invoices(fault: Fault) {
  const made = new Map<string, Record<string, unknown>>();
  const payments = new Map<string, Record<string, unknown>[]>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, at, sub, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'invoices' || rest.length > 0) return sendJson(res, 404, {});
    if (!at) {
      if (req.method === 'GET') return sendJson(res, 200, [...made.values()]);
      const title = body?.title;
      if (typeof title !== 'string' || title.length < 1 || title.length > 20) return sendJson(res, 400, {});
      if (Object.keys(body!).some((k) => !['title', 'id', 'status', 'paidAt'].includes(k)))
        return sendJson(res, 400, {});
      const item = { id: `i${made.size + 1}`, title, status: 'open', paidAt: null };
      made.set(item.id, item);
      payments.set(item.id, []);
      return sendJson(res, 201, item);
    }
    const found = made.get(decodeURIComponent(at));
    if (!found) return sendJson(res, 404, {});
    if (!sub) return sendJson(res, 200, found);
    if (sub === 'void' && req.method === 'POST') {
      if (found.status === 'void' || (found.status === 'paid' && fault !== 'voids paid')) return sendJson(res, 409, {});
      found.status = 'void';
      return sendJson(res, 200, found);
    }
    if (sub !== 'payments') return sendJson(res, 404, {});
    const held = payments.get(found.id as string)!;
    if (req.method === 'GET') return sendJson(res, 200, held);
    if (!body || !['card', 'cash'].includes(body.method as string)) return sendJson(res, 400, {});
    if (Object.keys(body).some((k) => k !== 'method' && k !== 'id')) return sendJson(res, 400, {});
    const paid = { id: `p${held.length + 1}`, method: body.method };
    held.push(paid);
    if (found.status !== 'open') return sendJson(res, 409, {});
    if (fault !== 'stays open') found.status = 'paid';
    if (fault !== 'no paidAt') found.paidAt = new Date().toISOString();
    return sendJson(res, 201, paid);
  };
}

const codes = async (fault: Fault) =>
  (await runConformance({ target: { app: invoices(fault) }, contract, seed: 2, runs: 4 })).violations.map(
    (v) => `${v.code}: ${v.message}`,
  );

describe("a child made moves its parent's state, as its words say", () => {
  it('passes a service that moves the invoice to paid, with its paidAt', async () => {
    expect(await codes('none')).toEqual([]);
  });

  it('names a service that leaves the invoice open', async () => {
    const found = await codes('stays open');
    expect(found.some((f) => f.startsWith('action_not_applied') && f.includes('"paid"'))).toBe(true);
  });

  it('names a service that marks it paid without its paidAt', async () => {
    expect((await codes('no paidAt')).some((f) => f.startsWith('state_time_missing'))).toBe(true);
  });

  it('names a service that voids a paid invoice, paid by a payment made under it', async () => {
    expect((await codes('voids paid')).some((f) => f.startsWith('action_accepted_from_other_state'))).toBe(true);
  });
});
