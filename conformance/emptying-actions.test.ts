// An action that empties an instant of its own (an unarchive's `archivedAt`) answers 409 on an item
// where it is empty: before its cases, the run takes the action that sets it (the archive), so the
// unarchive's documented success is reached and judged.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const note = {
  type: 'object',
  required: ['id', 'title', 'archivedAt'],
  properties: {
    id: { type: 'string', readOnly: true },
    title: { type: 'string' },
    archivedAt: { type: 'string', format: 'date-time', nullable: true, readOnly: true },
  },
};
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const none = { description: 'none' };
const action = (words: string) => ({
  parameters: [id],
  post: {
    description: words,
    responses: { '200': { description: 'done', content: json(note) }, '404': none, '409': { description: 'refused' } },
  },
});

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'notes', version: '1' },
  paths: {
    '/notes': {
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['title'],
            properties: { title: { type: 'string' } },
          }),
        },
        responses: { '201': { description: 'made', content: json(note) }, '400': { description: 'bad' } },
      },
    },
    '/notes/{id}': {
      parameters: [id],
      get: { responses: { '200': { description: 'one', content: json(note) }, '404': none } },
    },
    '/notes/{id}/archive': action('Sets `archivedAt` to now. An already archived note is refused with `409`.'),
    '/notes/{id}/unarchive': action(
      'Sets `archivedAt` back to `null`. A note that is not archived is refused with `409`.',
    ),
  },
});

function notes() {
  const all = new Map<string, { id: string; title: string; archivedAt: string | null }>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, verb, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'notes' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method !== 'POST') return sendJson(res, 405, {});
      if (!body || Object.keys(body).join() !== 'title' || typeof body.title !== 'string')
        return sendJson(res, 400, {});
      const made = { id: `n${all.size + 1}`, title: body.title, archivedAt: null };
      all.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = all.get(key);
    if (!found) return sendJson(res, 404, {});
    if (verb === undefined) return req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 405, {});
    if (req.method !== 'POST') return sendJson(res, 405, {});
    if (verb === 'archive') {
      if (found.archivedAt !== null) return sendJson(res, 409, {});
      found.archivedAt = new Date().toISOString();
      return sendJson(res, 200, found);
    }
    if (verb !== 'unarchive') return sendJson(res, 404, {});
    if (found.archivedAt === null) return sendJson(res, 409, {});
    found.archivedAt = null;
    return sendJson(res, 200, found);
  };
}

describe('an action emptying what another sets', () => {
  it('is taken once the other set it, so its success is reached', async () => {
    const report = await runConformance({ target: { app: notes() }, contract, seed: 4 });
    expect(report.violations.filter((v) => v.severity !== 'note').map((v) => v.message)).toEqual([]);
    expect(report.reach?.notReached ?? []).not.toContain('POST /notes/{id}/unarchive');
  });
});
