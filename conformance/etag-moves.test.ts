// An item's ETag moves with the item, whether or not its change asks for If-Match: after a PATCH
// that takes no condition, the read carries another tag, and the old tag gets no 304.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const name = { type: 'string', minLength: 1, maxLength: 20 };
const note = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string', readOnly: true }, name } };
const etag = { schema: { type: 'string' } };
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'notes', version: '1' },
  paths: {
    '/notes': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: note }) } } },
      post: {
        requestBody: { required: true, content: json({ type: 'object', required: ['name'], properties: { name } }) },
        responses: { '201': { description: 'made', content: json(note) }, '400': { description: 'bad' } },
      },
    },
    '/notes/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        parameters: [{ name: 'If-None-Match', in: 'header', schema: { type: 'string' } }],
        responses: {
          '200': { description: 'one', headers: { ETag: etag }, content: json(note) },
          '304': { description: 'not modified' },
          '404': { description: 'none' },
        },
      },
      patch: {
        requestBody: { required: true, content: json({ type: 'object', properties: { name } }) },
        responses: {
          '200': { description: 'changed', content: json(note) },
          '400': { description: 'bad' },
          '404': { description: 'none' },
        },
      },
    },
  },
});

/** Notes tagged by their content, or (the fault) by their id alone. */
function notes(staleTags: boolean) {
  const all = new Map<string, { id: string; name: string }>();
  const tagOf = (item: { id: string; name: string }) =>
    `"${createHash('sha1')
      .update(staleTags ? item.id : JSON.stringify(item))
      .digest('hex')
      .slice(0, 12)}"`;
  const named = (value: unknown) => typeof value === 'string' && value.length > 0 && [...value].length <= 20;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'notes' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...all.values()]);
      if (!named(body?.name)) return sendJson(res, 400, {});
      const made = { id: `n${all.size + 1}`, name: body!.name as string };
      all.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = all.get(id);
    if (!found) return sendJson(res, 404, {});
    if (req.method === 'PATCH') {
      if (!body || Object.keys(body).some((key) => key !== 'name') || (body.name !== undefined && !named(body.name)))
        return sendJson(res, 400, {});
      if (typeof body.name === 'string') found.name = body.name;
      return sendJson(res, 200, found);
    }
    res.setHeader('etag', tagOf(found));
    if (req.headers['if-none-match'] === tagOf(found)) return res.writeHead(304).end();
    return sendJson(res, 200, found);
  };
}

const codesOf = async (stale: boolean) =>
  (await runConformance({ target: { app: notes(stale) }, contract, seed: 4 })).violations.map((v) => v.code);

describe('an ETag after a change that takes no If-Match', () => {
  it('passes a tag that moves with the item', async () => {
    expect(await codesOf(false)).not.toContain('etag_unchanged');
  });

  it('names a tag that stays, and a 304 to it', async () => {
    expect(await codesOf(true)).toContain('etag_unchanged');
  });
});
