// A change refused for its stale If-Match changes nothing: the run sends it with other values than
// the change before it, then reads the item, which must still hold the earlier change. A service
// that applies the body before it answers 412 is named, on its PATCH and on its PUT alike.
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
const answer = { description: 'ok', headers: { ETag: { schema: { type: 'string' } } }, content: json(task) };
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
        responses: { '201': answer, '400': none },
      },
    },
    '/tasks/{taskId}': {
      parameters: [taskId],
      get: { responses: { '200': answer, '404': none } },
      patch: {
        parameters: [{ name: 'If-Match', in: 'header', required: true, schema: { type: 'string' } }],
        requestBody: body,
        responses: { '200': answer, '400': none, '404': none, '412': none, '428': none },
      },
      put: {
        parameters: [{ name: 'If-Match', in: 'header', required: true, schema: { type: 'string' } }],
        requestBody: {
          required: true,
          content: json({ type: 'object', required: ['name'], properties: { name: task.properties.name } }),
        },
        responses: { '200': answer, '400': none, '404': none, '412': none, '428': none },
      },
    },
  },
});

/** Tasks with a version as their ETag; the change `appliesFirst` names stores a stale body before
 * refusing it. */
function tasks(appliesFirst: 'none' | 'PATCH' | 'PUT') {
  const made = new Map<string, { item: { id: string; name: string }; version: number }>();
  const send = (res: ServerResponse, status: number, found?: { item: unknown; version: number }) =>
    res
      .writeHead(status, { 'content-type': 'application/json', ...(found ? { etag: `"v${found.version}"` } : {}) })
      .end(JSON.stringify(found?.item ?? {}));
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = parseObject(await readBody(req));
    const [root, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'tasks' || rest.length > 0) return send(res, 404);
    const name = sent?.name;
    const valid = typeof name === 'string' && name.length >= 1 && [...name].length <= 30;
    if (key === undefined) {
      if (req.method === 'GET')
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify([...made.values()].map((one) => one.item)));
      if (!valid) return send(res, 400);
      const found = { item: { id: `t${made.size + 1}`, name: name as string }, version: 1 };
      made.set(found.item.id, found);
      return send(res, 201, found);
    }
    const found = made.get(decodeURIComponent(key));
    if (!found) return send(res, 404);
    if (req.method === 'GET') return send(res, 200, found);
    const match = req.headers['if-match'];
    if (match === undefined) return send(res, 428);
    if (!sent || (!valid && (sent.name !== undefined || req.method === 'PUT'))) return send(res, 400);
    const stale = match !== '*' && match !== `"v${found.version}"`;
    if (stale && appliesFirst !== req.method) return send(res, 412);
    if (typeof name === 'string') found.item.name = name;
    found.version++;
    return stale ? send(res, 412) : send(res, 200, found);
  };
}

const run = (appliesFirst: 'none' | 'PATCH' | 'PUT') =>
  runConformance({ target: { app: tasks(appliesFirst) }, contract, seed: 13, runs: 5 });

describe('a change refused for its stale If-Match', () => {
  it('passes a service that leaves the item as it was', async () => {
    const report = await run('none');
    expect(report.violations.map((v) => `${v.code} ${v.operation}: ${v.message}`)).toEqual([]);
  });

  it('names a service that applied it before refusing it', async () => {
    const report = await run('PATCH');
    expect(report.violations.map((v) => `${v.code} ${v.caseLabel}`).join('\n')).toMatch(
      /change_not_stored .*after a change refused for its stale ETag/,
    );
  });

  it('names a service whose PUT applied it before refusing it, beside a PATCH that does not', async () => {
    const report = await run('PUT');
    expect(report.violations.map((v) => `${v.code} ${v.caseLabel}`).join('\n')).toMatch(
      /change_not_stored .*after a change refused for its stale ETag/,
    );
  });
});
