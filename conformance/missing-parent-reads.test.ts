// A read of what is below an item (a shelf's books) names that item: where the document gives the
// read a 404, an item that does not exist is refused, not answered with an empty list that says it
// exists. Below items clients cannot make (seeded rooms), the made-up one is like a listed one.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const named = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } };
const item = (extra: Record<string, unknown>) => ({
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, ...extra },
});
const shelf = item({});
const book = item({ shelfId: { type: 'integer', readOnly: true } });
const room = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^rm-[0-9]+$' } } };
const integerId = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'integer', minimum: 1 } });
const roomId = { name: 'roomId', in: 'path', required: true, schema: { type: 'string', pattern: '^rm-[0-9]+$' } };
const list = (schema: unknown) => ({
  description: 'all of them',
  content: json({ type: 'array', items: schema }),
});

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'shelves', version: '1' },
  paths: {
    '/shelves': {
      get: { responses: { '200': list(shelf) } },
      post: {
        requestBody: { required: true, content: json(named) },
        responses: { '201': { description: 'made', content: json(shelf) }, '400': none },
      },
    },
    '/shelves/{shelfId}': {
      parameters: [integerId('shelfId')],
      get: { responses: { '200': { description: 'one', content: json(shelf) }, '404': none } },
    },
    '/shelves/{shelfId}/books': {
      parameters: [integerId('shelfId')],
      get: {
        description: 'The books on the shelf; 404 if there is no such shelf.',
        responses: { '200': list(book), '404': none },
      },
      post: {
        requestBody: { required: true, content: json(named) },
        responses: { '201': { description: 'made', content: json(book) }, '400': none, '404': none },
      },
    },
    '/rooms': { get: { responses: { '200': list(room) } } },
    '/rooms/{roomId}': {
      parameters: [roomId],
      get: { responses: { '200': { description: 'one', content: json(room) }, '404': none } },
    },
    '/rooms/{roomId}/lamps': {
      parameters: [roomId],
      get: { responses: { '200': list({ type: 'object' }), '404': none } },
    },
  },
});

type Fault = 'books-of-unknown-shelf-listed' | 'lamps-of-unknown-room-listed';

function shelves(fault?: Fault) {
  const made = new Map<number, { id: number; name: string }>();
  const books: Array<{ id: number; name: string; shelfId: number }> = [];
  const rooms = [{ id: 'rm-1' }, { id: 'rm-2' }];
  let last = 0;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const [root, id, below, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (root === 'rooms') {
      if (id === undefined) return sendJson(res, 200, rooms);
      const found = rooms.find((r) => r.id === id);
      if (below === undefined) return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
      if (below !== 'lamps') return sendJson(res, 404, {});
      return found || fault === 'lamps-of-unknown-room-listed' ? sendJson(res, 200, []) : sendJson(res, 404, {});
    }
    if (root !== 'shelves') return sendJson(res, 404, {});
    const body = req.method === 'POST' ? parseObject(text) : undefined;
    const valid = typeof body?.name === 'string' && body.name.length > 0;
    if (id === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...made.values()]);
      if (!valid) return sendJson(res, 400, {});
      const one = { id: ++last, name: String(body!.name) };
      made.set(one.id, one);
      return sendJson(res, 201, one);
    }
    const found = made.get(Number(id));
    if (below === undefined) return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
    if (below !== 'books') return sendJson(res, 404, {});
    if (req.method === 'GET') {
      if (!found && fault !== 'books-of-unknown-shelf-listed') return sendJson(res, 404, {});
      return sendJson(res, 200, found ? books.filter((b) => b.shelfId === found.id) : []);
    }
    if (!found) return sendJson(res, 404, {});
    if (!valid) return sendJson(res, 400, {});
    const one = { id: ++last, name: String(body!.name), shelfId: found.id };
    books.push(one);
    return sendJson(res, 201, one);
  };
}

const run = (fault?: Fault) => runConformance({ target: { app: shelves(fault) }, contract, seed: 5 });
const readsBelow = (result: Awaited<ReturnType<typeof run>>) =>
  result.violations.filter((v) => v.code === 'missing_parent_read');

describe('reads below an item that does not exist', () => {
  it('are refused by a correct service, below made and listed items alike', async () => {
    const result = await run();
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    const missing = (result.reach?.unreached ?? []).filter((u) => u.scenario === 'missing parent');
    expect(missing).toEqual([]);
  });

  it('answered with an empty list below a made item are named', async () => {
    const found = readsBelow(await run('books-of-unknown-shelf-listed'));
    expect(found.map((v) => v.message).join('\n')).toMatch(/GET \/shelves\/\{shelfId\}\/books with shelfId/);
  });

  it('answered with an empty list below a listed item are named', async () => {
    const found = readsBelow(await run('lamps-of-unknown-room-listed'));
    expect(found.map((v) => v.message).join('\n')).toMatch(/GET \/rooms\/\{roomId\}\/lamps with roomId/);
  });
});
