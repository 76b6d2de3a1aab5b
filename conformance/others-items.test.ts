// Ids that carry a literal start (`pl_` of `^pl_[A-Za-z0-9]{1,20}$`) and are short and sequential
// (`pl_3`): a case that deletes or changes an item the run did not make names one that cannot exist,
// never a short sampled id that may be someone's. The service holds every one- and two-character id
// of others; none of them may be touched.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const id = { type: 'string', pattern: '^pl_[A-Za-z0-9]{1,20}$' };
const list = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name'],
  properties: { id: { ...id, readOnly: true }, name: { type: 'string', minLength: 1, maxLength: 30 } },
};
const change = { type: 'object', additionalProperties: false, properties: { name: list.properties.name } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'lists', version: '1' },
  paths: {
    '/lists': {
      post: {
        requestBody: { required: true, content: json(change) },
        responses: { '201': { description: 'made', content: json(list) }, '400': none },
      },
    },
    '/lists/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: id }],
      get: { responses: { '200': { description: 'one', content: json(list) }, '404': none } },
      patch: {
        requestBody: { required: true, content: json(change) },
        responses: { '200': { description: 'changed', content: json(list) }, '400': none, '404': none },
      },
      delete: { responses: { '204': { description: 'gone' }, '404': none } },
    },
  },
});

const CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const othersIds = [...CHARS].flatMap((a) => [`pl_${a}`, ...[...CHARS].map((b) => `pl_${a}${b}`)]);

function lists() {
  const stored = new Map(othersIds.map((key) => [key, { id: key, name: 'theirs' }]));
  let made = 0;
  const touched: string[] = [];
  const app = async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const [root, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'lists' || rest.length > 0) return sendJson(res, 404, {});
    const body = parseObject(text);
    const named = (value: unknown) => typeof value === 'string' && value.length >= 1 && [...value].length <= 30;
    if (key === undefined) {
      if (req.method !== 'POST' || !body || Object.keys(body).join() !== 'name' || !named(body.name))
        return sendJson(res, 400, {});
      const item = { id: `pl_made${++made}`, name: String(body.name) };
      stored.set(item.id, item);
      return sendJson(res, 201, item);
    }
    const found = stored.get(decodeURIComponent(key));
    if (!found) return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, found);
    if (req.method === 'DELETE') {
      if (found.name === 'theirs') touched.push(`DELETE ${found.id}`);
      stored.delete(found.id);
      return sendJson(res, 204);
    }
    const valid =
      body && Object.keys(body).every((name) => name === 'name') && (body.name === undefined || named(body.name));
    if (!valid) return sendJson(res, 400, {});
    if (found.name === 'theirs') touched.push(`PATCH ${found.id}`);
    if (body.name !== undefined) found.name = String(body.name);
    return sendJson(res, 200, found);
  };
  return { app, touched };
}

describe('items the run did not make', () => {
  it.each([1, 2, 3])('are never deleted nor changed (seed %i)', async (seed) => {
    const service = lists();
    await runConformance({ target: { app: service.app }, contract, seed });
    expect(service.touched).toEqual([]);
  });
});
