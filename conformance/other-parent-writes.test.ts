// An item below a parent is found only under it: deleted at another parent's path, it is refused
// (404). A service that finds notes by their id alone, whatever the project, is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const named = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 20 } },
};
const thing = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } },
};
const path = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const none = { '404': { description: 'none' } };
const made = {
  requestBody: { required: true, content: json(named) },
  responses: { '201': { description: 'made', content: json(thing) }, '400': { description: 'bad' }, ...none },
};
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'projects', version: '1' },
  paths: {
    '/projects': { post: made },
    '/projects/{projectId}': {
      parameters: [path('projectId')],
      get: { responses: { '200': { description: 'one', content: json(thing) }, ...none } },
    },
    '/projects/{projectId}/notes': { parameters: [path('projectId')], post: made },
    '/projects/{projectId}/notes/{noteId}': {
      parameters: [path('projectId'), path('noteId')],
      get: { responses: { '200': { description: 'one', content: json(thing) }, ...none } },
      delete: { responses: { '204': { description: 'gone' }, ...none } },
    },
  },
});

function tracker(byIdAlone: boolean) {
  const projects = new Set<string>();
  const notes = new Map<string, { id: string; name: string; project: string }>();
  let next = 0;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const [top, projectId, sub, noteId] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (top !== 'projects') return send(res, 404, {});
    if (req.method === 'POST') {
      const body = parseObject(await readBody(req));
      const name = body?.name;
      const valid =
        body && Object.keys(body).join() === 'name' && typeof name === 'string' && name && [...name].length <= 20;
      if (!projectId) {
        if (!valid) return send(res, 400, {});
        const id = `p${++next}`;
        projects.add(id);
        return send(res, 201, { id, name });
      }
      if (!projects.has(projectId) || sub !== 'notes' || noteId) return send(res, 404, {});
      if (!valid) return send(res, 400, {});
      const note = { id: `n${++next}`, name: name as string, project: projectId };
      notes.set(note.id, note);
      return send(res, 201, { id: note.id, name: note.name });
    }
    if (!projectId || !projects.has(projectId)) return send(res, 404, {});
    if (!sub) return req.method === 'GET' ? send(res, 200, { id: projectId, name: 'p' }) : send(res, 405, {});
    const note = notes.get(noteId ?? '');
    if (!note || (!byIdAlone && note.project !== projectId)) return send(res, 404, {});
    if (req.method === 'DELETE') {
      notes.delete(note.id);
      return send(res, 204);
    }
    return send(res, 200, { id: note.id, name: note.name });
  };
}

const throughOther = async (byIdAlone: boolean) => {
  const report = await runConformance({ target: { app: tracker(byIdAlone) }, contract, seed: 3, runs: 3 });
  return report.violations.filter((v) => v.code === 'item_reached_through_other_parent').length;
};

describe('an item deleted at another parent', () => {
  it('passes a service that finds it only under its own', async () => {
    expect(await throughOther(false)).toBe(0);
  });

  it('names one that finds it by its id alone', async () => {
    expect(await throughOther(true)).toBeGreaterThan(0);
  });
});
