// Writes under a parent its words allow only in some states: read per write, with the states that
// allow it and the documented refusal; a word of a state that names no lock is none.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { contractFromDocument, inferApiModel } from '../index.js';

const FILE = fileURLToPath(new URL('../../fixtures/panels/timesheets/openapi.yaml', import.meta.url));

function locksOf(edit: (text: string) => string = (text) => text) {
  const contract = contractFromDocument(parse(edit(readFileSync(FILE, 'utf8'))));
  const entries = inferApiModel(contract).resources.find(({ collection }) => collection.path.endsWith('/entries'));
  return (entries?.idioms.parentLocks ?? []).map(({ operation, ...lock }) => ({ at: operation.id, ...lock }));
}

describe('parent locks', () => {
  it("reads the creation's and the deletion's lock on the timesheet's state, with their 409", () => {
    expect(locksOf()).toEqual([
      expect.objectContaining({ at: 'createEntry', member: 'status', allowed: ['draft'], status: 409 }),
      expect.objectContaining({ at: 'deleteEntry', member: 'status', allowed: ['draft'], status: 409 }),
    ]);
  });

  it('reads none where the words name a state but lock nothing', () => {
    const unlocked = locksOf((text) =>
      text
        .replace('the timesheet must be in `draft` [`409`, `timesheet_locked`];', 'any timesheet takes entries;')
        .replace(
          'Only while the timesheet is in `draft` (`409`, `timesheet_locked`, otherwise).',
          'A draft timesheet shows it.',
        ),
    );
    expect(unlocked).toEqual([]);
  });

  it('reads "Refused with `409`: the timesheet is not a `draft`" as a lock to draft', () => {
    const said = locksOf((text) =>
      text.replace(
        'Only while the timesheet is in `draft` (`409`, `timesheet_locked`, otherwise).',
        'Refused with `409`: the timesheet is not a `draft`.',
      ),
    );
    expect(said).toContainEqual(
      expect.objectContaining({ at: 'deleteEntry', member: 'status', allowed: ['draft'], status: 409 }),
    );
  });

  it('reads "A submitted or approved timesheet accepts no entries: 409" as a lock to the other states', () => {
    const said = locksOf((text) =>
      text
        .replace('the timesheet must be in `draft` [`409`, `timesheet_locked`];', 'entries are added one by one;')
        .replace(
          'Only while the timesheet is in `draft` (`409`, `timesheet_locked`, otherwise).',
          'A submitted, approved or rejected timesheet accepts no entries: 409.',
        ),
    );
    expect(said).toContainEqual(
      expect.objectContaining({ at: 'deleteEntry', member: 'status', allowed: ['draft'], status: 409 }),
    );
  });

  it('reads "Removes an entry from a `draft` timesheet; any other status answers `409`" as a lock to draft', () => {
    const said = locksOf((text) =>
      text.replace(
        'Only while the timesheet is in `draft` (`409`, `timesheet_locked`, otherwise).',
        'Removes an entry from a `draft` timesheet; any other status answers `409`.',
      ),
    );
    expect(said).toContainEqual(
      expect.objectContaining({ at: 'deleteEntry', member: 'status', allowed: ['draft'], status: 409 }),
    );
  });

  it('reads "a `submitted` or `approved` timesheet refuses it with `409`" as a lock to the other states', () => {
    const said = locksOf((text) =>
      text.replace(
        'Only while the timesheet is in `draft` (`409`, `timesheet_locked`, otherwise).',
        'A `submitted`, `approved` or `rejected` timesheet refuses it with `409`.',
      ),
    );
    expect(said).toContainEqual(
      expect.objectContaining({ at: 'deleteEntry', member: 'status', allowed: ['draft'], status: 409 }),
    );
  });

  it('reads "Only a timesheet in status `draft` can be rejected" as a lock to draft, not to the verb\'s state', () => {
    const said = locksOf((text) =>
      text.replace(
        'Only while the timesheet is in `draft` (`409`, `timesheet_locked`, otherwise).',
        'Only a timesheet in status `draft` can be rejected here (`409` otherwise).',
      ),
    );
    expect(said).toContainEqual(
      expect.objectContaining({ at: 'deleteEntry', member: 'status', allowed: ['draft'], status: 409 }),
    );
  });

  it('reads the lock under a parent the client only lists (an order a checkout made)', () => {
    const json = (schema: unknown) => ({ 'application/json': { schema } });
    const order = {
      type: 'object',
      required: ['id', 'status'],
      properties: { id: { type: 'string' }, status: { type: 'string', enum: ['placed', 'paid', 'cancelled'] } },
    };
    const payment = { type: 'object', required: ['id'], properties: { id: { type: 'string', readOnly: true } } };
    const orderId = [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string' } }];
    const contract = contractFromDocument({
      openapi: '3.0.3',
      info: { title: 'orders', version: '1' },
      paths: {
        '/orders': {
          get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: order }) } } },
        },
        '/orders/{orderId}': {
          parameters: orderId,
          get: { responses: { '200': { description: 'one', content: json(order) } } },
        },
        '/orders/{orderId}/payments': {
          parameters: orderId,
          get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: payment }) } } },
          post: {
            description: 'Only an order in status `placed` can be paid (`409` otherwise).',
            requestBody: { content: json(payment) },
            responses: { '201': { description: 'paid', content: json(payment) }, '409': { description: 'not placed' } },
          },
        },
      },
    });
    const payments = inferApiModel(contract).resources.find(({ collection }) => collection.path.endsWith('/payments'));
    expect(payments?.idioms.parentLocks?.map(({ allowed, status }) => ({ allowed, status }))).toEqual([
      { allowed: ['placed'], status: 409 },
    ]);
  });
});
