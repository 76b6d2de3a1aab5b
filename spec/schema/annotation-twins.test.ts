// A oneOf whose branches differ only in annotations is read as anyOf (no value could match exactly
// one of them); branches identical as written keep refusing everything, as JSON Schema says.
import { describe, expect, it } from 'vitest';
import { type Contract, contractFromDocument } from '../index.js';

const errorWith = (code: string) => ({
  allOf: [
    { $ref: '#/components/schemas/BaseError' },
    { type: 'object', properties: { error: { type: 'string', default: code } } },
  ],
});

function documentWith(schema: unknown) {
  return {
    openapi: '3.0.3',
    info: { title: 'twins', version: '1' },
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          responses: { '401': { description: 'no', content: { 'application/json': { schema } } } },
        },
      },
    },
    components: {
      schemas: {
        BaseError: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
        EmptyKey: errorWith('APIKEY_EMPTY'),
        UnknownKey: errorWith('APIKEY_NOTFOUND'),
      },
    },
  };
}

const judge = (contract: Contract, value: unknown) =>
  contract.operations[0]!.responses[0]!.content[0]!.validator!.validate(value);

describe('oneOf branches that differ only in annotations', () => {
  it('are read as anyOf: a value of both shapes is valid, one of neither is not', () => {
    const contract = contractFromDocument(
      documentWith({
        oneOf: [{ $ref: '#/components/schemas/EmptyKey' }, { $ref: '#/components/schemas/UnknownKey' }],
      }),
    );
    expect(judge(contract, { message: 'no key', error: 'APIKEY_EMPTY' })).toEqual([]);
    expect(judge(contract, { error: 'APIKEY_EMPTY' }).length).toBeGreaterThan(0);
    expect(judge(contract, 'no key').length).toBeGreaterThan(0);
  });

  it('stay oneOf where the branches truly differ, or are identical as written', () => {
    const differing = contractFromDocument(
      documentWith({ oneOf: [{ type: 'string' }, { type: 'string', minLength: 3 }] }),
    );
    expect(judge(differing, 'ab')).toEqual([]);
    expect(judge(differing, 'abc').map((issue) => issue.keyword)).toContain('oneOf');
    const identical = contractFromDocument(documentWith({ oneOf: [{ type: 'string' }, { type: 'string' }] }));
    expect(judge(identical, 'ab').map((issue) => issue.keyword)).toContain('oneOf');
  });
});
