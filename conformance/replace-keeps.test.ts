// Children a replacement keeps ("Replaces the project's `name`; its tasks are kept"): the run
// replaces a project of its own that has a task and reads the task after it. A service whose
// replacement drops the tasks is named; one that keeps them passes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const error = json({ type: 'object', required: ['message'], properties: { message: { type: 'string' } } });
const name = { type: 'string', minLength: 1, maxLength: 30 };
const project = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name },
};
const task = {
  type: 'object',
  required: ['id', 'title'],
  properties: { id: { type: 'string', readOnly: true }, title: name },
};
const body = (member: string) =>
  json({ type: 'object', additionalProperties: false, required: [member], properties: { [member]: name } });
const projectId = { name: 'projectId', in: 'path', required: true, schema: { type: 'string' } };
const taskId = { name: 'taskId', in: 'path', required: true, schema: { type: 'string' } };
const none = { description: 'none', content: error };
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'projects', version: '1' },
  paths: {
    '/projects': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: project }) } } },
      post: {
        requestBody: { required: true, content: body('name') },
        responses: { '201': { description: 'made', content: json(project) }, '400': none },
      },
    },
    '/projects/{projectId}': {
      parameters: [projectId],
      get: { responses: { '200': { description: 'one', content: json(project) }, '404': none } },
      put: {
        description: "Replaces the project's `name`; its tasks are kept.",
        requestBody: { required: true, content: body('name') },
        responses: { '200': { description: 'replaced', content: json(project) }, '400': none, '404': none },
      },
    },
    '/projects/{projectId}/tasks': {
      parameters: [projectId],
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: task }) }, '404': none } },
      post: {
        requestBody: { required: true, content: body('title') },
        responses: { '201': { description: 'made', content: json(task) }, '400': none, '404': none },
      },
    },
    '/projects/{projectId}/tasks/{taskId}': {
      parameters: [projectId, taskId],
      get: { responses: { '200': { description: 'one', content: json(task) }, '404': none } },
    },
  },
});

/** Projects and their tasks; with the fault, a replacement starts the project afresh. */
function projects(fault: boolean) {
  const all = new Map<string, { id: string; name: string; tasks: { id: string; title: string }[] }>();
  let made = 0;
  const view = ({ id, name: text }: { id: string; name: string }) => ({ id, name: text });
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = parseObject(await readBody(req));
    const [root, id, sub, childId, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'projects' || rest.length > 0) return sendJson(res, 404, { message: 'no such path' });
    const valid = (member: string) =>
      sent !== undefined &&
      Object.keys(sent).join() === member &&
      typeof sent[member] === 'string' &&
      (sent[member] as string).length >= 1 &&
      [...(sent[member] as string)].length <= 30;
    if (id === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...all.values()].map(view));
      if (!valid('name')) return sendJson(res, 400, { message: 'name: 1 to 30 characters' });
      const one = { id: `p${++made}`, name: sent!.name as string, tasks: [] };
      all.set(one.id, one);
      return sendJson(res, 201, view(one));
    }
    const found = all.get(id);
    if (!found) return sendJson(res, 404, { message: 'no such project' });
    if (sub === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, view(found));
      if (req.method !== 'PUT') return sendJson(res, 404, { message: 'no such operation' });
      if (!valid('name')) return sendJson(res, 400, { message: 'name: 1 to 30 characters' });
      found.name = sent!.name as string;
      if (fault) found.tasks = [];
      return sendJson(res, 200, view(found));
    }
    if (sub !== 'tasks') return sendJson(res, 404, { message: 'no such path' });
    if (childId !== undefined) {
      const one = found.tasks.find((t) => t.id === childId);
      return one && req.method === 'GET' ? sendJson(res, 200, one) : sendJson(res, 404, { message: 'no such task' });
    }
    if (req.method === 'GET') return sendJson(res, 200, found.tasks);
    if (!valid('title')) return sendJson(res, 400, { message: 'title: 1 to 30 characters' });
    const one = { id: `t${++made}`, title: sent!.title as string };
    found.tasks.push(one);
    return sendJson(res, 201, one);
  };
}

const run = (fault: boolean) => runConformance({ target: { app: projects(fault) }, contract, seed: 8 });

describe('children a replacement keeps', () => {
  it("are read from the replacement's words", () => {
    const kept = inferApiModel(contract).resources.find((r) => r.collection.path === '/projects')?.idioms
      .childrenKeptOnReplace;
    expect(kept).toEqual(['/projects/{projectId}/tasks']);
  });

  it.each([
    'Replacing a project keeps its `createdAt` and leaves all of its tasks exactly where they are.',
    "Replaces the project's `name`; it keeps its tasks.",
  ])('are read from "%s"', (words) => {
    const said = contractFromDocument(
      JSON.parse(
        JSON.stringify(contract.document).replace("Replaces the project's `name`; its tasks are kept.", words),
      ),
    );
    const kept = inferApiModel(said).resources.find((r) => r.collection.path === '/projects')?.idioms
      .childrenKeptOnReplace;
    expect(kept).toEqual(['/projects/{projectId}/tasks']);
  });

  it('are not read where the replacement deletes them', () => {
    const said = contractFromDocument(
      JSON.parse(
        JSON.stringify(contract.document).replace(
          "Replaces the project's `name`; its tasks are kept.",
          'Replaces the project; it keeps its `createdAt` but deletes its tasks.',
        ),
      ),
    );
    expect(
      inferApiModel(said).resources.find((r) => r.collection.path === '/projects')?.idioms.childrenKeptOnReplace,
    ).toBeUndefined();
  });

  it('pass a service that keeps them', async () => {
    expect((await run(false)).violations.map((v) => `${v.code} ${v.operation}: ${v.message}`)).toEqual([]);
  });

  it('name a service whose replacement drops them', async () => {
    expect((await run(true)).violations.map((v) => v.code)).toContain('created_item_unreadable');
  });
});
