// `Prefer: return=minimal` where the document ties it to a bodiless answer ("200 with the task, or,
// when the request carries Prefer: return=minimal, 204 without a body"): the run sends its last
// stored change again with it. A service that ignores the preference, or that drops the body
// unasked, is named; one that honours it passes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const task = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string', minLength: 1, maxLength: 30 } },
};
const taskId = { name: 'taskId', in: 'path', required: true, schema: { type: 'string' } };
const body = { required: true, content: json({ type: 'object', properties: { name: task.properties.name } }) };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'tasks', version: '1' },
  paths: {
    '/tasks': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: task }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({ type: 'object', required: ['name'], properties: { name: task.properties.name } }),
        },
        responses: { '201': { description: 'made', content: json(task) }, '400': none },
      },
    },
    '/tasks/{taskId}': {
      parameters: [taskId],
      get: { responses: { '200': { description: 'the task', content: json(task) }, '404': none } },
      patch: {
        description:
          'Changes the task. The answer is 200 with the task, or, when the request carries `Prefer: return=minimal`, 204 without a body.',
        parameters: [{ name: 'Prefer', in: 'header', schema: { type: 'string' } }],
        requestBody: body,
        responses: {
          '200': { description: 'the changed task', content: json(task) },
          '204': { description: 'changed (return=minimal)' },
          '400': none,
          '404': none,
        },
      },
    },
  },
});

type Fault = 'none' | 'ignores-preference' | 'always-minimal';

function tasks(fault: Fault) {
  const made = new Map<string, { id: string; name: string }>();
  const send = (res: ServerResponse, status: number, item?: unknown) =>
    item === undefined
      ? res.writeHead(status).end()
      : res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(item));
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = parseObject(await readBody(req));
    const [root, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'tasks' || rest.length > 0) return send(res, 404, {});
    const name = sent?.name;
    const valid = typeof name === 'string' && name.length >= 1 && [...name].length <= 30;
    if (key === undefined) {
      if (req.method === 'GET') return send(res, 200, [...made.values()]);
      if (!valid) return send(res, 400, {});
      const item = { id: `t${made.size + 1}`, name: name as string };
      made.set(item.id, item);
      return send(res, 201, item);
    }
    const item = made.get(decodeURIComponent(key));
    if (!item) return send(res, 404, {});
    if (req.method === 'GET') return send(res, 200, item);
    if (!sent || (!valid && name !== undefined)) return send(res, 400, {});
    if (typeof name === 'string') item.name = name;
    const minimal = /return=minimal/.test(String(req.headers.prefer ?? ''));
    const bodiless = fault === 'always-minimal' || (minimal && fault !== 'ignores-preference');
    return bodiless ? send(res, 204) : send(res, 200, item);
  };
}

const codes = async (fault: Fault) =>
  (await runConformance({ target: { app: tasks(fault) }, contract, seed: 5, runs: 5 })).violations.map((v) => v.code);

describe('Prefer: return=minimal tied to a bodiless answer', () => {
  it('honoured passes', async () => {
    expect(await codes('none')).toEqual([]);
  });

  it('ignored is named', async () => {
    expect(await codes('ignores-preference')).toContain('prefer_minimal_ignored');
  });

  it('a bodiless answer nobody asked for is named', async () => {
    expect(await codes('always-minimal')).toContain('prefer_minimal_unasked');
  });
});
