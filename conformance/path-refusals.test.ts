// A path parameter sent outside its schema (a task number 0) and refused with the status the
// document gives invalid input elsewhere (400) is a note where its own operation lists only 404:
// how a path's values are checked is left open. A document that never lists 400 still names it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const task = { type: 'object', required: ['number'], properties: { number: { type: 'integer', minimum: 1 } } };

function contractListing400(elsewhere: boolean) {
  return contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'tasks', version: '1' },
    paths: {
      '/tasks': {
        get: {
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 10 } }],
          responses: {
            '200': { description: 'all', content: json({ type: 'array', items: task }) },
            ...(elsewhere ? { '400': { description: 'bad limit' } } : {}),
          },
        },
      },
      '/tasks/{number}': {
        parameters: [{ name: 'number', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
        get: { responses: { '200': { description: 'one', content: json(task) }, '404': { description: 'none' } } },
      },
    },
  });
}

async function tasks(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  const [collection, id] = url.pathname.split('/').filter(Boolean);
  if (collection !== 'tasks' || req.method !== 'GET') return send(res, 404, {});
  if (!id) {
    const limit = url.searchParams.get('limit');
    if (limit !== null && !/^(?:[1-9]|10)$/.test(limit)) return send(res, 400, { message: 'bad limit' });
    return send(res, 200, [{ number: 1 }]);
  }
  if (!/^\d+$/.test(id) || Number(id) < 1) return send(res, 400, { message: 'number must be an integer >= 1' });
  return id === '1' ? send(res, 200, { number: 1 }) : send(res, 404, {});
}

const statusFindings = async (elsewhere: boolean) => {
  const report = await runConformance({ target: { app: tasks }, contract: contractListing400(elsewhere), seed: 2 });
  return {
    failures: report.violations.filter((v) => v.code === 'undocumented_status').length,
    notes: report.notes.filter((v) => v.code === 'refusal_not_documented').length,
  };
};

describe('a path parameter outside its schema', () => {
  it('refused with the status the document gives invalid input elsewhere is a note', async () => {
    const found = await statusFindings(true);
    expect(found.failures).toBe(0);
    expect(found.notes).toBeGreaterThan(0);
  });

  it('refused with a status the document never lists is still named', async () => {
    expect((await statusFindings(false)).failures).toBeGreaterThan(0);
  });
});
