// A new item's update time is its creation time, never before it: a service that stamps updatedAt
// with its start time (seconds before the creation, within any clock slack) is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const instant = { type: 'string', format: 'date-time', readOnly: true };
const note = {
  type: 'object',
  required: ['id', 'title', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'integer', readOnly: true },
    title: { type: 'string', minLength: 1, maxLength: 20 },
    createdAt: instant,
    updatedAt: instant,
  },
};
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'notes', version: '1' },
  paths: {
    '/notes': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: note }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['title'],
            properties: { title: note.properties.title },
          }),
        },
        responses: { '201': { description: 'made', content: json(note) }, '400': { description: 'bad' } },
      },
    },
  },
});

function notes(stampsStart: boolean) {
  const started = new Date(Date.now() - 30_000).toISOString();
  const stored: Array<Record<string, unknown>> = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    if ((req.url ?? '').split('?')[0] !== '/notes') return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, stored);
    const title = body?.title;
    if (
      !body ||
      Object.keys(body).join() !== 'title' ||
      typeof title !== 'string' ||
      title.length < 1 ||
      [...title].length > 20
    )
      return sendJson(res, 400, {});
    const now = new Date().toISOString();
    const made = { id: stored.length + 1, title, createdAt: now, updatedAt: stampsStart ? started : now };
    stored.push(made);
    return sendJson(res, 201, made);
  };
}

describe('the update time of a new item', () => {
  it('passes where it is the creation time', async () => {
    expect((await runConformance({ target: { app: notes(false) }, contract, seed: 2 })).violations).toEqual([]);
  });

  it('is named where it comes before the creation time', async () => {
    const result = await runConformance({ target: { app: notes(true) }, contract, seed: 2 });
    expect(result.violations.map((v) => v.code)).toContain('update_before_creation');
  });
});
