// Writes of an item its overview bars in some of its states, where no passage names the operation:
// "Archived invoices are frozen (`PATCH` is `409`)", "A paid invoice cannot be deleted (`409`)".
// Only those strong forms are read; a sentence that lets a state write bars nothing.
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const invoice = {
  type: 'object',
  properties: {
    id: { type: 'string', readOnly: true },
    note: { type: 'string' },
    status: { allOf: [{ type: 'string', enum: ['draft', 'paid', 'archived'] }], readOnly: true },
  },
};
const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];
const refused = { '404': { description: 'none' }, '409': { description: 'state' } };

function locksOf(overview: string, deletion = '') {
  const contract = contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'invoices', version: '1', description: overview },
    paths: {
      '/invoices': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: invoice }) } } },
        post: {
          requestBody: { content: json({ type: 'object', properties: { note: { type: 'string' } } }) },
          responses: { '201': { description: 'made', content: json(invoice) } },
        },
      },
      '/invoices/{id}': {
        parameters: id,
        get: { responses: { '200': { description: 'one', content: json(invoice) }, '404': { description: 'none' } } },
        patch: {
          requestBody: { content: json({ type: 'object', properties: { note: { type: 'string' } } }) },
          responses: { '200': { description: 'changed', content: json(invoice) }, ...refused },
        },
        delete: { description: deletion, responses: { '204': { description: 'gone' }, ...refused } },
      },
    },
  });
  const resource = inferApiModel(contract).resources.find(({ collection }) => collection.path === '/invoices');
  return (resource?.idioms.ownLocks ?? []).map(({ operation, member, allowed, status }) => ({
    at: `${operation.method} ${operation.path}`,
    member,
    allowed,
    status,
  }));
}

describe("locks the overview puts on an item's own writes", () => {
  it('reads "frozen" as a lock on changes, and "cannot be deleted" on deletion', () => {
    const overview =
      'Invoices start as drafts.\n\nArchived invoices are frozen (`PATCH` is `409`). A paid invoice cannot be deleted (`409`); archive it first.';
    expect(locksOf(overview)).toEqual([
      { at: 'PATCH /invoices/{id}', member: 'status', allowed: ['draft', 'paid'], status: 409 },
      { at: 'DELETE /invoices/{id}', member: 'status', allowed: ['draft', 'archived'], status: 409 },
    ]);
  });

  it('reads nothing from sentences that let states write', () => {
    expect(locksOf('Drafts and archived invoices can be deleted. A paid invoice can be changed.')).toEqual([]);
  });

  it('reads a bare "only while" in the operation\'s own words as a lock on the item itself', () => {
    const deletion = 'Deletes the invoice and its lines; only while `draft`, otherwise `409`.';
    expect(locksOf('Invoices start as drafts.', deletion)).toEqual([
      { at: 'DELETE /invoices/{id}', member: 'status', allowed: ['draft'], status: 409 },
    ]);
  });

  it.each([
    ['An archived invoice can no longer be deleted: DELETE answers `409`.'],
    ['An archived invoice answers `409`.'],
  ])('reads "%s" in the operation\'s own words as a lock on the other states', (deletion) => {
    expect(locksOf('Invoices start as drafts.', deletion)).toEqual([
      { at: 'DELETE /invoices/{id}', member: 'status', allowed: ['draft', 'paid'], status: 409 },
    ]);
  });
});
