// An item its deletion keeps, frozen by the words until restored ("A deleted project is read-only:
// changes and new tasks are answered `409` until it is restored"): a change of a deleted project, a
// second deletion and a task made under it must be refused. A tracker that changes a deleted project,
// or deletes it twice, is named. A parent its deletion keeps is not gone for good: its tasks may stay
// readable, and the cascade step says why it did not judge them.
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

const raw = {
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
      patch: {
        requestBody: { required: true, content: json(named) },
        responses: { '200': one(project), '400': none, '404': none, '409': none },
      },
      delete: {
        description:
          'Sets `deletedAt`: the project leaves the list, and its read keeps answering it. A deleted project is read-only: changes and new tasks are answered `409` until it is restored. Deleting a project that is already deleted is answered `409`.',
        responses: { '204': none, '404': none, '409': none },
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
        responses: { '201': one(task), '400': none, '404': none, '409': none },
      },
    },
    '/projects/{projectId}/tasks/{taskId}': {
      parameters: [id('projectId'), id('taskId')],
      get: { responses: { '200': one(task), '404': none } },
    },
  },
};
const contract = contractFromDocument(raw);

function tracker(fault?: 'deleted-changeable' | 'deleted-again' | 'tasks-under-deleted') {
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
      if (req.method === 'PATCH') {
        if (!validName(body)) return sendJson(res, 400, {});
        if (found.deletedAt !== null && fault !== 'deleted-changeable') return sendJson(res, 409, {});
        found.name = String(body!.name);
        return sendJson(res, 200, found);
      }
      if (req.method === 'DELETE') {
        if (found.deletedAt !== null && fault !== 'deleted-again') return sendJson(res, 409, {});
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
    if (found.deletedAt !== null && fault !== 'tasks-under-deleted') return sendJson(res, 409, {});
    const made = { id: ++last, name: String(body!.name) };
    tasks.set(found.id, [...held, made]);
    return sendJson(res, 201, made);
  };
}

const run = (fault?: 'deleted-changeable' | 'deleted-again') =>
  runConformance({ target: { app: tracker(fault) }, contract, seed: 24 });

describe('an item its deletion freezes', () => {
  it('passes a tracker that refuses writes to it, with every step run', async () => {
    const result = await run();
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((u) => u.scenario === 'frozen deletion')).toEqual([]);
    // Its tasks may stay readable while it is deleted: the cascade says why it did not judge them.
    const cascade = (result.reach?.unreached ?? []).find((u) => u.scenario === 'cascade');
    expect(cascade?.reason).toMatch(/can be restored/);
  });

  it('names a tracker that deletes a deleted project again', async () => {
    const found = (await run('deleted-again')).violations.filter((v) => v.code === 'deleted_item_written');
    expect(found.map((v) => v.message).join('\n')).toMatch(/DELETE \/projects\/\{projectId\}/);
  });

  it('names a tracker that changes a deleted project', async () => {
    const found = (await run('deleted-changeable')).violations.filter((v) => v.code === 'deleted_item_written');
    expect(found.map((v) => v.message).join('\n')).toMatch(/PATCH \/projects\/\{projectId\}/);
  });

  it.each([
    ['', 0],
    ['Tasks cannot be added to a deleted project (`409`).', 1],
  ] as const)(
    'takes children under it as its change\'s words leave them, unless theirs say otherwise: "%s"',
    async (taskWords, named) => {
      const moved = JSON.parse(JSON.stringify(raw));
      const projectItem = moved.paths['/projects/{projectId}'];
      projectItem.delete.description =
        'Sets `deletedAt`: the project leaves the list, and its read keeps answering it.';
      projectItem.patch.description = 'A deleted project cannot be changed: the request is answered with `409`.';
      moved.paths['/projects/{projectId}/tasks'].post.description = taskWords;
      const result = await runConformance({
        target: { app: tracker('tasks-under-deleted') },
        contract: contractFromDocument(moved),
        seed: 24,
      });
      const found = result.violations.filter((v) => v.code === 'deleted_item_written');
      expect(found.length > 0 ? 1 : 0).toBe(named);
    },
  );

  it("reads the freeze from the change's own words", async () => {
    const moved = JSON.parse(JSON.stringify(raw));
    const projectItem = moved.paths['/projects/{projectId}'];
    projectItem.delete.description =
      'Sets `deletedAt`: the project leaves the list, and its read keeps answering it. Deleting a project that is already deleted is answered `409`.';
    projectItem.patch.description =
      'Changes the project. A soft-deleted project cannot be changed: the request is answered with `409` (restore it first).';
    const result = await runConformance({
      target: { app: tracker('deleted-changeable') },
      contract: contractFromDocument(moved),
      seed: 24,
    });
    expect(result.violations.filter((v) => v.code === 'deleted_item_written').length).toBeGreaterThan(0);
  });
});
