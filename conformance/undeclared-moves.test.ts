// An existing item's members the document does not declare (a list entry's own `etag`, moved on
// every read) are the service's to move: only declared members must stay as they were. A service
// that changes a declared member of an existing item on a creation is still named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const tag = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string', minLength: 1, maxLength: 20 } },
};
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'tags', version: '1' },
  paths: {
    '/tags': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: tag }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['name'],
            properties: { name: tag.properties.name },
          }),
        },
        responses: { '201': { description: 'made', content: json(tag) }, '400': { description: 'bad' } },
      },
    },
  },
});

/** Tags with an undocumented `etag` that moves on every read; `renames` plants the fault: a
 * creation renames the first tag. */
function tags(renames: boolean) {
  const all = [{ id: 't1', name: 'seeded' }];
  let reads = 0;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    if ((req.url ?? '').split('?')[0] !== '/tags') return sendJson(res, 404, {});
    if (req.method === 'GET')
      return sendJson(
        res,
        200,
        all.map((one) => ({ ...one, etag: `"${++reads}"` })),
      );
    const name = body?.name;
    if (
      !body ||
      Object.keys(body).join() !== 'name' ||
      typeof name !== 'string' ||
      name.length < 1 ||
      [...name].length > 20
    )
      return sendJson(res, 400, {});
    const made = { id: `t${all.length + 1}`, name };
    all.push(made);
    if (renames) all[0]!.name = 'renamed';
    return sendJson(res, 201, made);
  };
}

const codes = async (renames: boolean) =>
  (await runConformance({ target: { app: tags(renames) }, contract, seed: 2, runs: 5 })).violations.map((v) => v.code);

describe("an existing item's undeclared members", () => {
  it('may move', async () => {
    expect(await codes(false)).not.toContain('existing_item_altered');
  });

  it('while a declared member changed is still named', async () => {
    expect(await codes(true)).toContain('existing_item_altered');
  });
});
