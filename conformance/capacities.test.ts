// A parent's capacity and the line past it, as the words give them: classes take bookings up to
// their `capacity`, later ones wait; a cancelled booking's place goes to the earliest waiting one,
// and a raised capacity confirms the next. The runner fills a class of its own past its capacity
// and names a service that confirms past it, promotes the newest, counts the waiting or ignores a
// raise; a service that keeps the line passes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'refused' };
const klass = {
  type: 'object',
  required: ['id', 'title', 'capacity', 'confirmedCount'],
  properties: {
    id: { type: 'string', readOnly: true },
    title: { type: 'string', minLength: 1, maxLength: 40 },
    capacity: { type: 'integer', minimum: 1, maximum: 50 },
    confirmedCount: { type: 'integer', readOnly: true, description: 'Number of confirmed bookings.' },
  },
};
const booking = {
  type: 'object',
  required: ['id', 'member', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    member: { type: 'string', minLength: 1, maxLength: 40 },
    status: { type: 'string', enum: ['confirmed', 'waitlisted', 'cancelled'], readOnly: true },
  },
};
const classId = { name: 'classId', in: 'path', required: true, schema: { type: 'string' } };
const bookingId = { name: 'bookingId', in: 'path', required: true, schema: { type: 'string' } };
const RULES = [
  'A new booking is `confirmed` while the class has fewer than `capacity` confirmed bookings; otherwise',
  'it is `waitlisted`. When a confirmed booking is cancelled, the earliest waitlisted booking becomes',
  '`confirmed`. Raising `capacity` confirms waitlisted bookings, earliest first.',
].join('\n');

const document = {
  openapi: '3.0.3',
  info: { title: 'classes', version: '1', description: RULES },
  paths: {
    '/classes': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: klass }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({ type: 'object', required: ['title', 'capacity'], properties: klass.properties }),
        },
        responses: { '201': { description: 'made', content: json(klass) }, '400': none },
      },
    },
    '/classes/{classId}': {
      parameters: [classId],
      get: { responses: { '200': { description: 'one', content: json(klass) }, '404': none } },
      patch: {
        requestBody: {
          required: true,
          content: json({ type: 'object', properties: { capacity: klass.properties.capacity } }),
        },
        responses: { '200': { description: 'changed', content: json(klass) }, '400': none, '404': none },
      },
    },
    '/classes/{classId}/bookings': {
      parameters: [classId],
      get: {
        responses: { '200': { description: 'all', content: json({ type: 'array', items: booking }) }, '404': none },
      },
      post: {
        requestBody: {
          required: true,
          content: json({ type: 'object', required: ['member'], properties: booking.properties }),
        },
        responses: { '201': { description: 'made', content: json(booking) }, '400': none, '404': none, '409': none },
      },
    },
    '/classes/{classId}/bookings/{bookingId}': {
      parameters: [classId, bookingId],
      get: { responses: { '200': { description: 'one', content: json(booking) }, '404': none } },
    },
    '/classes/{classId}/bookings/{bookingId}/cancel': {
      parameters: [classId, bookingId],
      post: {
        description: 'Cancels a `confirmed` or `waitlisted` booking: it becomes `cancelled`. `409` otherwise.',
        responses: { '200': { description: 'cancelled', content: json(booking) }, '404': none, '409': none },
      },
    },
  },
};

type Fault = 'none' | 'no-line' | 'full-refused' | 'newest-first' | 'counts-waiting' | 'raise-ignored';
type Booking = { id: string; member: string; status: string };
type Class = { id: string; title: string; capacity: number; bookings: Booking[] };

