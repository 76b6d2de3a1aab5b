// A job the words give longer than the runner's usual wait ("`done` within 8 seconds"): followed for
// as long as the words allow, so a job done after 6 s passes, and one never done is still named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const job = {
  type: 'object',
  required: ['id', 'status'],
  properties: { id: { type: 'string' }, status: { type: 'string', enum: ['pending', 'done'] } },
};
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'renders', version: '1' },
  paths: {
    '/renders': {
      post: {
        description: 'Starts a render job: it is `pending`, and becomes `done` within 8 seconds of its creation.',
        responses: {
          '202': {
            description: 'started',
            headers: { Location: { required: true, schema: { type: 'string' } } },
            content: json(job),
          },
        },
      },
    },
    '/renders/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'the job', content: json(job) }, '404': { description: 'none' } } },
    },
  },
});

/** Jobs done `afterMs` after they start (never, where undefined). */
function renders(afterMs: number | undefined) {
  const started = new Map<string, number>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const [root, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'renders' || rest.length > 0) return sendJson(res, 404, {});
    if (req.method === 'POST' && id === undefined) {
      const made = `r${started.size + 1}`;
      started.set(made, Date.now());
      res.setHeader('location', `/renders/${made}`);
      return sendJson(res, 202, { id: made, status: 'pending' });
    }
    const at = id === undefined ? undefined : started.get(id);
    if (req.method !== 'GET' || at === undefined) return sendJson(res, 404, {});
    const done = afterMs !== undefined && Date.now() - at >= afterMs;
    return sendJson(res, 200, { id, status: done ? 'done' : 'pending' });
  };
}

const codesOf = async (afterMs: number | undefined) =>
  (await runConformance({ target: { app: renders(afterMs) }, contract, seed: 3 })).violations.map((v) => v.code);

describe('a job the words give longer than five seconds', () => {
  it('passes when it is done within the time the words give', { timeout: 60_000 }, async () => {
    expect(await codesOf(6000)).toEqual([]);
  });

  it('is named when it is never done', { timeout: 60_000 }, async () => {
    expect(await codesOf(undefined)).toContain('job_never_completes');
  });
});
