// A count of the items in some states moved by an action that does not start where a new item starts
// (a job's `complete` takes one `in_progress`): the run starts a new job first, then completes it
// and reads the garage's count of open jobs drop. A garage that still counts completed jobs is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const text = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const none = { '404': { description: 'none' } };
const title = { type: 'string', minLength: 1, maxLength: 20 };
const garage = {
  type: 'object',
  required: ['id', 'name', 'openJobCount'],
  properties: {
    id: { type: 'string', readOnly: true },
    name: title,
    openJobCount: {
      type: 'integer',
      readOnly: true,
      description: "The number of the garage's jobs whose status is `open` or `in_progress`.",
    },
  },
};
const job = {
  type: 'object',
  required: ['id', 'title', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    title,
    status: { type: 'string', enum: ['open', 'in_progress', 'completed'], readOnly: true },
  },
};
const input = (members: Record<string, unknown>) =>
  json({ type: 'object', additionalProperties: false, required: Object.keys(members), properties: members });
const listOf = (schema: unknown) => ({
  get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: schema }) }, ...none } },
});
const move = (from: string, to: string) => ({
  parameters: [text('garageId'), text('jobId')],
  post: {
    description: `Allowed only when \`status\` is \`${from}\`; otherwise \`409\`. The job becomes \`${to}\`.`,
    responses: { '200': { description: 'moved', content: json(job) }, '409': { description: 'not now' }, ...none },
  },
});
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'garages', version: '1' },
  paths: {
    '/garages': {
      ...listOf(garage),
      post: {
        requestBody: { required: true, content: input({ name: title }) },
        responses: { '201': { description: 'made', content: json(garage) }, '400': { description: 'bad' } },
      },
    },
    '/garages/{garageId}': {
      parameters: [text('garageId')],
      get: { responses: { '200': { description: 'one', content: json(garage) }, ...none } },
    },
    '/garages/{garageId}/jobs': {
      parameters: [text('garageId')],
      ...listOf(job),
      post: {
        requestBody: { required: true, content: input({ title }) },
        responses: { '201': { description: 'made', content: json(job) }, '400': { description: 'bad' }, ...none },
      },
    },
    '/garages/{garageId}/jobs/{jobId}': {
      parameters: [text('garageId'), text('jobId')],
      get: { responses: { '200': { description: 'one', content: json(job) }, ...none } },
    },
    '/garages/{garageId}/jobs/{jobId}/start': move('open', 'in_progress'),
    '/garages/{garageId}/jobs/{jobId}/complete': move('in_progress', 'completed'),
  },
});

type Job = { id: string; title: string; status: string };

function garages(countsCompleted = false) {
  const all = new Map<string, { id: string; name: string; jobs: Job[] }>();
  let last = 0;
  const counted = (one: Job) => one.status !== 'completed' || countsCompleted;
  const view = ({ jobs, ...rest }: { id: string; name: string; jobs: Job[] }) => ({
    ...rest,
    openJobCount: jobs.filter(counted).length,
  });
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = parseObject(await readBody(req));
    const [root, key, below, jobId, verb, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'garages' || rest.length > 0) return sendJson(res, 404, {});
    const valid = (member: string) =>
      sent !== undefined &&
      Object.keys(sent).length === 1 &&
      typeof sent[member] === 'string' &&
      (sent[member] as string).length > 0 &&
      [...(sent[member] as string)].length <= 20;
    if (key === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...all.values()].map(view));
      if (!valid('name')) return sendJson(res, 400, {});
      const made = { id: `g${++last}`, name: sent!.name as string, jobs: [] };
      all.set(made.id, made);
      return sendJson(res, 201, view(made));
    }
    const found = all.get(decodeURIComponent(key));
    if (!found) return sendJson(res, 404, {});
    if (below === undefined) return req.method === 'GET' ? sendJson(res, 200, view(found)) : sendJson(res, 404, {});
    if (below !== 'jobs') return sendJson(res, 404, {});
    if (jobId === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, found.jobs);
      if (!valid('title')) return sendJson(res, 400, {});
      const made = { id: `j${++last}`, title: sent!.title as string, status: 'open' };
      found.jobs.push(made);
      return sendJson(res, 201, made);
    }
    const one = found.jobs.find((each) => each.id === decodeURIComponent(jobId));
    if (!one) return sendJson(res, 404, {});
    if (verb === undefined) return req.method === 'GET' ? sendJson(res, 200, one) : sendJson(res, 404, {});
    const moves: Record<string, [string, string]> = {
      start: ['open', 'in_progress'],
      complete: ['in_progress', 'completed'],
    };
    const [from, to] = moves[verb] ?? [];
    if (req.method !== 'POST' || !from || !to) return sendJson(res, 404, {});
    if (one.status !== from) return sendJson(res, 409, {});
    one.status = to;
    return sendJson(res, 200, one);
  };
}

const run = (fault?: boolean) => runConformance({ target: { app: garages(fault) }, contract: document, seed: 5 });

describe('counts moved by an action taken from a later state', () => {
  it('passes a garage that keeps them, with every step run', async () => {
    const result = await run();
    expect(result.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((u) => u.scenario === 'state counts')).toEqual([]);
  });

  it('names a garage that still counts completed jobs', async () => {
    expect((await run(true)).violations.map((v) => v.code)).toContain('state_count_wrong');
  });
});
