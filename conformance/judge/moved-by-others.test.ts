// An item another request names (a loan's `copyNumber` naming /copies/{number}, a membership's
// `teamId`) has members the service keeps that those writes move; an item nothing names has none.
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../../spec/index.js';
import { movedByOthers } from './moved-by-others.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const copy = {
  type: 'object',
  properties: {
    number: { type: 'integer', readOnly: true },
    label: { type: 'string' },
    status: { type: 'string', enum: ['available', 'onLoan'], readOnly: true },
  },
};
const collection = (schema: unknown, body: unknown) => ({
  get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: schema }) } } },
  post: { requestBody: { content: json(body) }, responses: { '201': { description: 'made', content: json(schema) } } },
});
const item = (name: string, type: string, schema: unknown) => ({
  parameters: [{ name, in: 'path', required: true, schema: { type } }],
  get: { responses: { '200': { description: 'one', content: json(schema) } } },
});

function copiesNamedBy(loanMember: string) {
  const loan = { type: 'object', properties: { id: { type: 'string' }, [loanMember]: { type: 'integer' } } };
  const contract = contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'lending', version: '1' },
    paths: {
      '/copies': collection(copy, { type: 'object', properties: { label: { type: 'string' } } }),
      '/copies/{number}': item('number', 'integer', copy),
      '/loans': collection(loan, { type: 'object', properties: { [loanMember]: { type: 'integer' } } }),
    },
  });
  const copies = inferApiModel(contract).collections.find((one) => one.path === '/copies')!;
  return movedByOthers(contract, copies);
}

describe('members other writes move', () => {
  it("are the service's own where another request names the item by its path's name", () => {
    const moved = copiesNamedBy('copyNumber');
    expect(moved.parent).toBe(true);
    expect([...moved.kept]).toEqual(['number', 'status']);
  });

  it('are none where no request names the item', () => {
    expect(copiesNamedBy('shelfNumber').parent).toBe(false);
  });
});
