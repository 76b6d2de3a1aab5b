// A write at a child item below a parent that does not exist names every other path value too: the
// child's own number is filled, never sent as the text "{number}".
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const named = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 20 } },
};
const project = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, ...named.properties },
};
const task = {
  type: 'object',
  required: ['number', 'name'],
  properties: { number: { type: 'integer', readOnly: true }, ...named.properties },
};
const projectId = { name: 'projectId', in: 'path', required: true, schema: { type: 'string' } };
const number = { name: 'number', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
const made = (schema: unknown) => ({
  requestBody: { required: true, content: json({ ...named, additionalProperties: false }) },
  responses: {
    '201': { description: 'made', content: json(schema) },
    '400': { description: 'bad' },
    '404': { description: 'none' },
  },
});
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'projects', version: '1' },
  paths: {
    '/projects': { post: made(project) },
    '/projects/{projectId}': {
      parameters: [projectId],
      get: { responses: { '200': { description: 'one', content: json(project) }, '404': { description: 'none' } } },
    },
    '/projects/{projectId}/tasks': { parameters: [projectId], post: made(task) },
    '/projects/{projectId}/tasks/{number}': {
      parameters: [projectId, number],
      get: { responses: { '200': { description: 'one', content: json(task) }, '404': { description: 'none' } } },
      delete: { responses: { '204': { description: 'gone' }, '404': { description: 'none' } } },
    },
  },
});

/** A tracker that fails loudly (500) on a path holding an unfilled template. */
function tracker() {
  const projects = new Map<
    string,
    { id: string; name: string; tasks: Map<number, { number: number; name: string }> }
  >();
  let next = 0;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    if (/[{}]|%7B|%7D/i.test(url)) return send(res, 500, { message: 'unfilled path template' });
    const [, id, , num] = url.split('?')[0]!.split('/').filter(Boolean);
    const body = req.method === 'POST' ? parseObject(await readBody(req)) : undefined;
    const validName = (b: Record<string, unknown> | undefined) =>
      b &&
      Object.keys(b).join() === 'name' &&
      typeof b.name === 'string' &&
      b.name.length >= 1 &&
      [...b.name].length <= 20;
    if (req.method === 'POST' && id === undefined) {
      if (!validName(body)) return send(res, 400, {});
      const one = { id: `p${++next}`, name: body!.name as string, tasks: new Map() };
      projects.set(one.id, one);
      return send(res, 201, { id: one.id, name: one.name });
    }
    const found = projects.get(id ?? '');
    if (!found) return send(res, 404, {});
    if (num === undefined && req.method === 'GET') return send(res, 200, { id: found.id, name: found.name });
    if (num === undefined && req.method === 'POST') {
      if (!validName(body)) return send(res, 400, {});
      const one = { number: found.tasks.size + 1, name: body!.name as string };
      found.tasks.set(one.number, one);
      return send(res, 201, one);
    }
    const item = found.tasks.get(Number(num));
    if (!item) return send(res, 404, {});
    if (req.method === 'DELETE') {
      found.tasks.delete(item.number);
      return send(res, 204);
    }
    return send(res, 200, item);
  };
}

describe('a write below a missing parent', () => {
  it('fills every other path value', async () => {
    const report = await runConformance({ target: { app: tracker() }, contract, seed: 3, runs: 3 });
    expect(report.violations.filter((v) => v.code === 'server_error').map((v) => v.message)).toEqual([]);
  });
});
