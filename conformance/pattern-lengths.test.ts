// A path parameter whose pattern alone bounds its length (`^[A-Z]{2,8}$`): a key cut short of it
// and one grown past it are sent, so a PUT that makes an item at any run of capitals is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const key = { type: 'string', pattern: '^[A-Z]{2,8}$', example: 'OPS' };
const name = { type: 'string', minLength: 1, maxLength: 20 };
const space = { type: 'object', required: ['key', 'name'], properties: { key: { ...key, readOnly: true }, name } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'spaces', version: '1' },
  paths: {
    '/spaces/{key}': {
      parameters: [{ name: 'key', in: 'path', required: true, schema: key }],
      get: {
        responses: {
          '200': { description: 'one', content: json(space) },
          '400': { description: 'bad' },
          '404': { description: 'none' },
        },
      },
      put: {
        requestBody: {
          required: true,
          content: json({ type: 'object', additionalProperties: false, required: ['name'], properties: { name } }),
        },
        responses: {
          '200': { description: 'replaced', content: json(space) },
          '201': { description: 'made', content: json(space) },
          '400': { description: 'bad' },
        },
      },
    },
  },
});

function spaces(anyLength: boolean) {
  const all = new Map<string, { key: string; name: string }>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = parseObject(await readBody(req));
    const [root, raw, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    const at = decodeURIComponent(raw ?? '');
    if (root !== 'spaces' || rest.length > 0 || raw === undefined) return sendJson(res, 404, {});
    if (!(anyLength ? /^[A-Z]+$/ : /^[A-Z]{2,8}$/).test(at)) return sendJson(res, 400, {});
    if (req.method === 'GET') return all.has(at) ? sendJson(res, 200, all.get(at)) : sendJson(res, 404, {});
    const named = sent?.name;
    if (!sent || Object.keys(sent).join() !== 'name' || typeof named !== 'string' || !named || [...named].length > 20)
      return sendJson(res, 400, {});
    const existed = all.has(at);
    all.set(at, { key: at, name: named });
    return sendJson(res, existed ? 200 : 201, all.get(at));
  };
}

const run = (anyLength: boolean) => runConformance({ target: { app: spaces(anyLength) }, contract, seed: 8 });

describe('a path key whose pattern bounds its length', () => {
  it('passes a service that refuses keys too short or too long', async () => {
    const report = await run(false);
    expect(report.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });

  it('names one that makes an item at a key of any length', async () => {
    const report = await run(true);
    expect(report.violations.some((v) => /shorter|longer/.test(JSON.stringify(v)))).toBe(true);
  });
});
