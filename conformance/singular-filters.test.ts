// A query parameter named as the singular of a list member (`tag` over an item's `tags`) filters the
// list by a value the member holds: the model reads it, and a service that ignores it is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const tags = { type: 'array', maxItems: 3, uniqueItems: true, items: { type: 'string', pattern: '^[a-z]{1,10}$' } };
const title = { type: 'string', minLength: 1, maxLength: 20 };
const doc = {
  type: 'object',
  required: ['id', 'title', 'tags'],
  properties: { id: { type: 'string', readOnly: true }, title, tags },
};

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'docs', version: '1' },
  paths: {
    '/docs': {
      get: {
        description: 'With `tag`, only documents whose `tags` contain that string are returned.',
        parameters: [{ name: 'tag', in: 'query', schema: { type: 'string', minLength: 1 } }],
        responses: { '200': { description: 'all', content: json({ type: 'array', items: doc }) } },
      },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['title', 'tags'],
            properties: { title, tags },
          }),
        },
        responses: { '201': { description: 'made', content: json(doc) }, '400': { description: 'bad' } },
      },
    },
    '/docs/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(doc) }, '404': { description: 'none' } } },
    },
  },
});

function docs(ignoresTag: boolean) {
  const all: { id: string; title: string; tags: string[] }[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = parseObject(await readBody(req));
    const url = new URL(req.url ?? '/', 'http://x');
    const [root, id, ...rest] = url.pathname.split('/').filter(Boolean);
    if (root !== 'docs' || rest.length > 0) return sendJson(res, 404, {});
    if (id !== undefined) {
      const found = all.find((one) => one.id === id);
      return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
    }
    if (req.method === 'GET') {
      const tag = url.searchParams.get('tag');
      return sendJson(res, 200, tag === null || ignoresTag ? all : all.filter((one) => one.tags.includes(tag)));
    }
    const valid =
      sent &&
      Object.keys(sent).sort().join() === 'tags,title' &&
      typeof sent.title === 'string' &&
      sent.title.length >= 1 &&
      [...sent.title].length <= 20 &&
      Array.isArray(sent.tags) &&
      sent.tags.length <= 3 &&
      new Set(sent.tags).size === sent.tags.length &&
      sent.tags.every((one) => typeof one === 'string' && /^[a-z]{1,10}$/.test(one));
    if (!valid) return sendJson(res, 400, {});
    const made = { id: `d${all.length + 1}`, title: sent.title as string, tags: sent.tags as string[] };
    all.push(made);
    return sendJson(res, 201, made);
  };
}

const run = (ignoresTag: boolean) => runConformance({ target: { app: docs(ignoresTag) }, contract, seed: 6 });

describe('a filter named as the singular of a list member', () => {
  it('is read as a filter over that member', () => {
    const docsList = inferApiModel(contract).collections.find((c) => c.path === '/docs')?.list;
    expect(docsList?.filters).toEqual([expect.objectContaining({ parameter: 'tag', member: 'tags', contains: true })]);
  });

  it('passes a service that filters by it, and names one that ignores it', async () => {
    const clean = await run(false);
    expect(clean.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    const ignoring = await run(true);
    expect(ignoring.violations.some((v) => /filter/i.test(`${v.code} ${v.message}`))).toBe(true);
  });
});
