// A member that is a set (an array of `uniqueItems`: labels "in any order") may come back in
// another order: a tracker that sorts the labels passes. One that drops a label is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const labels = {
  type: 'array',
  uniqueItems: true,
  maxItems: 5,
  items: { type: 'string', minLength: 1, maxLength: 12, pattern: '^[a-z]+$' },
};
const input = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'labels'],
  properties: { title: { type: 'string', minLength: 1, maxLength: 20 }, labels },
};
const issue = {
  type: 'object',
  required: ['id', 'title', 'labels'],
  properties: { id: { type: 'integer', readOnly: true }, ...input.properties },
};
const one = { description: 'one', content: json(issue) };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'issues', version: '1' },
  paths: {
    '/issues': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: issue }) } } },
      post: { requestBody: { required: true, content: json(input) }, responses: { '201': one, '400': none } },
    },
    '/issues/{issueId}': {
      parameters: [{ name: 'issueId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': one, '404': none } },
    },
  },
});

type Fault = 'last-label-dropped';

function tracker(fault?: Fault) {
  const issues: Array<{ id: number; title: string; labels: string[] }> = [];
  const valid = (body: Record<string, unknown> | undefined) => {
    const sent = body?.labels;
    return (
      body !== undefined &&
      Object.keys(body).every((name) => name === 'title' || name === 'labels') &&
      typeof body.title === 'string' &&
      body.title.length > 0 &&
      [...body.title].length <= 20 &&
      Array.isArray(sent) &&
      sent.length <= 5 &&
      new Set(sent).size === sent.length &&
      sent.every((label) => typeof label === 'string' && /^[a-z]{1,12}$/.test(label))
    );
  };
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'issues' || rest.length > 0) return sendJson(res, 404, {});
    if (id !== undefined) {
      const found = issues.find((one) => String(one.id) === id);
      return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
    }
    if (req.method === 'GET') return sendJson(res, 200, issues);
    if (!valid(body)) return sendJson(res, 400, {});
    // A set kept sorted, as a database's array column may hand it back.
    const sorted = [...(body!.labels as string[])].sort();
    const made = {
      id: issues.length + 1,
      title: String(body!.title),
      labels: fault === 'last-label-dropped' && sorted.length > 1 ? sorted.slice(0, -1) : sorted,
    };
    issues.push(made);
    return sendJson(res, 201, made);
  };
}

const run = (fault?: Fault) => runConformance({ target: { app: tracker(fault) }, contract, seed: 21 });

describe('a set member', () => {
  it('may come back in another order', async () => {
    expect((await run()).violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });

  it('may not lose an item', async () => {
    const found = (await run('last-label-dropped')).violations.filter((v) => v.code === 'field_not_echoed');
    expect(found.map((v) => v.message).join('\n')).toMatch(/labels/);
  });
});
