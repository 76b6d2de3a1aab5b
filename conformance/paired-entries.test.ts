// A list whose entries name an item by a pair (`{showSlug, number}`: /shows/{slug}/episodes/{number}).
// The run fills `showSlug` from a listed show; the `number` it makes up may name no episode there,
// and a correct service refuses that entry: a note, never "valid input refused".
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const slug = { type: 'string', pattern: '^[a-z0-9-]{2,20}$' };
const show = { type: 'object', required: ['slug'], properties: { slug } };
const episode = { type: 'object', required: ['number'], properties: { number: { type: 'integer', minimum: 1 } } };
const entry = {
  type: 'object',
  required: ['showSlug', 'number'],
  properties: { showSlug: slug, number: { type: 'integer', minimum: 1, maximum: 999 } },
};
const playlist = {
  type: 'object',
  required: ['id', 'episodeRefs'],
  properties: { id: { type: 'string', readOnly: true }, episodeRefs: { type: 'array', items: entry, maxItems: 3 } },
};
const refused = { description: 'an entry names no episode' };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'playlists', version: '1' },
  paths: {
    '/shows': { get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: show }) } } } },
    '/shows/{slug}': {
      parameters: [{ name: 'slug', in: 'path', required: true, schema: slug }],
      get: { responses: { '200': { description: 'one', content: json(show) }, '404': { description: 'none' } } },
    },
    '/shows/{slug}/episodes/{number}': {
      parameters: [
        { name: 'slug', in: 'path', required: true, schema: slug },
        { name: 'number', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
      ],
      get: { responses: { '200': { description: 'one', content: json(episode) }, '404': { description: 'none' } } },
    },
    '/playlists': {
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['episodeRefs'],
            properties: { episodeRefs: playlist.properties.episodeRefs },
          }),
        },
        responses: { '201': { description: 'made', content: json(playlist) }, '400': refused, '422': refused },
      },
    },
  },
});

/** One show with episodes 1 and 2; a playlist naming anything else is refused at that entry. */
function playlists() {
  const episodes = new Set(['deep-space:1', 'deep-space:2']);
  let made = 0;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0]!;
    if (req.method === 'GET' && path === '/shows') return sendJson(res, 200, [{ slug: 'deep-space' }]);
    if (req.method === 'GET' && /^\/shows\/[^/]+$/.test(path))
      return path === '/shows/deep-space' ? sendJson(res, 200, { slug: 'deep-space' }) : sendJson(res, 404, {});
    const one = /^\/shows\/([^/]+)\/episodes\/(\d+)$/.exec(path);
    if (req.method === 'GET' && one)
      return episodes.has(`${one[1]}:${one[2]}`)
        ? sendJson(res, 200, { number: Number(one[2]) })
        : sendJson(res, 404, {});
    if (req.method !== 'POST' || path !== '/playlists') return sendJson(res, 404, {});
    const body = parseObject(await readBody(req));
    const refs = body?.episodeRefs;
    const valid = (ref: unknown) => {
      const { showSlug, number } = (ref ?? {}) as Record<string, unknown>;
      return (
        typeof showSlug === 'string' &&
        /^[a-z0-9-]{2,20}$/.test(showSlug) &&
        Number.isInteger(number) &&
        (number as number) >= 1 &&
        (number as number) <= 999 &&
        Object.keys(ref as object).length === 2
      );
    };
    if (!body || Object.keys(body).length !== 1 || !Array.isArray(refs) || refs.length > 3 || !refs.every(valid))
      return sendJson(res, 400, {});
    const unknown = refs.findIndex((ref) => !episodes.has(`${ref.showSlug}:${ref.number}`));
    if (unknown >= 0) return sendJson(res, 422, { pointer: `/episodeRefs/${unknown}` });
    return sendJson(res, 201, { id: `pl_${++made}`, episodeRefs: refs });
  };
}

describe('entries naming an item by a pair', () => {
  it('a pair refused for naming no item is a note, not valid input refused', async () => {
    const report = await runConformance({ target: { app: playlists() }, contract, seed: 8, runs: 10 });
    expect(report.violations.map((v) => `${v.code} ${v.caseLabel}: ${v.message}`)).toEqual([]);
  });
});
