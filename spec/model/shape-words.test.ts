// The document's words on malformed input are no rule on what a member names: "a copy number that
// is not a positive integer ... is answered 400" beside "a body that names a copy that does not
// exist is answered 422" gives the reference 422.
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const copy = { type: 'object', properties: { copyNumber: { type: 'integer' }, isbn: { type: 'string' } } };
const loan = {
  type: 'object',
  properties: { id: { type: 'string', readOnly: true }, copyNumber: { type: 'integer' } },
};
const list = (schema: unknown) => ({
  get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: schema }) } } },
});

describe('words on malformed input', () => {
  it('give no refusal to a member naming another item', () => {
    const model = inferApiModel(
      contractFromDocument({
        openapi: '3.0.3',
        info: {
          title: 'library',
          version: '1',
          description: [
            'Validation. A request body that does not match the schema (including unknown members), or a copy number that is not a positive integer, is answered 400.',
            'A request body that names something that does not exist (an unknown copy or member) is answered 422.',
          ].join('\n\n'),
        },
        paths: {
          '/copies': list(copy),
          '/copies/{copyNumber}': {
            parameters: [{ name: 'copyNumber', in: 'path', required: true, schema: { type: 'integer' } }],
            get: { responses: { '200': { description: 'one', content: json(copy) } } },
          },
          '/loans': {
            ...list(loan),
            post: {
              requestBody: { content: json(loan) },
              responses: {
                '201': { description: 'made', content: json(loan) },
                '400': { description: 'malformed' },
                '422': { description: 'names nothing' },
              },
            },
          },
        },
      }),
    );
    const loans = model.resources.find((resource) => resource.collection.path === '/loans');
    expect(loans?.idioms.refusals?.copyNumber?.status).toBe(422);
  });
});
