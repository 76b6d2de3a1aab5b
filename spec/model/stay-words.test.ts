// An item's life said the way a booking desk says it: stays that must not overlap as half-open day
// ranges, a count another item's action adds one to (while the life drawn line by line in every
// action's words speaks of the other actions), a room kept while a stay in some states names it,
// and readOnly members the request schema declares (a service may ignore them).
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel, readOnlyRequestMembers } from '../index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const id = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const guest = {
  type: 'object',
  properties: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string' },
    stayCount: { type: 'integer' },
    createdAt: { type: 'string', format: 'date-time', readOnly: true },
  },
};
const room = { type: 'object', properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } } };
const stay = {
  type: 'object',
  properties: {
    id: { type: 'string', readOnly: true },
    guestId: { type: 'string' },
    roomId: { type: 'string' },
    arrival: { type: 'string', format: 'date' },
    departure: { type: 'string', format: 'date' },
    status: { type: 'string', enum: ['booked', 'in_house', 'departed'], readOnly: true },
    createdAt: { type: 'string', format: 'date-time', readOnly: true, description: 'When the stay was created.' },
  },
};
const life = [
  'Life of a stay:',
  '- arriveStay: `booked` -> `in_house`.',
  "- departStay: `in_house` -> `departed`, and adds one to the guest's `stayCount`.",
].join('\n');
const action = (operationId: string, words: string) => ({
  post: {
    operationId,
    description: `${words}\n\n${life}`,
    responses: { '200': { description: 'moved', content: json(stay) }, '409': { description: 'state' } },
  },
});
const collection = (schema: unknown, post: Record<string, unknown> = {}) => ({
  get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: schema }) } } },
  post: {
    requestBody: { content: json(schema) },
    responses: { '201': { description: 'made', content: json(schema) }, '409': { description: 'conflict' } },
    ...post,
  },
});
const item = (name: string, schema: unknown, more: Record<string, unknown> = {}) => ({
  parameters: [id(name)],
  get: { responses: { '200': { description: 'one', content: json(schema) } } },
  ...more,
});

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'desk', version: '1' },
  paths: {
    '/guests': collection(guest),
    '/guests/{guestId}': item('guestId', guest),
    '/rooms': collection(room),
    '/rooms/{roomId}': item('roomId', room, {
      delete: {
        description: 'A room named by a stay that is `booked` or `in_house` cannot be deleted (409).',
        responses: { '204': { description: 'gone' }, '409': { description: 'held' } },
      },
    }),
    '/stays': collection(stay, {
      description:
        'Refused with 409: the stay overlaps another stay of the same room. Stays are half-open day ranges [arrival, departure); a stay that ends on the day another begins does not overlap it.',
    }),
    '/stays/{stayId}': item('stayId', stay),
    '/stays/{stayId}/arrive': action('arriveStay', 'Only from `booked`; the guest is in the house.'),
    '/stays/{stayId}/depart': action('departStay', "Only from `in_house`; adds one to the guest's `stayCount`."),
  },
});
const model = inferApiModel(contract);
const idiomsOf = (path: string) => model.resources.find((resource) => resource.collection.path === path)?.idioms;

describe('the words of a booking desk', () => {
  it('reads stays as half-open day ranges that must not overlap', () => {
    const rule = idiomsOf('/stays')?.unique?.find((unique) => unique.interval);
    expect(rule?.interval).toEqual({ start: 'arrival', end: 'departure', touchingFree: true, days: true });
    expect(rule?.conflictStatus).toBe(409);
  });

  it("reads the count an action adds one to, and not from another action's line", () => {
    const counts = idiomsOf('/stays')?.steppedCounts ?? [];
    expect(
      counts.map(({ operation, collection, member, step, via }) => [operation.id, collection, member, step, via]),
    ).toEqual([['departStay', '/guests', 'stayCount', 1, 'guestId']]);
  });

  it("takes no stamp of the stay's own for a copy of its guest's ('When the stay was created')", () => {
    expect(idiomsOf('/stays')?.copied).toBeUndefined();
  });

  it('reads a room kept while a stay in the named states names it', () => {
    expect(idiomsOf('/rooms')?.keptByChildren).toEqual([
      expect.objectContaining({
        child: '/stays',
        via: 'roomId',
        holding: { member: 'status', values: ['booked', 'in_house'] },
        status: 409,
      }),
    ]);
  });

  it('says which members a request schema declares readOnly', () => {
    const create = contract.operations.find((operation) => operation.method === 'POST' && operation.path === '/stays');
    expect(readOnlyRequestMembers(create!)).toEqual(['id', 'status', 'createdAt']);
    const depart = contract.operations.find((operation) => operation.operationId === 'departStay');
    expect(readOnlyRequestMembers(depart!)).toEqual([]);
  });
});