/** Classes that keep the line, or (the fault) break it one way. */
function classes(fault: Fault) {
  const all = new Map<string, Class>();
  let next = 1;
  const confirmed = (one: Class) => one.bookings.filter((b) => b.status === 'confirmed').length;
  const shown = (one: Class) => ({
    id: one.id,
    title: one.title,
    capacity: one.capacity,
    confirmedCount:
      fault === 'counts-waiting' ? one.bookings.filter((b) => b.status !== 'cancelled').length : confirmed(one),
  });
  const promote = (one: Class) => {
    const waiting = one.bookings.filter((b) => b.status === 'waitlisted');
    if (fault === 'newest-first') waiting.reverse();
    for (const booking of waiting) if (confirmed(one) < one.capacity) booking.status = 'confirmed';
  };
  const text = (value: unknown) => typeof value === 'string' && value.length > 0 && [...value].length <= 40;
  const capacityOk = (value: unknown) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 50;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, child, childId, verb, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'classes' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...all.values()].map(shown));
      if (!body || !text(body.title) || !capacityOk(body.capacity)) return sendJson(res, 400, {});
      const made: Class = {
        id: `c${next++}`,
        title: body.title as string,
        capacity: body.capacity as number,
        bookings: [],
      };
      all.set(made.id, made);
      return sendJson(res, 201, shown(made));
    }
    const found = all.get(id);
    if (!found) return sendJson(res, 404, {});
    if (child === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, shown(found));
      if (!body || (body.capacity !== undefined && !capacityOk(body.capacity))) return sendJson(res, 400, {});
      if (typeof body.capacity === 'number') found.capacity = body.capacity;
      if (fault !== 'raise-ignored') promote(found);
      return sendJson(res, 200, shown(found));
    }
    if (child !== 'bookings') return sendJson(res, 404, {});
    if (childId === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, found.bookings);
      if (!body || !text(body.member)) return sendJson(res, 400, {});
      const full = fault !== 'no-line' && confirmed(found) >= found.capacity;
      if (full && fault === 'full-refused') return sendJson(res, 409, { message: 'The class is full.' });
      const made = { id: `b${next++}`, member: body.member as string, status: full ? 'waitlisted' : 'confirmed' };
      found.bookings.push(made);
      return sendJson(res, 201, made);
    }
    const one = found.bookings.find((b) => b.id === childId);
    if (!one) return sendJson(res, 404, {});
    if (verb === undefined) return sendJson(res, 200, one);
    if (verb !== 'cancel' || req.method !== 'POST') return sendJson(res, 404, {});
    if (one.status === 'cancelled') return sendJson(res, 409, {});
    const freed = one.status === 'confirmed';
    one.status = 'cancelled';
    if (freed) promote(found);
    return sendJson(res, 200, one);
  };
}

const contract = contractFromDocument(document);
const codesOf = async (fault: Fault) =>
  (await runConformance({ target: { app: classes(fault) }, contract, seed: 4 })).violations.map(
    (violation) => `${violation.code} ${violation.operation}`,
  );

describe("a parent's capacity", () => {
  it('is read from the words: the states on either side, the earliest promoted, a raise admitting', () => {
    const bookings = inferApiModel(contract).resources.find(
      ({ collection }) => collection.path === '/classes/{classId}/bookings',
    );
    expect(bookings?.idioms.capacity).toEqual(
      expect.objectContaining({
        parent: '/classes',
        capacity: 'capacity',
        admitted: 'confirmed',
        waiting: 'waitlisted',
        promotes: true,
        raisePromotes: true,
      }),
    );
  });

  it('passes classes that keep the line', async () => {
    expect(await codesOf('none')).toEqual([]);
  });

  it.each([
    ['no-line', 'capacity_state_wrong GET /classes/{classId}/bookings/{bookingId}'],
    ['full-refused', 'capacity_item_refused POST /classes/{classId}/bookings'],
    ['newest-first', 'capacity_state_wrong GET /classes/{classId}/bookings/{bookingId}'],
    ['counts-waiting', 'state_count_wrong GET /classes/{classId}'],
    ['raise-ignored', 'capacity_state_wrong GET /classes/{classId}/bookings/{bookingId}'],
  ] as const)('names classes with %s', async (fault, expected) => {
    expect(await codesOf(fault)).toContain(expected);
  });
});
