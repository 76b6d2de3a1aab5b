// A PATCH that takes the item's state member moves it (an issue closed by `{"state": "closed"}`), and
// the state's own instant is then set (`closedAt`). A tracker that closes without the time is named.
// Where the words make the instant null while the item is open, a reopened issue holds none.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const state = { type: 'string', enum: ['open', 'closed'] };
const issue = {
  type: 'object',
  required: ['id', 'title', 'state', 'closedAt'],
  properties: {
    id: { type: 'integer', readOnly: true },
    title: { type: 'string' },
    state: { ...state, readOnly: true },
    closedAt: {
      type: 'string',
      format: 'date-time',
      nullable: true,
      readOnly: true,
      description: 'When the issue was closed; null while it is open.',
    },
  },
};
const title = { type: 'string', minLength: 1, maxLength: 20 };
const one = { description: 'one', content: json(issue) };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'issues', version: '1' },
  paths: {
    '/issues': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: issue }) } } },
      post: {
        requestBody: { required: true, content: json({ type: 'object', required: ['title'], properties: { title } }) },
        responses: { '201': one, '400': none },
      },
    },
    '/issues/{issueId}': {
      parameters: [{ name: 'issueId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': one, '404': none } },
      patch: {
        requestBody: {
          required: true,
          content: { 'application/merge-patch+json': { schema: { type: 'object', properties: { title, state } } } },
        },
        responses: { '200': one, '400': none, '404': none, '409': none },
      },
    },
  },
});

type Fault = 'timeless' | 'kept on reopening' | 'never reopened';

function tracker(fault?: Fault) {
  const issues = new Map<number, { id: number; title: string; state: string; closedAt: string | null }>();
  let last = 0;
  const validTitle = (v: unknown) => typeof v === 'string' && v.length > 0 && [...v].length <= 20;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'issues' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...issues.values()]);
      if (!body || !validTitle(body.title)) return sendJson(res, 400, {});
      const made = { id: ++last, title: String(body.title), state: 'open', closedAt: null };
      issues.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = issues.get(Number(key));
    if (!found) return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, found);
    if (req.method !== 'PATCH' || !body) return sendJson(res, 400, {});
    if (Object.keys(body).some((name) => name !== 'title' && name !== 'state')) return sendJson(res, 400, {});
    if ('title' in body && !validTitle(body.title)) return sendJson(res, 400, {});
    if ('state' in body && body.state !== 'open' && body.state !== 'closed') return sendJson(res, 400, {});
    if ('title' in body) found.title = String(body.title);
    if (body.state === 'closed' && found.state !== 'closed') {
      found.state = 'closed';
      found.closedAt = fault === 'timeless' ? null : new Date().toISOString();
    } else if (body.state === 'open' && found.state === 'closed') {
      // A tracker may keep closed issues closed: the document gives it a 409.
      if (fault === 'never reopened') return sendJson(res, 409, {});
      found.state = 'open';
      if (fault !== 'kept on reopening') found.closedAt = null;
    }
    return sendJson(res, 200, found);
  };
}

const run = (fault?: Fault) => runConformance({ target: { app: tracker(fault) }, contract, seed: 23 });

describe('a state moved by PATCH', () => {
  it("sets the state's instant on a correct tracker", async () => {
    expect((await run()).violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });

  it('names a tracker that closes an issue without its closedAt', async () => {
    const found = (await run('timeless')).violations.filter((v) => v.code === 'state_time_missing');
    expect(found.map((v) => v.message).join('\n')).toMatch(/closedAt/);
  });

  it('names a tracker that keeps closedAt on an issue it reopens', async () => {
    const found = (await run('kept on reopening')).violations.filter((v) => v.code === 'change_not_stored');
    expect(found.map((v) => v.message).join('\n')).toMatch(/closedAt/);
  });

  it('passes a tracker that keeps closed issues closed with its documented 409', async () => {
    const report = await run('never reopened');
    expect(report.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect(report.notes?.map((note) => note.code) ?? []).toContain('item_state_refused');
  });
});
