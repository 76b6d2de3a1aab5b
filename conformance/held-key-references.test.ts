// An unknown reference sent beside an item made and deleted just before: where the deletion keeps
// the item's key taken (a slug a deleted event holds), the probe's 409 is about that key, and the
// probe is sent once more with fresh values, so a service that takes any venue is still named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const slug = { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', minLength: 1, maxLength: 40 };
const venueId = { type: 'string', minLength: 1, maxLength: 10 };
const venue = { type: 'object', required: ['id'], properties: { id: { type: 'string', readOnly: true } } };
const input = {
  type: 'object',
  additionalProperties: false,
  required: ['slug', 'venueId'],
  properties: { slug, venueId },
};
const event = { type: 'object', required: ['slug', 'venueId'], properties: { slug, venueId } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'events', version: '1' },
  paths: {
    '/venues': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: venue }) } } },
    },
    '/events': {
      get: { responses: { '200': { description: 'live', content: json({ type: 'array', items: event }) } } },
      post: {
        description:
          'Creates the event named by `slug`. A slug that belongs to any event, deleted or not, gives `409`; a `venueId` naming no venue gives `422`.',
        requestBody: { required: true, content: json(input) },
        responses: {
          '201': { description: 'made', content: json(event) },
          '400': none,
          '409': none,
          '422': none,
        },
      },
    },
    '/events/{slug}': {
      parameters: [{ name: 'slug', in: 'path', required: true, schema: slug }],
      get: { responses: { '200': { description: 'one', content: json(event) }, '404': none, '410': none } },
      delete: {
        description: 'A soft delete: the slug stays taken.',
        responses: { '204': none, '404': none, '410': none },
      },
    },
  },
});

function office(anyVenue: boolean) {
  const venues = new Set(['v-1', 'v-2']);
  const events = new Map<string, { slug: string; venueId: string; deleted: boolean }>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const [root, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (root === 'venues' && !key && req.method === 'GET')
      return sendJson(
        res,
        200,
        [...venues].map((id) => ({ id })),
      );
    if (root !== 'events') return sendJson(res, 404, {});
    if (!key && req.method === 'GET')
      return sendJson(
        res,
        200,
        [...events.values()].filter((e) => !e.deleted).map(({ slug, venueId }) => ({ slug, venueId })),
      );
    if (!key && req.method === 'POST') {
      const body = parseObject(text);
      const ok =
        body &&
        Object.keys(body).sort().join() === 'slug,venueId' &&
        typeof body.slug === 'string' &&
        /^[a-z0-9]+(-[a-z0-9]+)*$/.test(body.slug) &&
        body.slug.length <= 40 &&
        typeof body.venueId === 'string' &&
        body.venueId.length >= 1 &&
        [...body.venueId].length <= 10;
      if (!ok) return sendJson(res, 400, {});
      if (events.has(body.slug as string)) return sendJson(res, 409, { message: 'slug taken' });
      if (!anyVenue && !venues.has(body.venueId as string)) return sendJson(res, 422, { message: 'no such venueId' });
      const made = { slug: body.slug as string, venueId: body.venueId as string, deleted: false };
      events.set(made.slug, made);
      return sendJson(res, 201, { slug: made.slug, venueId: made.venueId });
    }
    const found = key ? events.get(decodeURIComponent(key)) : undefined;
    if (!found) return sendJson(res, 404, {});
    if (found.deleted) return sendJson(res, 410, {});
    if (req.method === 'DELETE') {
      found.deleted = true;
      return sendJson(res, 204);
    }
    return sendJson(res, 200, { slug: found.slug, venueId: found.venueId });
  };
}

const run = (anyVenue: boolean) => runConformance({ target: { app: office(anyVenue) }, contract, seed: 4 });

describe('unknown references beside a key a deleted item keeps', () => {
  it('pass a service that refuses an unknown venue', async () => {
    const report = await run(false);
    expect(report.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });

  it('name one that takes any venue', async () => {
    const report = await run(true);
    expect(report.violations.some((v) => v.code === 'unknown_reference_accepted')).toBe(true);
  });
});
