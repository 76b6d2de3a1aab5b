// A reference may name items of a collection that has no list: products keyed by the `sku` a client
// chooses, made by their creation and found by their read. One that is only read (no list, no
// creation) holds nothing a client can know of, and is named by nothing.
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel, referencedCollection } from '../index.js';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const one = (schema: unknown) => ({ description: 'one', ...json(schema) });
const none = { description: 'none' };
const product = {
  type: 'object',
  required: ['sku'],
  properties: { sku: { type: 'string' }, name: { type: 'string' } },
};
const badge = { type: 'object', required: ['badgeCode'], properties: { badgeCode: { type: 'string' } } };
const line = {
  type: 'object',
  properties: { lineNo: { type: 'integer', readOnly: true }, sku: { type: 'string' }, badgeCode: { type: 'string' } },
};
const key = (name: string) => [{ name, in: 'path', required: true, schema: { type: 'string' } }];

const collections = inferApiModel(
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'orders', version: '1' },
    paths: {
      '/products': { post: { requestBody: json(product), responses: { '201': one(product), '409': none } } },
      '/products/{sku}': { parameters: key('sku'), get: { responses: { '200': one(product), '404': none } } },
      '/badges/{badgeCode}': { parameters: key('badgeCode'), get: { responses: { '200': one(badge), '404': none } } },
      '/orders/{orderId}/lines': {
        parameters: key('orderId'),
        post: { requestBody: json(line), responses: { '201': one(line), '422': none } },
      },
    },
  }),
).resources.map(({ collection }) => collection);

describe('references to a collection without a list', () => {
  it('name the items its creation makes and its read finds', () => {
    const lines = collections.find((collection) => collection.path === '/orders/{orderId}/lines');
    expect(referencedCollection('sku', collections, lines)?.path).toBe('/products');
  });

  it('never name a collection that is only read', () => {
    const lines = collections.find((collection) => collection.path === '/orders/{orderId}/lines');
    expect(referencedCollection('badgeCode', collections, lines)?.path).toBeUndefined();
  });
});
