// A parent's sums of its children's members, read from the parent member's own words ("Sum of
// `lineTotal` over the lines the cart holds now"), and only where the words speak of that child.

import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const line = {
  type: 'object',
  properties: {
    lineNo: { type: 'integer' },
    kind: { type: 'string', enum: ['part', 'labour'] },
    sku: { type: 'string' },
    lineTotal: { type: 'integer' },
    billable: { type: 'boolean' },
    status: { type: 'string', enum: ['held', 'confirmed'] },
  },
};

function totalsOf(descriptions: Readonly<Record<string, string>>) {
  const cart = {
    type: 'object',
    properties: {
      id: { type: 'string' },
      ...Object.fromEntries(
        Object.entries(descriptions).map(([name, description]) => [name, { type: 'integer', description }]),
      ),
    },
  };
  const cartId = [{ name: 'cartId', in: 'path', required: true, schema: { type: 'string' } }];
  const contract = contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'carts', version: '1' },
    paths: {
      '/carts': { post: { responses: { '201': { description: 'made', content: json(cart) } } } },
      '/carts/{cartId}': {
        parameters: cartId,
        get: { responses: { '200': { description: 'one', content: json(cart) } } },
      },
      '/carts/{cartId}/lines': {
        parameters: cartId,
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: line }) } } },
        post: {
          requestBody: { content: json({ type: 'object', properties: { sku: { type: 'string' } } }) },
          responses: { '201': { description: 'added', content: json(line) } },
        },
      },
      '/carts/{cartId}/lines/{lineNo}': {
        parameters: [...cartId, { name: 'lineNo', in: 'path', required: true, schema: { type: 'integer' } }],
        get: { responses: { '200': { description: 'one', content: json(line) } } },
        delete: { responses: { '204': { description: 'gone' } } },
      },
    },
  });
  const lines = inferApiModel(contract).resources.find(({ collection }) => collection.path === '/carts/{cartId}/lines');
  return lines?.idioms.parentTotals ?? [];
}

describe("a parent's sums of its children read from its words", () => {
  it('reads "Sum of `lineTotal` over the lines" on the parent member', () => {
    expect(totalsOf({ total: 'Sum of `lineTotal` over the lines the cart holds now.' })).toEqual([
      { member: 'total', of: 'lineTotal' },
    ]);
  });

  it('reads no sum over another collection, or of a member the child does not hold', () => {
    expect(
      totalsOf({
        fees: 'Sum of `lineTotal` over the fees charged.',
        paid: 'Sum of `amount` over the lines.',
      }),
    ).toEqual([]);
  });

  it('reads a sum over one kind of child ("the current part lines")', () => {
    expect(
      totalsOf({
        partsTotal: 'Sum of the `lineTotal` of the current part lines, in cents.',
        labourTotal: 'Sum of the `lineTotal` of the current labour lines, in cents.',
      }),
    ).toEqual([
      { member: 'partsTotal', of: 'lineTotal', where: { member: 'kind', value: 'part' } },
      { member: 'labourTotal', of: 'lineTotal', where: { member: 'kind', value: 'labour' } },
    ]);
  });

  it('reads a sum over one kind of child with the parent named first ("the work order\'s part lines")', () => {
    expect(
      totalsOf({
        partsTotal: "Sum of `lineTotal` over the work order's part lines.",
        labourTotal: "Sum of `lineTotal` over the cart's labour lines.",
      }),
    ).toEqual([
      { member: 'partsTotal', of: 'lineTotal', where: { member: 'kind', value: 'part' } },
      { member: 'labourTotal', of: 'lineTotal', where: { member: 'kind', value: 'labour' } },
    ]);
  });

  it('reads a condition after the noun ("whose `billable` is true"), and leaves a sum with an unread one', () => {
    expect(
      totalsOf({
        billed: 'Sum of `lineTotal` over the current lines whose `billable` is true.',
        odd: 'Sum of `lineTotal` over the lines that were added on a Monday.',
      }),
    ).toEqual([{ member: 'billed', of: 'lineTotal', where: { member: 'billable', value: true } }]);
  });

  it('reads a sum over the children in one state ("in status `confirmed`"), and leaves an unknown state unread', () => {
    expect(
      totalsOf({
        sold: "Sum of `lineTotal` over the cart's lines in status `confirmed`.",
        held: 'Sum of `lineTotal` over the lines in state `held`.',
        gone: 'Sum of `lineTotal` over the lines in status `refunded`.',
      }),
    ).toEqual([
      { member: 'sold', of: 'lineTotal', where: { member: 'status', value: 'confirmed' } },
      { member: 'held', of: 'lineTotal', where: { member: 'status', value: 'held' } },
    ]);
  });
});
