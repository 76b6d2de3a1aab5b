// The order a list's words give it, said either way round: "ordered by `isbn` ascending", "sorted
// by `createdAt`, newest first", "in ascending order of `number`".
import { describe, expect, it } from 'vitest';
import type { Operation } from '../contract/types.js';
import { listOrderOf } from './list-order.js';

const item = { type: 'object', properties: { number: { type: 'integer' }, createdAt: { type: 'string' } } };
const said = (description: string) => listOrderOf({ description } as Operation, item as never);

describe('the order a list is said to have', () => {
  it.each([
    ['Lists the orders, ordered by `number` ascending.', 'number', false],
    ['Sorted by `createdAt`, newest first.', 'createdAt', true],
    ['Lists the orders of this event only, in ascending order of `number`.', 'number', false],
    ['In descending order of `createdAt`.', 'createdAt', true],
    ['Newest first (by `createdAt`, most recent first).', 'createdAt', true],
    ["The caller's orders, newest first.", 'createdAt', true],
    ["Pages through the workspace's documents, oldest first (by creation).", 'createdAt', false],
    ['Oldest first.', 'createdAt', false],
    // A later order only breaks ties of the first.
    [
      'Lists them newest first (by `createdAt`, latest first; those created at the same instant are ordered by `number`).',
      'createdAt',
      true,
    ],
    ['Oldest first; ties are sorted by `number`.', 'createdAt', false],
  ])('reads "%s"', (words, member, descending) => {
    expect(said(words)).toMatchObject({ member, descending });
  });

  it('reads none where the words name no member of the item', () => {
    expect(said('In ascending order of importance.')).toBeUndefined();
    expect(said('Lists the orders.')).toBeUndefined();
    expect(
      listOrderOf(
        { description: 'Newest first.' } as Operation,
        { type: 'object', properties: { number: { type: 'integer' } } } as never,
      ),
    ).toBeUndefined();
  });

  it('reads newest first by the one never-null instant named for the moment an item came to be', () => {
    const instant = { type: 'string', format: 'date-time' };
    const order = {
      type: 'object',
      properties: { placedAt: instant, paidAt: { ...instant, type: ['string', 'null'] }, number: { type: 'integer' } },
    };
    const words = { description: 'The orders, newest first (the most recently placed order comes first).' };
    expect(listOrderOf(words as Operation, order as never)).toMatchObject({ member: 'placedAt', descending: true });
    // Two such instants: which one the words mean is open.
    const twice = { ...order, properties: { ...order.properties, shippedAt: instant } };
    expect(listOrderOf(words as Operation, twice as never)).toBeUndefined();
  });
});
