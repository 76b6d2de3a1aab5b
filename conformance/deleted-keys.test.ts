// A key the client chooses stays taken after its item is soft-deleted, where the words say so ("the
// code of an existing venue, live or soft-deleted, is refused with 409"): the run deletes a venue
// of its own and posts its code again. A service that makes the venue anew is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = (description: string) => ({ description });
const code = { type: 'string', pattern: '^[a-z][a-z0-9-]{2,20}$' };
const name = { type: 'string', minLength: 1, maxLength: 30 };
const venue = { type: 'object', required: ['code', 'name'], properties: { code, name } };
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'venues', version: '1' },
  paths: {
    '/venues': {
      get: { responses: { '200': { description: 'live ones', content: json({ type: 'array', items: venue }) } } },
      post: {
        description:
          'Creates a venue under the `code` the client chooses. The code of an existing venue, live or soft-deleted, is refused with 409.',
        requestBody: { required: true, content: json({ ...venue, additionalProperties: false }) },
        responses: {
          '201': { description: 'made', content: json(venue) },
          '400': none('invalid'),
          '409': none('taken'),
        },
      },
    },
    '/venues/{code}': {
      parameters: [{ name: 'code', in: 'path', required: true, schema: code }],
      get: {
        responses: { '200': { description: 'one', content: json(venue) }, '404': none('none'), '410': none('deleted') },
      },
      delete: {
        description: 'Soft-deletes the venue: its read answers 410 afterwards.',
        responses: { '204': none('deleted'), '404': none('none'), '410': none('deleted already') },
      },
    },
  },
});

function venues(revive = false) {
  const all = new Map<string, { code: string; name: string; deleted: boolean }>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'venues' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET')
        return sendJson(
          res,
          200,
          [...all.values()].filter((v) => !v.deleted).map((v) => ({ code: v.code, name: v.name })),
        );
      const valid =
        body &&
        Object.keys(body).every((k) => k === 'code' || k === 'name') &&
        typeof body.code === 'string' &&
        /^[a-z][a-z0-9-]{2,20}$/.test(body.code) &&
        typeof body.name === 'string' &&
        body.name.length >= 1 &&
        [...body.name].length <= 30;
      if (!valid) return sendJson(res, 400, {});
      const held = all.get(String(body.code));
      if (held && !(revive && held.deleted)) return sendJson(res, 409, {});
      const made = { code: String(body.code), name: String(body.name), deleted: false };
      all.set(made.code, made);
      return sendJson(res, 201, { code: made.code, name: made.name });
    }
    const found = all.get(decodeURIComponent(key));
    if (!found) return sendJson(res, 404, {});
    if (found.deleted) return sendJson(res, 410, {});
    if (req.method === 'GET') return sendJson(res, 200, { code: found.code, name: found.name });
    if (req.method !== 'DELETE') return sendJson(res, 404, {});
    found.deleted = true;
    return res.writeHead(204).end();
  };
}

const run = (revive?: boolean) => runConformance({ target: { app: venues(revive) }, contract, seed: 5 });

describe('the key of a soft-deleted item', () => {
  it('passes a service that keeps it taken, and runs the step', async () => {
    const result = await run();
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    const unreached = (result.reach?.unreached ?? []).map((entry) => JSON.stringify(entry)).join('\n');
    expect(unreached).not.toMatch(/key of a deleted item/);
  });

  it('names a service that makes the item anew at that key', async () => {
    const found = (await run(true)).violations.filter((v) => v.code === 'deleted_item_written');
    expect(found.map((v) => v.operation)).toContain('POST /venues');
  });
});
