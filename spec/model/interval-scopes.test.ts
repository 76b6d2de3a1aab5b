// An interval rule's scope and the states that free it, read from its words: "must not overlap that
// of another booking of the same desk (same `spaceCode` and `deskNumber`) whose status is
// `confirmed` or `checked_in`" scopes the rule to the desk and frees `cancelled` bookings.
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const instant = { type: 'string', format: 'date-time' };
const booking = {
  type: 'object',
  properties: {
    id: { type: 'string', readOnly: true },
    spaceCode: { type: 'string' },
    deskNumber: { type: 'integer' },
    note: { type: 'string' },
    startsAt: instant,
    endsAt: instant,
    status: { allOf: [{ type: 'string', enum: ['confirmed', 'checked_in', 'cancelled'] }], readOnly: true },
  },
};
const sent = {
  type: 'object',
  properties: {
    spaceCode: { type: 'string' },
    deskNumber: { type: 'integer' },
    note: { type: 'string' },
    startsAt: instant,
    endsAt: instant,
  },
};

function rulesOf(words: string) {
  const contract = contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'desks', version: '1' },
    paths: {
      '/bookings': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: booking }) } } },
        post: {
          description: words,
          requestBody: { content: json(sent) },
          responses: { '201': { description: 'made', content: json(booking) }, '409': { description: 'taken' } },
        },
      },
    },
  });
  return inferApiModel(contract).resources.find((r) => r.collection.path === '/bookings')?.idioms.unique;
}

describe('an interval rule', () => {
  it('holds the members its words name in code as its scope, and frees the states they leave out', () => {
    const words =
      'The half-open interval `[startsAt, endsAt)` must not overlap that of another booking of the same desk (same `spaceCode` and `deskNumber`) whose status is `confirmed` or `checked_in`; otherwise `409`.';
    expect(rulesOf(words)).toMatchObject([
      { members: ['startsAt', 'spaceCode', 'deskNumber'], freedBy: { member: 'status', values: ['cancelled'] } },
    ]);
  });

  it('holds no scope where the words name none', () => {
    const rules = rulesOf('A booking [startsAt, endsAt) must not overlap another booking; otherwise `409`.');
    expect(rules?.[0]?.members).toEqual(['startsAt']);
  });
});
