// Children numbered per parent that have no read of their own (payments listed under their invoice,
// "the first payment of an invoice has `number` 1"): the first under a new parent of the run's own,
// as its creation answers it, must be 1. One counter for every invoice is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const refused = { description: 'refused', content: json({ type: 'object' }) };
const invoice = {
  type: 'object',
  required: ['id', 'title'],
  properties: { id: { type: 'string', readOnly: true }, title: { type: 'string', minLength: 1, maxLength: 20 } },
};
const payment = {
  type: 'object',
  required: ['number', 'method'],
  properties: { number: { type: 'integer', minimum: 1, readOnly: true }, method: { type: 'string', enum: ['card'] } },
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
        responses: { '201': { description: 'made', content: json(invoice) }, '400': refused },
      },
    },
    '/invoices/{invoiceId}': {
      parameters: [invoiceId],
      get: { responses: { '200': { description: 'one', content: json(invoice) }, '404': refused } },
    },
    '/invoices/{invoiceId}/payments': {
      parameters: [invoiceId],
      get: {
        responses: { '200': { description: 'all', content: json({ type: 'array', items: payment }) }, '404': refused },
      },
      post: {
        description: 'Records a payment. The first payment of an invoice has `number` 1, the next one 2.',
        requestBody: { required: true, content: json(payment) },
        responses: { '201': { description: 'paid', content: json(payment) }, '400': refused, '404': refused },
      },
    },
  },
});

function invoices(oneCounter: boolean) {
  const made = new Map<string, { id: string; title: string }>();
  const payments = new Map<string, { number: number; method: string }[]>();
  let counted = 0;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, at, sub, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'invoices' || rest.length > 0) return sendJson(res, 404, {});
    if (!at) {
      if (req.method === 'GET') return sendJson(res, 200, [...made.values()]);
      const title = body?.title;
      if (typeof title !== 'string' || title.length < 1 || title.length > 20) return sendJson(res, 400, {});
      if (Object.keys(body!).some((k) => k !== 'title' && k !== 'id')) return sendJson(res, 400, {});
      const item = { id: `i${made.size + 1}`, title };
      made.set(item.id, item);
      payments.set(item.id, []);
      return sendJson(res, 201, item);
    }
    const found = made.get(decodeURIComponent(at));
    if (!found) return sendJson(res, 404, {});
    if (!sub) return sendJson(res, 200, found);
    if (sub !== 'payments') return sendJson(res, 404, {});
    const held = payments.get(found.id)!;
    if (req.method === 'GET') return sendJson(res, 200, held);
    if (!body) return sendJson(res, 400, {});
    if (body.method !== 'card' || Object.keys(body).some((k) => k !== 'method' && k !== 'number'))
      return sendJson(res, 400, {});
    counted += 1;
    const paid = { number: oneCounter ? counted : held.length + 1, method: 'card' };
    held.push(paid);
    return sendJson(res, 201, paid);
  };
}

const codes = async (oneCounter: boolean) =>
  (await runConformance({ target: { app: invoices(oneCounter) }, contract, seed: 4, runs: 5 })).violations.map(
    (v) => v.code,
  );

describe('children numbered per parent, read only in their list', () => {
  it('passes numbers counted per invoice', async () => {
    expect(await codes(false)).toEqual([]);
  });

  it('names one counter for every invoice', async () => {
    expect(await codes(true)).toContain('number_not_first');
  });
});
