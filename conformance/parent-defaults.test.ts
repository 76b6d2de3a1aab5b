// A member whose default the parent holds ("`priority` defaults to the project's `defaultPriority`"):
// a project made with another default, a task under it without a priority, which must take the
// project's. A tracker that gives every such task 3 is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const priority = { type: 'integer', minimum: 1, maximum: 5 };
const name = { type: 'string', minLength: 1, maxLength: 20 };
const project = {
  type: 'object',
  required: ['id', 'name', 'defaultPriority'],
  properties: { id: { type: 'integer', readOnly: true }, name, defaultPriority: priority },
};
const task = {
  type: 'object',
  required: ['id', 'title', 'priority'],
  properties: { id: { type: 'integer', readOnly: true }, title: name, priority },
};
const id = (param: string) => ({ name: param, in: 'path', required: true, schema: { type: 'integer' } });
const list = (schema: unknown) => ({ description: 'all', content: json({ type: 'array', items: schema }) });
const one = (schema: unknown) => ({ description: 'one', content: json(schema) });

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'projects', version: '1' },
  paths: {
    '/projects': {
      get: { responses: { '200': list(project) } },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['name'],
            properties: { name, defaultPriority: { ...priority, default: 3 } },
          }),
        },
        responses: { '201': one(project), '400': none },
      },
    },
    '/projects/{projectId}': {
      parameters: [id('projectId')],
      get: { responses: { '200': one(project), '404': none } },
    },
    '/projects/{projectId}/tasks': {
      parameters: [id('projectId')],
      get: { responses: { '200': list(task), '404': none } },
      post: {
        description: "Adds a task. `priority` defaults to the project's `defaultPriority`.",
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['title'],
            properties: { title: name, priority },
          }),
        },
        responses: { '201': one(task), '400': none, '404': none },
      },
    },
    '/projects/{projectId}/tasks/{taskId}': {
      parameters: [id('projectId'), id('taskId')],
      get: { responses: { '200': one(task), '404': none } },
    },
  },
});

function tracker(fixedDefault = false) {
  const projects = new Map<number, { id: number; name: string; defaultPriority: number }>();
  const tasks = new Map<number, Array<{ id: number; title: string; priority: number }>>();
  let last = 0;
  const validName = (v: unknown) => typeof v === 'string' && v.length > 0 && [...v].length <= 20;
  const validPriority = (v: unknown) => Number.isInteger(v) && Number(v) >= 1 && Number(v) <= 5;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, below, inner, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'projects' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...projects.values()]);
      const known = body && Object.keys(body).every((n) => n === 'name' || n === 'defaultPriority');
      if (!known || !validName(body.name) || ('defaultPriority' in body && !validPriority(body.defaultPriority)))
        return sendJson(res, 400, {});
      const made = { id: ++last, name: String(body.name), defaultPriority: Number(body.defaultPriority ?? 3) };
      projects.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = projects.get(Number(key));
    if (!found) return sendJson(res, 404, {});
    if (below === undefined) return sendJson(res, 200, found);
    if (below !== 'tasks') return sendJson(res, 404, {});
    const held = tasks.get(found.id) ?? [];
    if (inner !== undefined) {
      const one = held.find((t) => String(t.id) === inner);
      return one ? sendJson(res, 200, one) : sendJson(res, 404, {});
    }
    if (req.method === 'GET') return sendJson(res, 200, held);
    const known = body && Object.keys(body).every((n) => n === 'title' || n === 'priority');
    if (!known || !validName(body.title) || ('priority' in body && !validPriority(body.priority)))
      return sendJson(res, 400, {});
    const fallback = fixedDefault ? 3 : found.defaultPriority;
    const made = { id: ++last, title: String(body.title), priority: Number(body.priority ?? fallback) };
    tasks.set(found.id, [...held, made]);
    return sendJson(res, 201, made);
  };
}

const run = (fault?: boolean) => runConformance({ target: { app: tracker(fault) }, contract, seed: 25 });

describe('a member whose default the parent holds', () => {
  it("takes the parent's value on a correct tracker, with the step run", async () => {
    const result = await run();
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((u) => u.scenario === 'parent defaults')).toEqual([]);
  });

  it('names a tracker that gives every task the schema default', async () => {
    expect((await run(true)).violations.map((v) => v.code)).toContain('parent_default_not_applied');
  });
});
