// A member a creation must send equal to its parent's ("`amountCents` must equal the invoice's
// `amountCents` (422 otherwise)"): the mock takes the equal amount and refuses another with the
// words' status, pointing at the member, making nothing.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const amount = { type: 'integer', minimum: 1, maximum: 100000 };
const invoice = {
  type: 'object',
  required: ['id', 'amountCents'],
  properties: { id: { type: 'string', readOnly: true }, amountCents: amount },
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
        responses: { '201': { description: 'made', content: json(invoice) } },
      },
    },
    '/invoices/{invoiceId}': {
      parameters: [invoiceId],
      get: { responses: { '200': { description: 'one', content: json(invoice) }, '404': none } },
    },
    '/invoices/{invoiceId}/payments': {
      parameters: [invoiceId],
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: payment }) } } },
      post: {
        description: "Pays the invoice whole: `amountCents` must equal the invoice's `amountCents` (422 otherwise).",
        requestBody: { required: true, content: json(payment) },
        responses: { '201': { description: 'paid', content: json(payment) }, '404': none, '422': none },
      },
    },
  },
});

describe("a member its words make equal to the parent's", () => {
  it('is taken equal and refused otherwise, nothing made', async () => {
    const app = request(createMockApp({ contract, apiKeys: [] }));
    const made = (await app.post('/invoices').send({ amountCents: 7531 })).body as { id: string };
    const other = await app.post(`/invoices/${made.id}/payments`).send({ amountCents: 7532 });
    expect(other.status).toBe(422);
    expect(JSON.stringify(other.body)).toContain('amountCents');
    expect((await app.get(`/invoices/${made.id}/payments`)).body).toEqual([]);
    expect((await app.post(`/invoices/${made.id}/payments`).send({ amountCents: 7531 })).status).toBe(201);
  });
});
