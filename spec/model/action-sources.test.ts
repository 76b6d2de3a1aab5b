// The states an action starts from, drawn by the document's words: arrows into its target ("`draft`
// or `submitted` → `cancelled`", a parenthesised verb between), "Only from `x`", else the passages of
// the document's description that name it. Without such words nothing is read.
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const order = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    status: { type: 'string', enum: ['draft', 'submitted', 'cancelled', 'received'] },
  },
};
const action = (description: string | undefined) => ({
  post: {
    ...(description ? { description } : {}),
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
    responses: { '200': { description: 'ok', content: json(order) }, '409': { description: 'state' } },
  },
});

function sourcesOf(cancel: string | undefined, info?: string) {
  const contract = contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'orders', version: '1', ...(info ? { description: info } : {}) },
    paths: {
      '/orders': {
        get: { responses: { '200': { description: 'ok', content: json({ type: 'array', items: order }) } } },
        post: {
          requestBody: { content: json({ type: 'object' }) },
          responses: { '201': { description: 'made', content: json(order) } },
        },
      },
      '/orders/{id}': {
        get: {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok', content: json(order) } },
        },
      },
      '/orders/{id}/cancel': action(cancel),
      '/orders/{id}/submit': action('`draft` → `submitted`.'),
    },
  });
  const actions = inferApiModel(contract).resources.find((r) => r.collection.path === '/orders')?.idioms.actions;
  return Object.fromEntries((actions ?? []).map((a) => [a.verb, a.from]));
}

describe('the states an action starts from', () => {
  it('reads the states drawn as arrows into its target', () => {
    expect(sourcesOf('`draft` or `submitted` → `cancelled` (`409` once `received`).')).toEqual({
      cancel: ['draft', 'submitted'],
      submit: ['draft'],
    });
    expect(sourcesOf('Cancel an order (draft|submitted -> cancelled).').cancel).toEqual(['draft', 'submitted']);
  });

  it('reads "only from" where no arrow is drawn', () => {
    expect(sourcesOf('Only from `submitted` (`409` otherwise).').cancel).toEqual(['submitted']);
    // The state as the item's noun alone, unquoted: "Only a draft can be ...".
    expect(sourcesOf('Only a draft can be cancelled; another order is refused with 409.').cancel).toEqual(['draft']);
    // The item's member named between: "Only an order whose `status` is `x` can be ...".
    const whose = 'Only an order whose `status` is `submitted` can be cancelled; cancelling a `received` one is `409`.';
    expect(sourcesOf(whose).cancel).toEqual(['submitted']);
  });

  it('reads the states the words refuse it in: every other one, or the one a denial names', () => {
    expect(sourcesOf('Refused with 409 when the order is received or cancelled.').cancel).toEqual([
      'draft',
      'submitted',
    ]);
    expect(sourcesOf('409 if the order is not `submitted`.').cancel).toEqual(['submitted']);
    expect(sourcesOf('Refused with 409 when the order has lines.').cancel).toBeUndefined();
  });

  it('reads the states the words bar it in ("A received order cannot be cancelled"), with its own verb only', () => {
    expect(sourcesOf('Cancels it. A received order cannot be cancelled (409).').cancel).toEqual(['draft', 'submitted']);
    expect(sourcesOf('Cancels it. A received order cannot be changed (409).').cancel).toBeUndefined();
  });

  it("reads the document's passage that names the action, past a parenthesised verb", () => {
    const info = 'States:\n\n* `draft` or `submitted` → (`cancel`, `POST /orders/{id}/cancel`) → `cancelled`.';
    expect(sourcesOf(undefined, info).cancel).toEqual(['draft', 'submitted']);
  });

  it('reads a passage naming the action by its path cut short, where that names no other', () => {
    const info =
      'Actions:\n\n* `POST .../cancel`: `draft` or `submitted` → `cancelled`.\n* `POST …/submit`: `draft` → `submitted`.';
    expect(sourcesOf(undefined, info).cancel).toEqual(['draft', 'submitted']);
    // A tail no action path ends with names none.
    expect(sourcesOf(undefined, '* `POST .../revoke`: `draft` → `cancelled`.').cancel).toBeUndefined();
  });

  it('reads nothing where no words draw it, nor from arrows into another state', () => {
    expect(sourcesOf('Cancels the order.').cancel).toBeUndefined();
    expect(sourcesOf('`draft` → `submitted` first, if you like.').cancel).toBeUndefined();
  });
});
