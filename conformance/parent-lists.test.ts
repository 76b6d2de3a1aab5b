// A list under a parent's path that is no collection of its own (/halls/{hallId}/shows: shows are
// made at /shows and name their hall) holds only the items that name that parent: a service that
// ignores the path's parent shows other halls' shows (listed_under_other_parent). Comments under
// /shows/{id}/comments carry their own `id`: that member is theirs, not the parent's.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const hall = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string' }, name: { type: 'string' } },
};
const show = {
  type: 'object',
  required: ['id', 'title', 'hallId'],
  properties: {
    id: { type: 'string', readOnly: true },
    title: { type: 'string', minLength: 1, maxLength: 30 },
    hallId: { type: 'string', pattern: '^h[0-9]+$' },
  },
};
const comment = {
  type: 'object',
  required: ['id', 'text'],
  properties: { id: { type: 'string', readOnly: true }, text: { type: 'string', minLength: 1, maxLength: 30 } },
};
const none = { '404': { description: 'none' } };
const param = (name: string, example: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string' },
  example,
});
const list = (items: unknown) => ({
  get: { responses: { '200': { description: 'all', content: json({ type: 'array', items }) }, ...none } },
});
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'halls', version: '1' },
  paths: {
    '/halls': list(hall),
    '/halls/{hallId}': {
      parameters: [param('hallId', 'h1')],
      get: { responses: { '200': { description: 'one', content: json(hall) }, ...none } },
    },
    '/halls/{hallId}/shows': { parameters: [param('hallId', 'h1')], ...list(show) },
    '/shows': {
      ...list(show),
      post: {
        description: '`hallId` must name an existing hall (422 otherwise).',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['title', 'hallId'],
            properties: { title: show.properties.title, hallId: show.properties.hallId },
          }),
        },
        responses: {
          '201': { description: 'made', content: json(show) },
          '400': { description: 'bad' },
          '422': { description: 'no such hall' },
        },
      },
    },
    '/shows/{id}': {
      parameters: [param('id', 's1')],
      get: { responses: { '200': { description: 'one', content: json(show) }, ...none } },
    },
    '/shows/{id}/comments': {
      parameters: [param('id', 's1')],
      ...list(comment),
    },
  },
});

/** Two halls with a show each, and a comment under each show; `unfiltered` plants the fault: a
 * hall's shows are every show. */
function box(unfiltered = false) {
  const halls = [
    { id: 'h1', name: 'Main' },
    { id: 'h2', name: 'Studio' },
  ];
  const shows = [
    { id: 's1', title: 'Opening', hallId: 'h1' },
    { id: 's2', title: 'Late', hallId: 'h2' },
  ];
  const send = sendJson;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [top, id, sub, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return send(res, 404, {});
    if (top === 'halls' && req.method === 'GET') {
      if (id === undefined) return send(res, 200, halls);
      const found = halls.find((one) => one.id === id);
      if (!found) return send(res, 404, {});
      if (sub === undefined) return send(res, 200, found);
      if (sub !== 'shows') return send(res, 404, {});
      return send(res, 200, unfiltered ? shows : shows.filter((one) => one.hallId === id));
    }
    if (top !== 'shows') return send(res, 404, {});
    if (id === undefined && req.method === 'GET') return send(res, 200, shows);
    if (id === undefined && req.method === 'POST') {
      const { title, hallId } = body ?? {};
      if (typeof title !== 'string' || title.length < 1 || [...title].length > 30) return send(res, 400, {});
      if (typeof hallId !== 'string' || !/^h[0-9]+$/.test(hallId) || Object.keys(body!).length !== 2)
        return send(res, 400, {});
      if (!halls.some((one) => one.id === hallId)) return send(res, 422, {});
      const made = { id: `s${shows.length + 1}`, title, hallId };
      shows.push(made);
      return send(res, 201, made);
    }
    const found = shows.find((one) => one.id === id);
    if (!found || req.method !== 'GET') return send(res, 404, {});
    if (sub === undefined) return send(res, 200, found);
    return sub === 'comments' ? send(res, 200, [{ id: `c-${found.id}`, text: 'seen' }]) : send(res, 404, {});
  };
}

const run = (unfiltered?: boolean) =>
  runConformance({ target: { app: box(unfiltered) }, contract: document, seed: 3, runs: 5 });
const codes = (result: Awaited<ReturnType<typeof run>>) => result.violations.map((v) => v.code);

describe("a parent's list that is no collection of its own", () => {
  it("passes a box office whose hall lists only that hall's shows, and comments that carry their own id", async () => {
    expect(codes(await run())).not.toContain('listed_under_other_parent');
  });

  it("names one whose hall lists every hall's shows", async () => {
    expect(codes(await run(true))).toContain('listed_under_other_parent');
  });
});
