// A body member repeating the path's key, sent with another value where the words refuse it ("A body
// `key` that differs from the path is answered `422`"): a service that takes it is named; one whose
// words say nothing of it is not asked.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const keySchema = { type: 'string', pattern: '^[A-Z]{2,6}$' };
const space = {
  type: 'object',
  required: ['key', 'name'],
  properties: { key: keySchema, name: { type: 'string', minLength: 1, maxLength: 20 } },
};
const contractSaying = (words: string) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'spaces', version: '1' },
    paths: {
      '/spaces': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: space }) } } },
      },
      '/spaces/{key}': {
        parameters: [{ name: 'key', in: 'path', required: true, schema: keySchema }],
        get: { responses: { '200': { description: 'one', content: json(space) }, '404': { description: 'none' } } },
        put: {
          description: `Creates or replaces the space. ${words}`,
          requestBody: { required: true, content: json(space) },
          responses: {
            '200': { description: 'replaced', content: json(space) },
            '201': { description: 'created', content: json(space) },
            '422': { description: 'invalid' },
          },
        },
      },
    },
  });

function spaces(takesOtherKey: boolean) {
  const all = new Map<string, { key: string; name: string }>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'spaces' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined) return sendJson(res, 200, [...all.values()]);
    if (req.method === 'GET') return all.has(key) ? sendJson(res, 200, all.get(key)) : sendJson(res, 404, {});
    const name = body?.name;
    const valid =
      typeof name === 'string' &&
      name.length > 0 &&
      [...name].length <= 20 &&
      typeof body?.key === 'string' &&
      /^[A-Z]{2,6}$/.test(body.key);
    if (!valid || !/^[A-Z]{2,6}$/.test(key)) return sendJson(res, 422, {});
    if (body!.key !== key && !takesOtherKey) return sendJson(res, 422, {});
    const existed = all.has(key);
    const stored = { key, name: name as string };
    all.set(key, stored);
    return sendJson(res, existed ? 200 : 201, stored);
  };
}

const codes = async (words: string, takesOtherKey: boolean) =>
  (
    await runConformance({ target: { app: spaces(takesOtherKey) }, contract: contractSaying(words), seed: 5 })
  ).violations.map((v) => v.code);

describe("a body key other than the path's", () => {
  const refused = 'A body `key` that differs from the path is answered `422`.';

  it('refused as the words say passes', async () => {
    expect(await codes(refused, false)).toEqual([]);
  });

  it('taken where the words refuse it is named', async () => {
    expect(await codes(refused, true)).toContain('invalid_input_accepted');
  });

  it('is not sent where the words say nothing of it', async () => {
    expect(await codes('', true)).toEqual([]);
  });
});
