// A collection whose POST carries the key the client chooses in its body (`slug`) while its PUT
// takes the key in the path alone (a body of `name` and nothing else): a PUT at a free key sends a
// body the PUT takes, not the creation's key beside it, so a service refusing unknown members makes
// the item there as documented.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const name = { type: 'string', minLength: 1, maxLength: 20 };
const slug = { type: 'string', pattern: '^[a-z][a-z0-9-]{2,30}$' };
const closed = (properties: Record<string, unknown>) => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
});
const space = {
  type: 'object',
  required: ['slug', 'name'],
  properties: { slug: { ...slug, readOnly: false }, name },
};

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'spaces', version: '1' },
  paths: {
    '/spaces': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: space }) } } },
      post: {
        description: 'Creates a space at the slug the client chooses; a slug in use is refused with `409`.',
        requestBody: { required: true, content: json(closed({ slug, name })) },
        responses: { '201': { description: 'made', content: json(space) }, '400': none, '409': none },
      },
    },
    '/spaces/{slug}': {
      parameters: [{ name: 'slug', in: 'path', required: true, schema: slug }],
      get: { responses: { '200': { description: 'one', content: json(space) }, '404': none } },
      put: {
        description: 'Creates the space at the slug (`201`) or replaces its name (`200`).',
        requestBody: { required: true, content: json(closed({ name })) },
        responses: {
          '200': { description: 'replaced', content: json(space) },
          '201': { description: 'created', content: json(space) },
          '400': none,
        },
      },
    },
  },
});

function spaces() {
  const kept = new Map<string, { slug: string; name: string }>();
  const valid = (body: Record<string, unknown> | undefined, members: readonly string[]) =>
    body !== undefined &&
    Object.keys(body).every((key) => members.includes(key)) &&
    members.every((key) => typeof body[key] === 'string') &&
    [...String(body.name)].length >= 1 &&
    [...String(body.name)].length <= 20 &&
    (body.slug === undefined || /^[a-z][a-z0-9-]{2,30}$/.test(String(body.slug)));
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'spaces' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...kept.values()]);
      if (!valid(body, ['slug', 'name'])) return sendJson(res, 400, {});
      if (kept.has(String(body!.slug))) return sendJson(res, 409, {});
      const made = { slug: String(body!.slug), name: String(body!.name) };
      kept.set(made.slug, made);
      return sendJson(res, 201, made);
    }
    const at = decodeURIComponent(key);
    if (req.method === 'GET') return kept.has(at) ? sendJson(res, 200, kept.get(at)) : sendJson(res, 404, {});
    if (req.method !== 'PUT') return sendJson(res, 404, {});
    // Unknown members refused, as the closed schema says.
    if (!/^[a-z][a-z0-9-]{2,30}$/.test(at) || !valid(body, ['name'])) return sendJson(res, 400, {});
    const existed = kept.has(at);
    const item = { slug: at, name: String(body!.name) };
    kept.set(at, item);
    return sendJson(res, existed ? 200 : 201, item);
  };
}

describe('a PUT at a free key whose body does not carry the key', () => {
  it('sends the PUT a body it takes and sees the item made', async () => {
    const result = await runConformance({ target: { app: spaces() }, contract, seed: 6 });
    expect(result.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    const unreached = (result.reach?.unreached ?? []).flatMap(({ steps }) => steps);
    expect(unreached).not.toContain('PUT at a free key');
  });
});
