// A filter whose parameter has a default ("`active` (the default) lists flags that are not archived")
// applies it when left out: the list asked without it holds only items at the default. And another
// filter asked of an item an action moved off that default (an archived flag) sets the defaulted
// one to the item's value, so a correct service is not said to leave its own item out.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const name = { type: 'string', minLength: 1, maxLength: 20 };
const flag = {
  type: 'object',
  required: ['id', 'name', 'enabled', 'state'],
  properties: {
    id: { type: 'string', readOnly: true },
    name,
    enabled: { type: 'boolean' },
    state: { type: 'string', enum: ['active', 'archived'], readOnly: true },
  },
};
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'flags', version: '1' },
  paths: {
    '/flags': {
      get: {
        parameters: [
          {
            name: 'state',
            in: 'query',
            description:
              '`active` (the default) lists flags that are not archived, `archived` only archived ones, `all` both.',
            schema: { type: 'string', enum: ['active', 'archived', 'all'], default: 'active' },
          },
          {
            name: 'enabled',
            in: 'query',
            description: 'Only flags whose `enabled` equals this value.',
            schema: { type: 'boolean' },
          },
        ],
        responses: { '200': { description: 'all', content: json({ type: 'array', items: flag }) } },
      },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['name', 'enabled'],
            properties: { name, enabled: { type: 'boolean' } },
          }),
        },
        responses: { '201': { description: 'made', content: json(flag) }, '400': { description: 'bad' } },
      },
    },
    '/flags/{id}': {
      parameters: [id],
      get: { responses: { '200': { description: 'one', content: json(flag) }, '404': { description: 'none' } } },
    },
    '/flags/{id}/archive': {
      parameters: [id],
      post: {
        description: 'Archives the flag: its `state` becomes `archived`. An archived flag answers `409`.',
        responses: {
          '200': { description: 'archived', content: json(flag) },
          '404': { description: 'none' },
          '409': { description: 'already archived' },
        },
      },
    },
  },
});

type Flag = { id: string; name: string; enabled: boolean; state: 'active' | 'archived' };

/** Flags with both states seeded; `allByDefault` lists every state when `state` is left out. */
function flags(allByDefault: boolean) {
  const all: Flag[] = [
    { id: 'f1', name: 'on', enabled: true, state: 'active' },
    { id: 'f2', name: 'old', enabled: false, state: 'archived' },
  ];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = parseObject(await readBody(req));
    const url = new URL(req.url ?? '/', 'http://x');
    const [root, at, action, ...rest] = url.pathname.split('/').filter(Boolean);
    if (root !== 'flags' || rest.length > 0) return sendJson(res, 404, {});
    if (at !== undefined) {
      const found = all.find((one) => one.id === at);
      if (!found) return sendJson(res, 404, {});
      if (action === undefined) return req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 405, {});
      if (action !== 'archive' || req.method !== 'POST') return sendJson(res, 404, {});
      if (found.state === 'archived') return sendJson(res, 409, {});
      found.state = 'archived';
      return sendJson(res, 200, found);
    }
    if (req.method === 'GET') {
      const state = url.searchParams.get('state') ?? (allByDefault ? 'all' : 'active');
      const enabled = url.searchParams.get('enabled');
      if (!['active', 'archived', 'all'].includes(state)) return sendJson(res, 400, {});
      if (enabled !== null && enabled !== 'true' && enabled !== 'false') return sendJson(res, 400, {});
      const listed = all.filter(
        (one) => (state === 'all' || one.state === state) && (enabled === null || String(one.enabled) === enabled),
      );
      return sendJson(res, 200, listed);
    }
    const valid =
      sent &&
      Object.keys(sent).sort().join() === 'enabled,name' &&
      typeof sent.name === 'string' &&
      sent.name.length >= 1 &&
      [...sent.name].length <= 20 &&
      typeof sent.enabled === 'boolean';
    if (!valid) return sendJson(res, 400, {});
    const made: Flag = {
      id: `f${all.length + 1}`,
      name: sent.name as string,
      enabled: sent.enabled as boolean,
      state: 'active',
    };
    all.push(made);
    return sendJson(res, 201, made);
  };
}

const run = (allByDefault: boolean) => runConformance({ target: { app: flags(allByDefault) }, contract, seed: 2 });

describe('a filter with a default', () => {
  it('passes a service that applies it, its own archived item asked for by another filter', async () => {
    const clean = await run(false);
    expect(clean.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });

  it('names a service that lists every state where the default says one', async () => {
    const ignoring = await run(true);
    expect(ignoring.violations.map((v) => v.code)).toContain('filter_not_applied');
  });
});
