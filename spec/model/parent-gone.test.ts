// A 410 on a child's read whose words give it to the parent ("The space is soft-deleted") is the
// parent's soft deletion: the child's own DELETE may still remove it for good (404 after).
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../contract/compile-contract.js';
import { apiModelOf } from './infer.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const item = (id: string) => ({ type: 'object', required: [id], properties: { [id]: { type: 'string' } } });
const key = { name: 'key', in: 'path', required: true, schema: { type: 'string' } };
const slug = { name: 'slug', in: 'path', required: true, schema: { type: 'string' } };

function pagesGone(words: string) {
  const gone = { description: words };
  const model = apiModelOf(
    contractFromDocument({
      openapi: '3.0.3',
      info: { title: 'wiki', version: '1' },
      paths: {
        '/spaces': {
          get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: item('key') }) } } },
          post: {
            requestBody: { content: json(item('key')) },
            responses: { '201': { description: 'made', content: json(item('key')) } },
          },
        },
        '/spaces/{key}': {
          parameters: [key],
          get: {
            responses: {
              '200': { description: 'one', content: json(item('key')) },
              '410': { description: 'The space is soft-deleted.' },
            },
          },
          delete: { responses: { '204': { description: 'gone' } } },
        },
        '/spaces/{key}/pages': {
          parameters: [key],
          get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: item('slug') }) } } },
          post: {
            requestBody: { content: json(item('slug')) },
            responses: { '201': { description: 'made', content: json(item('slug')) } },
          },
        },
        '/spaces/{key}/pages/{slug}': {
          parameters: [key, slug],
          get: {
            responses: {
              '200': { description: 'one', content: json(item('slug')) },
              '404': { description: 'none' },
              '410': gone,
            },
          },
          delete: { responses: { '204': { description: 'removed' } } },
        },
      },
    }),
  );
  const idioms = (path: string) => model.resources.find((r) => r.collection.path === path)?.idioms;
  return { pages: idioms('/spaces/{key}/pages')?.softDelete, spaces: idioms('/spaces')?.softDelete };
}

describe('a 410 on a child read', () => {
  it("is the parent's soft deletion where its words name the parent", () => {
    const { pages, spaces } = pagesGone('The space is soft-deleted.');
    expect(pages).toBeUndefined();
    expect(spaces?.status).toBe(410);
  });

  it("is the parent's where only an error code names it (`space_deleted`)", () => {
    expect(pagesGone('`space_deleted`.').pages).toBeUndefined();
    expect(pagesGone('`page-gone`.').pages?.status).toBe(410);
  });

  it("is the child's own where its words name the child", () => {
    expect(pagesGone('The page was deleted.').pages?.status).toBe(410);
  });
});
