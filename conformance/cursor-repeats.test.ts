// A created item read twice in a cursor walk: a list that shifted while the run's other scenarios
// wrote (newest first, a cursor holding a position) is read again, and judged on a walk that held
// still; one that repeats the item on every walk is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const note = {
  type: 'object',
  required: ['id', 'text'],
  properties: { id: { type: 'string', readOnly: true }, text: { type: 'string', minLength: 1, maxLength: 20 } },
};
const page = {
  type: 'object',
  required: ['items', 'nextCursor'],
  properties: { items: { type: 'array', items: note }, nextCursor: { type: ['string', 'null'] } },
};
const document = contractFromDocument({
  openapi: '3.1.0',
  info: { title: 'notes', version: '1' },
  paths: {
    '/notes': {
      get: {
        description: 'Newest first.',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50, default: 20 } },
          { name: 'cursor', in: 'query', schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'a page', content: json(page) }, '400': { description: 'bad' } },
      },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['text'],
            properties: note.properties,
          }),
        },
        responses: { '201': { description: 'made', content: json(note) }, '400': { description: 'bad' } },
      },
    },
    '/notes/{noteId}': {
      parameters: [{ name: 'noteId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(note) }, '404': { description: 'none' } } },
    },
  },
});

/** `once`: the first walk that passes a page boundary reads its boundary item twice (the list moved
 * under it); `always`: every walk does. */
type Repeats = 'never' | 'once' | 'always';

function notes(repeats: Repeats) {
  const all: { id: string; text: string }[] = [];
  let shifted = 0;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = parseObject(await readBody(req));
    const url = new URL(req.url ?? '/', 'http://x');
    const [root, key, ...rest] = url.pathname.split('/').filter(Boolean);
    if (root !== 'notes' || rest.length > 0) return sendJson(res, 404, {});
    if (key !== undefined) {
      const found = all.find((one) => one.id === decodeURIComponent(key));
      return found && req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 404, {});
    }
    if (req.method === 'POST') {
      const text = sent?.text;
      if (
        !sent ||
        Object.keys(sent).length !== 1 ||
        typeof text !== 'string' ||
        text.length < 1 ||
        [...text].length > 20
      )
        return sendJson(res, 400, {});
      const made = { id: `n${all.length + 1}`, text };
      all.push(made);
      return sendJson(res, 201, made);
    }
    if (req.method !== 'GET') return sendJson(res, 404, {});
    const limitText = url.searchParams.get('limit');
    const limit = limitText === null ? 20 : Number(limitText);
    const cursor = url.searchParams.get('cursor');
    const start = cursor === null ? 0 : Number(cursor);
    if (!Number.isInteger(limit) || limit < 1 || limit > 50 || !Number.isInteger(start) || start < 0)
      return sendJson(res, 400, {});
    const newest = [...all].reverse();
    // A later page starting one item early: its first item is the last one of the page before.
    const repeat = start > 0 && (repeats === 'always' || (repeats === 'once' && shifted++ === 0)) ? 1 : 0;
    const items = newest.slice(start - repeat, start - repeat + limit);
    const next = start + limit < newest.length ? String(start + limit) : null;
    return sendJson(res, 200, { items, nextCursor: next });
  };
}

const codes = async (repeats: Repeats) =>
  (await runConformance({ target: { app: notes(repeats) }, contract: document, seed: 3 })).violations
    .filter((v) => v.severity !== 'note')
    .map((v) => v.code);

describe('a created item read twice in a cursor walk', () => {
  it('passes a list that repeated an item once, while it moved, and held still when read again', async () => {
    expect(await codes('once')).toEqual([]);
  });

  it('names a list that repeats the boundary item on every walk', async () => {
    const found = await codes('always');
    expect(found).toContain('created_item_repeated');
    // And the walk read when the run's writes were done: any item a cursor hands twice.
    expect(found).toContain('list_ids_repeated');
  });
});
