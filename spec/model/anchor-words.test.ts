// Times the words bind to the parent's: a child's time said to fall within its parent's period is
// bound, and a creation's two times that bound something else ("invoices whose `issuedAt` falls
// between `from` and `to`") are not bound to the parent's only time for naming the parent.
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };

function anchoredOf(words: string) {
  const parent = {
    type: 'object',
    properties: { id: { type: 'string' }, createdAt: { type: 'string', format: 'date-time' } },
  };
  const body = {
    type: 'object',
    properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } },
  };
  const child = { ...body, properties: { id: { type: 'string' }, ...body.properties } };
  const contract = contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'exports', version: '1' },
    paths: {
      '/customers': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: parent }) } } },
        post: {
          requestBody: { content: json({}) },
          responses: { '201': { description: 'made', content: json(parent) } },
        },
      },
      '/customers/{id}': {
        get: { parameters: [id], responses: { '200': { description: 'one', content: json(parent) } } },
      },
      '/customers/{id}/exports': {
        parameters: [id],
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: child }) } } },
        post: {
          description: words,
          requestBody: { content: json(body) },
          responses: { '201': { description: 'made', content: json(child) }, '422': { description: 'no' } },
        },
      },
    },
  });
  return inferApiModel(contract).resources.find((one) => one.collection.path === '/customers/{id}/exports')?.idioms
    .anchored;
}

describe('times bound to the parent', () => {
  it('binds a time said to fall within the parent\u2019s day', () => {
    expect(anchoredOf('`from` must fall within the day of the customer\u2019s `createdAt`.')).toEqual([
      expect.objectContaining({ member: 'from', on: 'createdAt' }),
    ]);
  });

  it('does not bind the creation\u2019s own two bounds of something else', () => {
    expect(
      anchoredOf("Covers the customer's invoices whose `issuedAt` falls on a UTC date between `from` and `to`."),
    ).toBeUndefined();
  });
});
