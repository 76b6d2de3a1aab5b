// An item created straight into a later state (`state: done` sent) carries that state's instant
// (`doneAt`): a service that leaves it null there is named; one that sets it passes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const input = {
  type: 'object',
  additionalProperties: false,
  required: ['title'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 30 },
    state: { type: 'string', enum: ['open', 'done'], default: 'open' },
  },
};
const task = {
  type: 'object',
  required: ['id', 'title', 'state', 'doneAt'],
  properties: {
    id: { type: 'string', readOnly: true },
    ...input.properties,
    doneAt: { type: 'string', format: 'date-time', nullable: true, readOnly: true, description: 'Null until done.' },
  },
};
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'tasks', version: '1' },
  paths: {
    '/tasks': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: task }) } } },
      post: {
        requestBody: { required: true, content: json(input) },
        responses: { '201': { description: 'made', content: json(task) }, '400': { description: 'bad' } },
      },
    },
  },
});

function board(forgetsDoneAt: boolean) {
  const tasks: Record<string, unknown>[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    if ((req.url ?? '').split('?')[0] !== '/tasks') return send(res, 404, {});
    if (req.method === 'GET') return send(res, 200, tasks);
    const body = parseObject(await readBody(req));
    const title = body?.title;
    const state = body && 'state' in body ? body.state : 'open';
    const valid =
      body &&
      typeof title === 'string' &&
      title.length >= 1 &&
      [...title].length <= 30 &&
      Object.keys(body).every((key) => key === 'title' || key === 'state') &&
      (state === 'open' || state === 'done');
    if (!valid) return send(res, 400, {});
    const doneAt = state === 'done' && !forgetsDoneAt ? new Date().toISOString() : null;
    const made = { id: `t${tasks.length + 1}`, title, state, doneAt };
    tasks.push(made);
    return send(res, 201, made);
  };
}

const missing = async (forgetsDoneAt: boolean) => {
  const report = await runConformance({ target: { app: board(forgetsDoneAt) }, contract, seed: 3, runs: 10 });
  return report.violations.filter((v) => v.code === 'state_instant_missing').length;
};

describe('an item created in a later state', () => {
  it('passes a service that stamps the instant of that state', async () => {
    expect(await missing(false)).toBe(0);
  });

  it('names one that leaves it null', async () => {
    expect(await missing(true)).toBeGreaterThan(0);
  });
});
