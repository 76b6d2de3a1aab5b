// Who made an item, read from its members' names: readOnly strings named for the one who made or
// filed it (`owner`, `createdBy`, `registeredBy`) are the caller's; names of a later state's actor
// (`cancelledBy`, `updatedBy`) are not.
import { describe, expect, it } from 'vitest';
import { contractFromDocument, filledInOf, inferApiModel } from '../index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });

function ownersOf(names: readonly string[], words?: string, said: Record<string, string> = {}): readonly string[] {
  const member = {
    type: 'object',
    required: ['id'],
    properties: {
      id: { type: 'string', readOnly: true },
      name: { type: 'string' },
      ...Object.fromEntries(
        names.map((name) => [
          name,
          { type: 'string', readOnly: true, ...(said[name] ? { description: said[name] } : {}) },
        ]),
      ),
    },
  };
  const contract = contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'members', version: '1' },
    paths: {
      '/members': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: member }) } } },
        post: {
          ...(words ? { description: words } : {}),
          requestBody: { content: json({ type: 'object', properties: { name: { type: 'string' } } }) },
          responses: { '201': { description: 'made', content: json(member) } },
        },
      },
    },
  });
  const members = inferApiModel(contract).collections.find((c) => c.path === '/members')!;
  return filledInOf(members, members.create?.item.schema).owners;
}

describe('who made an item', () => {
  it.each([
    ['owner'],
    ['createdBy'],
    ['created_by'],
    ['registeredBy'],
    ['submitted_by'],
    ['reporter'],
    ['ownerId'],
    ['author_id'],
    ['createdById'],
  ])('reads %s as the caller', (name) => {
    expect(ownersOf([name])).toEqual([name]);
  });

  it('reads no later actor as the caller', () => {
    expect(ownersOf(['cancelledBy', 'updatedBy', 'approved_by', 'nearby', 'ownership', 'userId'])).toEqual([]);
  });

  it('reads a member of any name whose words give it the caller right beside it', () => {
    const words = "The server sets `id`, `organizer` (the caller's login, see `GET /me`), `state` and `venue`.";
    expect(ownersOf(['organizer', 'state', 'venue'], words)).toEqual(['organizer']);
    expect(ownersOf(['host'], 'The server sets `host` to the login of the caller.')).toEqual(['host']);
    expect(ownersOf(['host'], 'The server sets `host` to a login.')).toEqual([]);
    expect(ownersOf(['host', 'venue'], 'Makes a member. The caller becomes its `host`.')).toEqual(['host']);
    expect(ownersOf(['host'], 'Makes a member. The caller may name a `host`.')).toEqual([]);
  });

  it('reads a member whose own words give it to whoever made the item', () => {
    expect(ownersOf(['host'], undefined, { host: 'Login of whoever created the member.' })).toEqual(['host']);
    expect(ownersOf(['host'], undefined, { host: 'Id of the user who opened it.' })).toEqual(['host']);
    expect(ownersOf(['host'], undefined, { host: 'Login of the venue manager.' })).toEqual([]);
  });
});

describe('members the words keep null until a state', () => {
  const job = {
    type: 'object',
    required: ['id', 'status', 'finishedAt', 'result', 'note'],
    properties: {
      id: { type: 'string', readOnly: true },
      status: { type: 'string', enum: ['queued', 'running', 'succeeded'] },
      finishedAt: { type: ['string', 'null'], format: 'date-time' },
      result: { oneOf: [{ type: 'object', properties: { url: { type: 'string' } } }, { type: 'null' }] },
      note: { type: 'string' },
    },
  };
  const laterOf = (words: string) => {
    const contract = contractFromDocument({
      openapi: '3.1.0',
      info: { title: 'jobs', version: '1' },
      paths: {
        '/jobs': {
          get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: job }) } } },
          post: { description: words, responses: { '202': { description: 'started', content: json(job) } } },
        },
        '/jobs/{id}': {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          get: { responses: { '200': { description: 'one', content: json(job) } } },
        },
      },
    });
    const jobs = inferApiModel(contract).collections.find((c) => c.path === '/jobs')!;
    return filledInOf(jobs, job as never).laterStates;
  };

  it('reads "`finishedAt` and `result` are `null` until the status is `succeeded`", a union with null too', () => {
    expect(laterOf('`finishedAt` and `result` are `null` until the status is `succeeded`.')).toEqual([
      'finishedAt',
      'result',
    ]);
  });

  it('reads none where the member cannot hold null (finishedAt is one by its name alone)', () => {
    expect(laterOf('`note` is null until the job ends.')).toEqual(['finishedAt']);
  });
});

