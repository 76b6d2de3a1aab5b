// A parent its deletion keeps (soft deletion: a `deletedAt`, a restore) is not gone for good: its
// children may stay readable, and a run that reads one there reports nothing. The cascade step says
// why it did not run.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const named = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 20 } },
};
const project = {
  type: 'object',
  required: ['id', 'name', 'deletedAt'],
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string' },
    deletedAt: { type: 'string', format: 'date-time', nullable: true, readOnly: true },
  },
};
const task = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } },
};
const id = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'integer' } });
const list = (schema: unknown) => ({ description: 'all', content: json({ type: 'array', items: schema }) });
const one = (schema: unknown) => ({ description: 'one', content: json(schema) });

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'projects', version: '1' },
  paths: {
    '/projects': {
      get: {
        parameters: [{ name: 'includeDeleted', in: 'query', schema: { type: 'boolean' } }],
        responses: { '200': list(project), '400': none },
      },
      post: { requestBody: { required: true, content: json(named) }, responses: { '201': one(project), '400': none } },
    },
    '/projects/{projectId}': {
      parameters: [id('projectId')],
      get: { responses: { '200': one(project), '404': none } },
      delete: {
        description: 'Sets `deletedAt`: the project leaves the list, and its read keeps answering it.',
        responses: { '204': none, '404': none },
      },
    },
    '/projects/{projectId}/restore': {
      parameters: [id('projectId')],
      post: { responses: { '200': one(project), '404': none, '409': none } },
    },
    '/projects/{projectId}/tasks': {
      parameters: [id('projectId')],
      get: { responses: { '200': list(task), '404': none } },
      post: {
        requestBody: { required: true, content: json(named) },
        responses: { '201': one(task), '400': none, '404': none },
      },
    },
    '/projects/{projectId}/tasks/{taskId}': {
      parameters: [id('projectId'), id('taskId')],
      get: { responses: { '200': one(task), '404': none } },
    },
  },
});

function tracker() {
  const projects = new Map<number, { id: number; name: string; deletedAt: string | null }>();
  const tasks = new Map<number, Array<{ id: number; name: string }>>();
  let last = 0;
  const validName = (body: Record<string, unknown> | undefined) =>
    body !== undefined && typeof body.name === 'string' && body.name.length > 0 && [...body.name].length <= 20;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const url = new URL(req.url ?? '/', 'http://x');
    const [root, key, below, inner, ...rest] = url.pathname.split('/').filter(Boolean);
    if (root !== 'projects' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') {
        const all = url.searchParams.get('includeDeleted') === 'true';
        return sendJson(
          res,
          200,
          [...projects.values()].filter((p) => all || p.deletedAt === null),
        );
      }
      if (!validName(body)) return sendJson(res, 400, {});
      const made = { id: ++last, name: String(body!.name), deletedAt: null };
      projects.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = projects.get(Number(key));
    if (!found) return sendJson(res, 404, {});
    if (below === undefined) {
      if (req.method === 'DELETE') {
        found.deletedAt ??= new Date().toISOString();
        return sendJson(res, 204);
      }
      return sendJson(res, 200, found);
    }
    if (below === 'restore') {
      if (found.deletedAt === null) return sendJson(res, 409, {});
      found.deletedAt = null;
      return sendJson(res, 200, found);
    }
    if (below !== 'tasks') return sendJson(res, 404, {});
    const held = tasks.get(found.id) ?? [];
    if (inner !== undefined) {
      const task = held.find((one) => String(one.id) === inner);
      return task ? sendJson(res, 200, task) : sendJson(res, 404, {});
    }
    if (req.method === 'GET') return sendJson(res, 200, held);
    if (!validName(body)) return sendJson(res, 400, {});
    const made = { id: ++last, name: String(body!.name) };
    tasks.set(found.id, [...held, made]);
    return sendJson(res, 201, made);
  };
}

describe('children of a parent its deletion keeps', () => {
  it('may stay readable: nothing is reported, and the cascade says why it did not run', async () => {
    const result = await runConformance({ target: { app: tracker() }, contract, seed: 15 });
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    const cascade = (result.reach?.unreached ?? []).find((u) => u.scenario === 'cascade');
    expect(cascade?.reason).toMatch(/can be restored/);
  });
});
