// If-None-Match with the ETag a read just gave: 304 where the item is as it was. An item that
// changed meanwhile (a job filled it in) is answered 200 with its new ETag, which is right; a
// service that answers 200 under the very tag sent ignores the condition.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const thing = {
  type: 'object',
  required: ['id', 'name', 'reads'],
  properties: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', minLength: 1, maxLength: 20 },
    reads: { type: 'integer', readOnly: true },
  },
};
const etag = { schema: { type: 'string' } };
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'things', version: '1' },
  paths: {
    '/things': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: thing }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({ type: 'object', required: ['name'], properties: thing.properties }),
        },
        responses: { '201': { description: 'made', content: json(thing) }, '400': { description: 'bad' } },
      },
    },
    '/things/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        parameters: [{ name: 'If-None-Match', in: 'header', schema: { type: 'string' } }],
        responses: {
          '200': { description: 'one', headers: { ETag: etag }, content: json(thing) },
          '304': { description: 'not modified', headers: { ETag: etag } },
          '404': { description: 'none' },
        },
      },
    },
  },
});

/** Things whose `reads` grows on every read (so their ETag moves), or whose tag never moves. */
function things(fault: 'none' | 'ignores') {
  const all = new Map<string, { id: string; name: string; reads: number }>();
  const tagOf = (item: object) => `"${createHash('sha1').update(JSON.stringify(item)).digest('hex').slice(0, 10)}"`;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'things' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...all.values()]);
      const name = body?.name;
      if (typeof name !== 'string' || name.length === 0 || [...name].length > 20) return sendJson(res, 400, {});
      const made = { id: `t${all.size + 1}`, name, reads: 0 };
      all.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = all.get(id);
    if (!found || req.method !== 'GET') return sendJson(res, 404, {});
    const tag = fault === 'ignores' ? `"${found.id}"` : tagOf(found);
    if (fault === 'none') found.reads++;
    res.setHeader('etag', fault === 'none' ? tagOf(found) : tag);
    return sendJson(res, 200, found);
  };
}

const codesOf = async (fault: 'none' | 'ignores') =>
  (await runConformance({ target: { app: things(fault) }, contract, seed: 2 })).violations.map((v) => v.code);

describe('If-None-Match on an item that changes between reads', () => {
  it('passes a 200 that carries the new ETag', async () => {
    expect(await codesOf('none')).not.toContain('not_modified_ignored');
  });

  it('names a 200 under the very ETag sent', async () => {
    expect(await codesOf('ignores')).toContain('not_modified_ignored');
  });
});
