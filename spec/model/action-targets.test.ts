// An action's target read from its words where its verb names none ("The rental becomes `active`"
// for `pickup`), and only when the item itself is the subject: "every tool on it becomes `rented`"
// names other items.

import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../index.js';

const rental = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    status: { type: 'string', enum: ['draft', 'confirmed', 'active', 'rented', 'closed'] },
    lines: { type: 'array', items: { type: 'string' } },
  },
};

function documentWith(pickupWords: string, summary?: string, verb = 'pickup') {
  const item = { content: { 'application/json': { schema: rental } } };
  return {
    openapi: '3.0.3',
    info: { title: 'rentals', version: '1' },
    paths: {
      '/rentals': {
        get: {
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: rental } } } },
          },
        },
        post: { requestBody: item, responses: { '201': { description: 'made', ...item } } },
      },
      '/rentals/{rentalId}': {
        parameters: [{ name: 'rentalId', in: 'path', required: true, schema: { type: 'string' } }],
        get: { responses: { '200': { description: 'one', ...item } } },
      },
      [`/rentals/{rentalId}/${verb}`]: {
        parameters: [{ name: 'rentalId', in: 'path', required: true, schema: { type: 'string' } }],
        post: {
          description: pickupWords,
          ...(summary ? { summary } : {}),
          responses: { '200': { description: 'after', ...item }, '409': { description: 'refused' } },
        },
      },
    },
  };
}

function pickupOf(words: string, summary?: string, verb?: string) {
  const model = inferApiModel(contractFromDocument(documentWith(words, summary, verb)));
  const rentals = model.resources.find(({ collection }) => collection.path === '/rentals');
  const { operation: _operation, ...action } = rentals?.idioms.actions?.[0] ?? { operation: undefined };
  return action;
}

describe('action targets read from words', () => {
  it('reads no target for a POST adding to a list member of the item (`lines`)', () => {
    const words =
      'Appends a line to a `draft` rental and answers the whole updated rental. A rental that is not `draft` is refused with `409`. Checks happen in this order: rental exists (`404`), status is `draft` (`409`).';
    expect(pickupOf(words, undefined, 'lines')).not.toHaveProperty('target');
  });

  it('reads no target where the state is asked of the item: "Only for a rental in status `closed`"', () => {
    const words = 'Starts the invoice job. Only for a rental in status `closed`: `409` otherwise.';
    expect(pickupOf(words, undefined, 'invoice-jobs')).not.toHaveProperty('target');
  });

  it('reads the state the words move the item itself to', () => {
    expect(
      pickupOf(
        'Only from `confirmed` (`409` otherwise). The rental becomes `active`; every tool on it becomes `rented`.',
      ),
    ).toMatchObject({ verb: 'pickup', member: 'status', target: 'active', from: ['confirmed'] });
  });

  it('reads "it becomes" after an "Effect:" lead-in', () => {
    expect(pickupOf('Effect: it becomes `active`.')).toMatchObject({ target: 'active' });
  });

  it('reads no target where only other items move, or where the words name two states', () => {
    expect(pickupOf('Every tool on it becomes `rented`.')).not.toHaveProperty('target');
    expect(pickupOf('The rental becomes `active`. Later the rental becomes `closed`.')).not.toHaveProperty('target');
  });

  it('reads the item as the object of the verb: "Moves a `confirmed` rental to `active`"', () => {
    expect(pickupOf('Moves a `confirmed` rental to `active`.')).toMatchObject({ target: 'active' });
    expect(pickupOf('Moves every tool of the rental to `rented`.')).not.toHaveProperty('target');
  });

  it('reads the state member set by name: "sets `status` to `active`"', () => {
    expect(pickupOf('Only from `confirmed`; sets `status` to `active` and `pickedUpAt` to now.')).toMatchObject({
      target: 'active',
      from: ['confirmed'],
    });
  });

  it('reads "Only a `confirmed` rental can be picked up: `200` with `status` `active`"', () => {
    // The start is the state before the colon; the target the state after `status`; "(final)" marks
    // the state right before it, never the start named in a summary.
    const words = 'Only a `confirmed` rental can be picked up: `200` with `status` `active`. Any other: `409`.';
    expect(pickupOf(words)).toMatchObject({ target: 'active', from: ['confirmed'] });
    expect(pickupOf(words, 'Pick up a confirmed rental (final)')).not.toHaveProperty('refusedFrom');
    expect(pickupOf('Only a `confirmed` rental can be picked up: a `draft` one answers `409`.')).toMatchObject({
      from: ['confirmed'],
    });
    expect(pickupOf(words, 'Pick up a rental: `closed` (final)')).toMatchObject({ refusedFrom: ['closed'] });
  });

  it('reads, of a life drawn line by line, the arrow on the line naming the action', () => {
    const life =
      'Life of a rental:\n- confirm: `draft` -> `confirmed`.\n- pickup: `confirmed` -> `active`.\n- close: `active` -> `closed`.';
    expect(pickupOf(life)).toMatchObject({ target: 'active' });
  });

  it('reads a transition drawn as an arrow', () => {
    expect(pickupOf('`confirmed` → `active`. From any other status: 409.')).toMatchObject({
      member: 'status',
      target: 'active',
      from: ['confirmed'],
    });
  });

  it('gives an action with no state of its own the states its words ask ("Only for")', () => {
    const action = pickupOf('Only for a `closed` rental (409 otherwise). Starts a job.');
    expect(action).not.toHaveProperty('target');
    expect(action).toMatchObject({ from: ['closed'] });
  });
});
