// The document's example body leaves out `description`, required with a default: the author's
// valid input all the same, with the default applied. Its entries name the one episode that exists
// (episodes are seeded, never made nor listed to a client), so only the example makes a playlist, and with it
// the playlist's item scenario runs.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown, example?: unknown) => ({
  'application/json': { schema, ...(example === undefined ? {} : { example }) },
});
const none = { description: 'none' };
const slug = { type: 'string', pattern: '^[a-z]+(-[a-z]+)*$' };
const show = { type: 'object', required: ['slug'], properties: { slug } };
const episode = { type: 'object', required: ['number'], properties: { number: { type: 'integer', readOnly: true } } };
const ref = {
  type: 'object',
  additionalProperties: false,
  required: ['showSlug', 'number'],
  properties: { showSlug: slug, number: { type: 'integer', minimum: 1 } },
};
const playlist = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'description', 'episodeRefs'],
  properties: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', minLength: 1, maxLength: 40 },
    description: { type: 'string', maxLength: 100, default: '' },
    episodeRefs: { type: 'array', maxItems: 10, items: ref },
  },
};
const slugParameter = { name: 'slug', in: 'path', required: true, schema: slug };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'playlists', version: '1' },
  paths: {
    '/shows': { get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: show }) } } } },
    '/shows/{slug}': {
      parameters: [slugParameter],
      get: { responses: { '200': { description: 'one', content: json(show) }, '404': none } },
    },
    '/shows/{slug}/episodes/{number}': {
      parameters: [slugParameter, { name: 'number', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': { description: 'one', content: json(episode) }, '404': none } },
    },
    '/playlists': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: playlist }) } } },
      post: {
        description: 'Every entry must name an existing episode, else 422.',
        requestBody: {
          required: true,
          content: json(playlist, { name: 'Night listening', episodeRefs: [{ showSlug: 'night-kitchen', number: 7 }] }),
        },
        responses: { '201': { description: 'made', content: json(playlist) }, '400': none, '422': none },
      },
    },
    '/playlists/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(playlist) }, '404': none } },
      delete: { responses: { '204': { description: 'gone' }, '404': none } },
    },
  },
});

function playlists() {
  const lists: Array<Record<string, unknown>> = [];
  let made = 0;
  const names = (one: Record<string, unknown>) => one.showSlug === 'night-kitchen' && one.number === 7;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const [root, key, below, number, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (root === 'shows') {
      if (key === undefined) return sendJson(res, 200, [{ slug: 'night-kitchen' }]);
      if (key !== 'night-kitchen') return sendJson(res, 404, {});
      if (below === undefined) return sendJson(res, 200, { slug: key });
      if (below !== 'episodes') return sendJson(res, 404, {});
      if (number === undefined) return sendJson(res, 404, {});
      return number === '7' ? sendJson(res, 200, { number: 7 }) : sendJson(res, 404, {});
    }
    if (root !== 'playlists') return sendJson(res, 404, {});
    if (key !== undefined) {
      const found = lists.find((one) => one.id === key);
      if (!found) return sendJson(res, 404, {});
      if (req.method === 'DELETE') {
        lists.splice(lists.indexOf(found), 1);
        return sendJson(res, 204);
      }
      return sendJson(res, 200, found);
    }
    if (req.method === 'GET') return sendJson(res, 200, lists);
    const body = parseObject(text);
    const entries = body?.episodeRefs;
    const description = body?.description ?? '';
    const valid =
      body !== undefined &&
      Object.keys(body).every((name) => ['id', 'name', 'description', 'episodeRefs'].includes(name)) &&
      typeof body.name === 'string' &&
      body.name.length >= 1 &&
      body.name.length <= 40 &&
      typeof description === 'string' &&
      description.length <= 100 &&
      Array.isArray(entries) &&
      entries.length <= 10;
    if (!valid) return sendJson(res, 400, {});
    const named = entries as Array<Record<string, unknown>>;
    if (!named.every((one) => one !== null && typeof one === 'object' && names(one))) return sendJson(res, 422, {});
    const item = { id: `pl-${++made}`, name: body.name, description, episodeRefs: named };
    lists.push(item);
    return sendJson(res, 201, item);
  };
}

describe('an example body that leaves out a required member with a default', () => {
  it('is sent with the default applied, so the item it makes is worked on', async () => {
    const result = await runConformance({ target: { app: playlists() }, contract, seed: 8 });
    expect(result.violations.map((v) => `${v.operation} ${v.code}: ${v.message}`)).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((u) => u.path === '/playlists')).toEqual([]);
    expect(result.reach?.notReached).not.toContain('DELETE /playlists/{id}');
  });
});
