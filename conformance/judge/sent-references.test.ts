// The items the run's own taken writes named: a documented 409 on deleting one of them is the run's
// own doing. Only writes the service took count, and references nested in lists count too.
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../../spec/index.js';
import type { TestCase } from '../model.js';
import type { Exchange } from '../send/http.js';
import { SentReferences } from './sent-references.js';

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'orders', version: '1' },
  paths: {
    '/orders': { post: { responses: { '201': { description: 'made' } } } },
    '/products/{productId}': {
      parameters: [{ name: 'productId', in: 'path', required: true, schema: { type: 'string' } }],
      delete: { responses: { '204': { description: 'gone' }, '409': { description: 'named by an open order' } } },
    },
  },
});
const operation = (method: string) => contract.operations.find((o) => o.method === method)!;
const order = (value: unknown) =>
  ({ operation: operation('POST'), payload: { kind: 'json', value } }) as unknown as TestCase;
const deletion = (productId: string) =>
  ({ operation: operation('DELETE'), pathParams: { productId } }) as unknown as TestCase;
const answered = (status: number) => ({ ok: true, response: { status } }) as unknown as Exchange;

describe('SentReferences', () => {
  it('knows a product an order the service took names in its lines', () => {
    const sent = new SentReferences();
    sent.note(order({ customerRef: 'c-1', lines: [{ productId: 'prd_a1', quantity: 2 }] }), answered(201));
    expect(sent.namesDeleted(deletion('prd_a1'))).toBe(true);
    expect(sent.namesDeleted(deletion('prd_b2'))).toBe(false);
  });

  it('leaves out orders the service refused, and values under members that name nothing', () => {
    const sent = new SentReferences();
    sent.note(order({ lines: [{ productId: 'prd_a1', quantity: 2 }] }), answered(422));
    sent.note(order({ customerRef: 'prd_c3', lines: [] }), answered(201));
    expect(sent.namesDeleted(deletion('prd_a1'))).toBe(false);
    expect(sent.namesDeleted(deletion('prd_c3'))).toBe(false);
  });
});