describe('counts of children', () => {
  const booking = {
    type: 'object',
    required: ['id', 'status'],
    properties: {
      id: { type: 'string', readOnly: true },
      status: { type: 'string', enum: ['confirmed', 'cancelled'] },
    },
  };
  const countsSaying = (words: string) => {
    const event = {
      type: 'object',
      required: ['id', 'bookingCount'],
      properties: {
        id: { type: 'string', readOnly: true },
        bookingCount: { type: 'integer', readOnly: true, description: words },
      },
    };
    const eventId = [{ name: 'eventId', in: 'path', required: true, schema: { type: 'string' } }];
    const contract = contractFromDocument({
      openapi: '3.0.3',
      info: { title: 'events', version: '1' },
      paths: {
        '/events': {
          get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: event }) } } },
        },
        '/events/{eventId}': {
          parameters: eventId,
          get: { responses: { '200': { description: 'one', content: json(event) } } },
        },
        '/events/{eventId}/bookings': {
          parameters: eventId,
          get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: booking }) } } },
          post: {
            requestBody: { content: json({ type: 'object', properties: { seats: { type: 'integer' } } }) },
            responses: { '201': { description: 'made', content: json(booking) } },
          },
        },
      },
    });
    const collections = inferApiModel(contract).collections;
    const events = collections.find((c) => c.path === '/events')!;
    return filledInOf(events, events.read?.item.schema, collections).counts.map(({ name }) => name);
  };

  it('counts every child where the words name none of their states', () => {
    expect(countsSaying('Number of bookings.')).toEqual(['bookingCount']);
  });

  it('leaves a count of the children in some states to the state counts', () => {
    expect(countsSaying('Number of confirmed bookings.')).toEqual([]);
  });

  it('counts every child where the words name every state, or the list', () => {
    expect(countsSaying('Number of bookings (confirmed and cancelled).')).toEqual(['bookingCount']);
    expect(countsSaying('Number of bookings; equals the length of the confirmed list.')).toEqual(['bookingCount']);
  });
});

describe('the instant an item is born in its state', () => {
  const loan = (loanedAt: Record<string, unknown>) => ({
    type: 'object',
    required: ['id'],
    properties: {
      id: { type: 'string', readOnly: true },
      bookId: { type: 'string' },
      loanedAt: { type: 'string', format: 'date-time', ...loanedAt },
    },
  });
  const nowOf = (loanedAt: Record<string, unknown>) => {
    const item = loan(loanedAt);
    const contract = contractFromDocument({
      openapi: '3.0.3',
      info: { title: 'loans', version: '1' },
      paths: {
        '/loans': {
          get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: item }) } } },
          post: {
            requestBody: { content: json({ type: 'object', properties: { bookId: { type: 'string' } } }) },
            responses: { '201': { description: 'made', content: json(item) } },
          },
        },
      },
    });
    const loans = inferApiModel(contract).collections.find((c) => c.path === '/loans')!;
    return filledInOf(loans, item as never).now.map((one) => one.name);
  };

  it('reads a readOnly past participle that is never null (`loanedAt`) as filled in at creation', () => {
    expect(nowOf({ readOnly: true })).toEqual(['loanedAt']);
  });

  it('leaves one that may be null to its state, and one the client sends to the client', () => {
    expect(nowOf({ readOnly: true, nullable: true })).toEqual([]);
    expect(nowOf({})).toEqual([]);
  });
});
