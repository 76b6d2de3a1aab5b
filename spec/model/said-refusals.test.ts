// The refusal a creation's words give a rule on one member: in the member's own clause ("422 when
// memberId names no member"), or in the clause that follows it ("Every productId must name an
// existing product; otherwise the answer is 422"); never a status of another clause.
import { describe, expect, it } from 'vitest';
import { apiModelOf, contractFromDocument } from '../index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const orderOf = (words: string) => {
  const line = {
    type: 'object',
    required: ['productId'],
    properties: { productId: { type: 'string' }, name: { type: 'string' } },
  };
  const lines = { type: 'array', items: line };
  const order = {
    type: 'object',
    required: ['id', 'lines'],
    properties: { id: { type: 'string', readOnly: true }, lines },
  };
  const contract = contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'orders', version: '1' },
    paths: {
      '/products': {
        get: {
          responses: {
            '200': {
              description: 'all',
              content: json({ type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } }),
            },
          },
        },
      },
      '/orders': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: order }) } } },
        post: {
          description: words,
          requestBody: { content: json(order) },
          responses: {
            '201': { description: 'made', content: json(order) },
            '409': { description: 'taken' },
            '422': { description: 'unknown' },
          },
        },
      },
    },
  });
  return apiModelOf(contract).resources.find((r) => r.collection.path === '/orders')?.idioms.refusals;
};

describe('a refusal said of a member', () => {
  it('is not given to a member whose name the words use as a verb ("must name")', () => {
    const refusals = orderOf('Every productId must name an existing product; otherwise the answer is 422.');
    expect(refusals).toMatchObject({ 'lines[].productId': { status: 422 } });
    expect(refusals).not.toHaveProperty(['lines[].name']);
  });

  it('is read from the clause after the rule where that clause says otherwise', () => {
    expect(orderOf('Every productId must name an existing product; otherwise the answer is 422.')).toMatchObject({
      'lines[].productId': { status: 422 },
    });
  });

  it('is read from a clause that speaks of the member as "it" and ends with the refusal', () => {
    expect(
      orderOf('Each line names a product in productId; it must exist, otherwise the answer is 422.'),
    ).toMatchObject({ 'lines[].productId': { status: 422 } });
  });

  it('is read from a clause that speaks of anything else than the rule allows', () => {
    expect(
      orderOf('Every productId must name a product of the catalogue; a line naming anything else is refused with 422.'),
    ).toMatchObject({ 'lines[].productId': { status: 422 } });
  });

  it('is the clause on existence ("naming no product") over an earlier one on the member being there', () => {
    expect(
      orderOf(
        'Every line needs a productId (409 if it is missing). A productId naming no product is refused with 422.',
      ),
    ).toMatchObject({ 'lines[].productId': { status: 422 } });
  });

  it('is read where the clause names the resource and says it must exist', () => {
    expect(orderOf('The product of each line must exist and be on sale, otherwise the answer is 422.')).toMatchObject({
      'lines[].productId': { status: 422 },
    });
  });

  it('is the status right after "existing" where the clause gives another for a state', () => {
    expect(
      orderOf('Every productId must name an existing product (422 otherwise) whose status is active (409 otherwise).'),
    ).toMatchObject({ 'lines[].productId': { status: 422 } });
  });

  it.each([
    'Returns `409` if the order is locked and `422` if a productId does not name an existing product.',
    'The order must be open (409) and every productId must name a product (422).',
  ])('is the status of the part naming the member where one clause gives two: "%s"', (words) => {
    expect(orderOf(words)).toMatchObject({ 'lines[].productId': { status: 422 } });
  });

  it('is not taken from a clause that does not follow on the rule', () => {
    expect(orderOf('Every productId must name an existing product; a duplicate order is 409.')).toBeUndefined();
  });
});
