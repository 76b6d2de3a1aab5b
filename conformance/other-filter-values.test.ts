// A filter is asked at the values the run's item does not hold too: where every item the run makes
// is `open` and nothing else is listed, a service that ignores `state` lists the open issue for
// `state=closed`, and only that request shows it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const title = { type: 'string', minLength: 1, maxLength: 20 };
const issue = {
  type: 'object',
  required: ['id', 'title', 'state'],
  properties: {
    id: { type: 'string', readOnly: true },
    title,
    state: { type: 'string', enum: ['open', 'closed'], readOnly: true },
  },
};

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'issues', version: '1' },
  paths: {
    '/issues': {
      get: {
        parameters: [
          {
            name: 'state',
            in: 'query',
            description: 'Only issues in this state.',
            schema: { type: 'string', enum: ['open', 'closed'] },
          },
        ],
        responses: { '200': { description: 'all', content: json({ type: 'array', items: issue }) } },
      },
      post: {
        requestBody: {
          required: true,
          content: json({ type: 'object', additionalProperties: false, required: ['title'], properties: { title } }),
        },
        responses: { '201': { description: 'made', content: json(issue) }, '400': { description: 'bad' } },
      },
    },
    '/issues/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(issue) }, '404': { description: 'none' } } },
    },
  },
});

/** No issue until the run makes one, every one open; `ignoring` lists them all whatever `state` says. */
function issues(ignoring: boolean) {
  const all: { id: string; title: string; state: string }[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = parseObject(await readBody(req));
    const url = new URL(req.url ?? '/', 'http://x');
    const [root, id, ...rest] = url.pathname.split('/').filter(Boolean);
    if (root !== 'issues' || rest.length > 0) return sendJson(res, 404, {});
    if (id !== undefined) {
      const found = all.find((one) => one.id === id);
      return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
    }
    if (req.method === 'GET') {
      const state = url.searchParams.get('state');
      if (state !== null && state !== 'open' && state !== 'closed') return sendJson(res, 400, {});
      return sendJson(res, 200, state === null || ignoring ? all : all.filter((one) => one.state === state));
    }
    const valid =
      sent &&
      Object.keys(sent).join() === 'title' &&
      typeof sent.title === 'string' &&
      sent.title.length >= 1 &&
      [...sent.title].length <= 20;
    if (!valid) return sendJson(res, 400, {});
    const made = { id: `i${all.length + 1}`, title: sent.title as string, state: 'open' };
    all.push(made);
    return sendJson(res, 201, made);
  };
}

const run = (ignoring: boolean) => runConformance({ target: { app: issues(ignoring) }, contract, seed: 3 });

describe('a filter asked at the values the run does not hold', () => {
  it('passes a service that filters', async () => {
    const clean = await run(false);
    expect(clean.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });

  it('names a service that ignores the filter, though every item is open', async () => {
    expect((await run(true)).violations.map((v) => v.code)).toContain('filter_not_applied');
  });
});
