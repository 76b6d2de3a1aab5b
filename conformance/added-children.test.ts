// Children a change adds, as the words say: "A change of `title` adds a revision; a change of
// `tags` alone does not". A page changed in its title lists one revision more; changed in its tags
// alone, none more.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { apiModelOf, contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const title = { type: 'string', minLength: 1, maxLength: 40 };
const tags = { type: 'array', maxItems: 3, items: { type: 'string', pattern: '^[a-z]{1,8}$' } };
const page = {
  type: 'object',
  required: ['id', 'title', 'tags'],
  properties: { id: { type: 'integer', readOnly: true }, title, tags },
};
const revision = {
  type: 'object',
  required: ['number', 'title'],
  properties: { number: { type: 'integer', readOnly: true }, title: { ...title, readOnly: true } },
};
const pageId = { name: 'pageId', in: 'path', required: true, schema: { type: 'integer' } };
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'wiki', version: '1' },
  paths: {
    '/pages': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: page }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({ type: 'object', required: ['title'], properties: { title, tags } }),
        },
        responses: { '201': { description: 'made', content: json(page) }, '400': none },
      },
    },
    '/pages/{pageId}': {
      parameters: [pageId],
      get: { responses: { '200': { description: 'one', content: json(page) }, '404': none } },
      patch: {
        description: 'A change of `title` adds a revision; a change of `tags` alone does not.',
        requestBody: { required: true, content: json({ type: 'object', properties: { title, tags } }) },
        responses: { '200': { description: 'changed', content: json(page) }, '400': none, '404': none },
      },
    },
    '/pages/{pageId}/revisions': {
      parameters: [pageId],
      get: {
        responses: { '200': { description: 'all', content: json({ type: 'array', items: revision }) }, '404': none },
      },
    },
    '/pages/{pageId}/revisions/{number}': {
      parameters: [pageId, { name: 'number', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': { description: 'one', content: json(revision) }, '404': none } },
    },
  },
});

type Fault = 'no revision' | 'revision on tags';

function wiki(fault?: Fault) {
  const pages = new Map<
    number,
    { id: number; title: string; tags: string[]; revisions: { number: number; title: string }[] }
  >();
  const validTitle = (v: unknown) => typeof v === 'string' && v.length > 0 && [...v].length <= 40;
  const validTags = (v: unknown) =>
    Array.isArray(v) && v.length <= 3 && v.every((t) => typeof t === 'string' && /^[a-z]{1,8}$/.test(t));
  const shown = ({ revisions, ...rest }: { revisions: unknown[] } & Record<string, unknown>) => rest;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, child, number, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'pages' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...pages.values()].map(shown));
      if (!body || !validTitle(body.title) || ('tags' in body && !validTags(body.tags))) return sendJson(res, 400, {});
      const made = {
        id: pages.size + 1,
        title: body.title as string,
        tags: (body.tags as string[]) ?? [],
        revisions: [{ number: 1, title: body.title as string }],
      };
      pages.set(made.id, made);
      return sendJson(res, 201, shown(made));
    }
    const found = pages.get(Number(id));
    if (!found) return sendJson(res, 404, {});
    if (child === 'revisions') {
      if (number === undefined) return sendJson(res, 200, found.revisions);
      const one = found.revisions.find((r) => String(r.number) === number);
      return one ? sendJson(res, 200, one) : sendJson(res, 404, {});
    }
    if (child !== undefined) return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, shown(found));
    if (!body || ('title' in body && !validTitle(body.title)) || ('tags' in body && !validTags(body.tags)))
      return sendJson(res, 400, {});
    const retitled = 'title' in body && body.title !== found.title;
    if ('title' in body) found.title = body.title as string;
    if ('tags' in body) found.tags = body.tags as string[];
    const adds = fault === 'no revision' ? false : retitled || (fault === 'revision on tags' && 'tags' in body);
    if (adds) found.revisions.push({ number: found.revisions.length + 1, title: found.title });
    return sendJson(res, 200, shown(found));
  };
}

const codes = async (fault?: Fault) =>
  (await runConformance({ target: { app: wiki(fault) }, contract, seed: 6 })).violations.map((v) => v.code);

describe('children a change adds', () => {
  it('are read from the words, with the members whose change adds one', () => {
    const pages = apiModelOf(contract).resources.find((r) => r.collection.path === '/pages');
    expect(pages?.idioms.addedChildren?.map((rule) => [rule.collection, rule.members])).toEqual([
      ['/pages/{pageId}/revisions', ['title']],
    ]);
  });

  it('pass a wiki that adds a revision per change of the title alone', async () => {
    expect(await codes()).toEqual([]);
  });

  it('name a wiki that adds none', async () => {
    expect(await codes('no revision')).toContain('added_children_off');
  });

  it('name a wiki that adds one for a change of the tags', async () => {
    expect(await codes('revision on tags')).toContain('added_children_off');
  });
});
