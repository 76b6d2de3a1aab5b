// A job started below a nested item (`POST /shows/{slug}/episodes/{number}/transcripts`): the run
// makes a show, an episode under it, starts the job there and follows it to its end. A job that
// never ends is named; one that ends passes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const name = { type: 'string', minLength: 1, maxLength: 20 };
const show = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string', readOnly: true }, name } };
const episode = {
  type: 'object',
  required: ['number', 'name'],
  properties: { number: { type: 'integer', readOnly: true }, name },
};
const job = {
  type: 'object',
  required: ['id', 'status'],
  properties: { id: { type: 'string' }, status: { type: 'string', enum: ['queued', 'running', 'done'] } },
};
const body = { required: true, content: json({ type: 'object', required: ['name'], properties: { name } }) };
const slug = { name: 'showId', in: 'path', required: true, schema: { type: 'string' } };
const number = { name: 'number', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'shows', version: '1' },
  paths: {
    '/shows': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: show }) } } },
      post: { requestBody: body, responses: { '201': { description: 'made', content: json(show) }, '400': none } },
    },
    '/shows/{showId}': {
      parameters: [slug],
      get: { responses: { '200': { description: 'one', content: json(show) }, '404': none } },
    },
    '/shows/{showId}/episodes': {
      parameters: [slug],
      get: {
        responses: { '200': { description: 'all', content: json({ type: 'array', items: episode }) }, '404': none },
      },
      post: {
        requestBody: body,
        responses: { '201': { description: 'made', content: json(episode) }, '400': none, '404': none },
      },
    },
    '/shows/{showId}/episodes/{number}': {
      parameters: [slug, number],
      get: { responses: { '200': { description: 'one', content: json(episode) }, '404': none } },
    },
    '/shows/{showId}/episodes/{number}/transcripts': {
      parameters: [slug, number],
      post: {
        description: 'Starts a transcription job; it is `done` within a second.',
        responses: {
          '202': { description: 'started', headers: { Location: { schema: { type: 'string' } } }, content: json(job) },
          '404': none,
        },
      },
    },
    '/jobs/{jobId}': {
      parameters: [{ name: 'jobId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'the job', content: json(job) }, '404': none } },
    },
  },
});

function shows(ends: boolean) {
  const all = new Map<string, { show: Record<string, unknown>; episodes: Record<string, unknown>[] }>();
  const jobs = new Map<string, number>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = parseObject(await readBody(req));
    const parts = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    const valid = typeof sent?.name === 'string' && sent.name.length > 0 && [...sent.name].length <= 20;
    if (parts[0] === 'jobs' && parts.length === 2) {
      const started = jobs.get(parts[1]!);
      if (started === undefined) return sendJson(res, 404, {});
      const status = ends && Date.now() - started > 300 ? 'done' : 'running';
      return sendJson(res, 200, { id: parts[1], status });
    }
    if (parts[0] !== 'shows') return sendJson(res, 404, {});
    if (parts.length === 1) {
      if (req.method === 'GET')
        return sendJson(
          res,
          200,
          [...all.values()].map((one) => one.show),
        );
      if (!valid || Object.keys(sent!).length !== 1) return sendJson(res, 400, {});
      const made = { id: `s${all.size + 1}`, name: sent!.name };
      all.set(made.id, { show: made, episodes: [] });
      return sendJson(res, 201, made);
    }
    const held = all.get(decodeURIComponent(parts[1]!));
    if (!held) return sendJson(res, 404, {});
    if (parts.length === 2) return sendJson(res, 200, held.show);
    if (parts.length === 3) {
      if (req.method === 'GET') return sendJson(res, 200, held.episodes);
      if (!valid || Object.keys(sent!).length !== 1) return sendJson(res, 400, {});
      const made = { number: held.episodes.length + 1, name: sent!.name };
      held.episodes.push(made);
      return sendJson(res, 201, made);
    }
    const found = held.episodes.find((one) => String(one.number) === parts[3]);
    if (!found) return sendJson(res, 404, {});
    if (parts.length === 4) return sendJson(res, 200, found);
    const id = `j${jobs.size + 1}`;
    jobs.set(id, Date.now());
    res.writeHead(202, { 'content-type': 'application/json', location: `/jobs/${id}` });
    return res.end(JSON.stringify({ id, status: 'queued' }));
  };
}

const codes = async (ends: boolean) =>
  (await runConformance({ target: { app: shows(ends) }, contract, seed: 6, runs: 5 })).violations.map((v) => v.code);

describe('a job below a nested item', () => {
  it('that ends passes', async () => {
    expect(await codes(true)).toEqual([]);
  });

  it('that never ends is named', async () => {
    expect(await codes(false)).toContain('job_never_completes');
  });
});
