// Counts of the items naming an item in some states, read from the words wherever they are: the
// member's own description ("Tickets of this type in `pending` orders"), the description of the
// schema holding it, beside its own read ("`revenue` = the sum of `total` over its `paid` orders"),
// or a clause of the overview beginning with it. A count the words tie to no state is none.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { contractFromDocument, inferApiModel } from '../index.js';

const FILE = fileURLToPath(new URL('../../fixtures/panels/ticketing/openapi.yaml', import.meta.url));
const LIBRARY = fileURLToPath(new URL('../../fixtures/panels/library/openapi.yaml', import.meta.url));

function countsOf(path: string, edit: (text: string) => string = (text) => text, file = FILE) {
  const contract = contractFromDocument(parse(edit(readFileSync(file, 'utf8'))));
  const resource = inferApiModel(contract).resources.find(({ collection }) => collection.path === path);
  return (resource?.idioms.stateCounts ?? []).map(({ read, ...count }) => ({ ...count, read: read?.path }));
}

describe('state counts', () => {
  it("reads a ticket type's counts of its tickets in paid and in pending orders, by the lines naming it", () => {
    expect(countsOf('/events/{eventId}/ticket-types')).toEqual([
      expect.objectContaining({
        member: 'sold',
        states: ['paid'],
        via: 'lines[].ticketTypeCode',
        parentVia: 'eventId',
        weight: 'lines[].quantity',
      }),
      expect.objectContaining({ member: 'held', states: ['pending'], weight: 'lines[].quantity' }),
    ]);
  });

  it("reads an event's sold tickets and, on its summary, the sum of the paid orders' totals", () => {
    expect(countsOf('/events')).toEqual([
      expect.objectContaining({ member: 'ticketsSold', states: ['paid'], via: 'eventId', weight: 'lines[].quantity' }),
      expect.objectContaining({ member: 'revenue', read: '/events/{eventId}/summary', weight: 'total' }),
    ]);
  });

  it('reads a clause of the overview that begins with the member, where its own description is silent', () => {
    const counts = countsOf('/events/{eventId}/ticket-types', (text) =>
      text.replace('description: Tickets of this type in `paid` orders.', 'description: Sold.'),
    );
    expect(counts[0]).toEqual(expect.objectContaining({ member: 'sold', states: ['paid'] }));
    expect(counts[0]?.words).toBe('sold is the number of its tickets in paid orders');
  });

  it('reads a count of the items whose status is one state, naming a collection that has no list', () => {
    expect(countsOf('/members', undefined, LIBRARY)).toEqual([
      expect.objectContaining({ member: 'activeLoanCount', collection: '/loans', states: ['active'], via: 'memberId' }),
    ]);
    expect(countsOf('/members', undefined, LIBRARY)[0]).not.toHaveProperty('weight');
  });

  it('reads the items themselves counted after "this": "Number of this member\'s loans"', () => {
    const counts = countsOf(
      '/members',
      (text) => text.replace(/([Nn])umber of the member's loans/g, "$1umber of this member's loans"),
      LIBRARY,
    );
    expect(counts).toEqual([
      expect.objectContaining({ member: 'activeLoanCount', collection: '/loans', states: ['active'], via: 'memberId' }),
    ]);
    expect(counts[0]).not.toHaveProperty('weight');
  });

  it('reads the states after "in status", the counted noun before them', () => {
    const counts = countsOf('/events/{eventId}/ticket-types', (text) =>
      text
        .replace('`sold` is the number of its tickets in `paid` orders', '`sold` is what its tickets sold')
        .replace(
          'description: Tickets of this type in `paid` orders.',
          "description: Sum of the quantities over the type's orders in status `paid`.",
        ),
    );
    expect(counts[0]).toEqual(expect.objectContaining({ member: 'sold', collection: '/orders', states: ['paid'] }));
  });

  it('reads bare states after "in status" ("orders in status paid or pending")', () => {
    const counts = countsOf('/events/{eventId}/ticket-types', (text) =>
      text
        .replace('`sold` is the number of its tickets in `paid` orders', '`sold` is what its tickets sold')
        .replace(
          'description: Tickets of this type in `paid` orders.',
          "description: Sum of the quantities over the type's orders in status paid.",
        ),
    );
    expect(counts[0]).toEqual(expect.objectContaining({ member: 'sold', collection: '/orders', states: ['paid'] }));
  });

  it('gives the states closing a longer phrase to the thing counted first', () => {
    const counts = countsOf(
      '/members',
      (text) =>
        text
          .replace(/number of the member's loans whose `status` is `active`/, 'kept by the service')
          .replace(
            /Number of the member's loans whose status is `active`/,
            "Number of loans of the member's copies whose status is `active`",
          ),
      LIBRARY,
    );
    expect(counts).toEqual([
      expect.objectContaining({ member: 'activeLoanCount', collection: '/loans', states: ['active'], via: 'memberId' }),
    ]);
  });

  it('reads none where no word ties a count to a state', () => {
    const counts = countsOf('/events', (text) =>
      text
        .replace('Tickets of the event in `paid` orders.', 'Tickets sold.')
        .replace(/`revenue` = the sum of `total` over its `paid`\n\s+orders/, '`revenue` = money taken'),
    );
    expect(counts).toEqual([]);
  });
});
