// Items tied on the member a list is ordered by ("ordered by `at`, then `id`") are walked in pages
// one smaller than the tie: a cursor that keeps only the instant loses the items after the boundary,
// and the run names the one missing; a cursor that keeps the id too passes. Instants the run
// generates do not tie by chance: the tie is the scenario's.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const input = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'at'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 20 }, at: { type: 'string', format: 'date-time' } },
};
const tag = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, ...input.properties },
};
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'tags', version: '1' },
  paths: {
    '/tags': {
      get: {
        description: 'Tags ordered by `at`, then `id`.',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50, default: 20 } },
          { name: 'cursor', in: 'query', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'a page',
            content: json({
              type: 'object',
              required: ['items', 'nextCursor'],
              properties: { items: { type: 'array', items: tag }, nextCursor: { type: 'string', nullable: true } },
            }),
          },
          '400': { description: 'bad' },
        },
      },
      post: {
        requestBody: { required: true, content: json(input) },
        responses: { '201': { description: 'made', content: json(tag) }, '400': { description: 'bad' } },
      },
    },
  },
});

const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i;

type Tag = { id: string; name: string; at: string };

/** Tags paged by a cursor; `atOnly` is the fault: the cursor keeps the last name alone. */
function tags(atOnly = false) {
  const rows: Tag[] = [];
  const send = sendJson;
  const after = (row: Tag, [at, id]: [string, string]) =>
    Date.parse(row.at) > Date.parse(at) || (!atOnly && Date.parse(row.at) === Date.parse(at) && row.id > id);
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const url = new URL(req.url ?? '/', 'http://tags.invalid');
    if (url.pathname !== '/tags') return send(res, 404, {});
    if (req.method === 'POST') {
      const { name, at } = body ?? {};
      if (!body || Object.keys(body).some((key) => key !== 'name' && key !== 'at')) return send(res, 400, {});
      if (typeof name !== 'string' || name.length < 1 || [...name].length > 20) return send(res, 400, {});
      if (typeof at !== 'string' || !INSTANT.test(at) || Number.isNaN(Date.parse(at))) return send(res, 400, {});
      const made = { id: `t${String(rows.length + 1).padStart(4, '0')}`, name, at };
      rows.push(made);
      return send(res, 201, made);
    }
    const limitText = url.searchParams.get('limit') ?? '20';
    const limit = Number(limitText);
    if (!/^\d+$/.test(limitText) || limit < 1 || limit > 50) return send(res, 400, {});
    const cursor = url.searchParams.get('cursor');
    let position: [string, string] | undefined;
    try {
      position = cursor === null ? undefined : JSON.parse(Buffer.from(cursor, 'base64url').toString());
    } catch {
      return send(res, 400, {});
    }
    if (cursor !== null && (!Array.isArray(position) || position.length !== 2)) return send(res, 400, {});
    const sorted = [...rows].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || (a.id < b.id ? -1 : 1));
    const rest = position ? sorted.filter((row) => after(row, position!)) : sorted;
    const items = rest.slice(0, limit);
    const last = items.at(-1);
    const nextCursor =
      rest.length > limit && last ? Buffer.from(JSON.stringify([last.at, last.id])).toString('base64url') : null;
    send(res, 200, { items, nextCursor });
  };
}

const run = (atOnly?: boolean) =>
  runConformance({ target: { app: tags(atOnly) }, contract: document, seed: 2, runs: 5 });

describe('items tied on the order, walked across a page boundary', () => {
  it('passes a cursor that keeps the id beside the instant, with the step run', async () => {
    const result = await run();
    expect(result.violations.filter((v) => v.check === 'created_data_listed')).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((step) => step.scenario === 'tied pages')).toEqual([]);
  });

  it('names the tied item a cursor keeping the instant alone loses', async () => {
    const result = await run(true);
    // Named by the first walk that meets the tie: the scenario's own, or a later one over its items.
    expect(result.violations.map((v) => v.check)).toContain('created_data_listed');
  });
});
