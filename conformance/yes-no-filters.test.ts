// A yes/no query parameter named as a yes/no member ("Only flags whose `enabled` member equals this
// value") filters the list by it. The list is asked at both values: a service that reads the text
// "false" as true (Boolean("false")) lists the wrong items at one of them.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const name = { type: 'string', minLength: 1, maxLength: 20 };
const flag = {
  type: 'object',
  required: ['id', 'name', 'enabled'],
  properties: { id: { type: 'string', readOnly: true }, name, enabled: { type: 'boolean' } },
};

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'flags', version: '1' },
  paths: {
    '/flags': {
      get: {
        parameters: [
          {
            name: 'enabled',
            in: 'query',
            description: 'Only flags whose `enabled` member equals this value.',
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
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(flag) }, '404': { description: 'none' } } },
    },
  },
});

/** Flags, one of each value seeded; `truthy` reads the parameter's text as JavaScript truthiness. */
function flags(truthy: boolean) {
  const all = [
    { id: 'f1', name: 'on', enabled: true },
    { id: 'f2', name: 'off', enabled: false },
  ];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = parseObject(await readBody(req));
    const url = new URL(req.url ?? '/', 'http://x');
    const [root, id, ...rest] = url.pathname.split('/').filter(Boolean);
    if (root !== 'flags' || rest.length > 0) return sendJson(res, 404, {});
    if (id !== undefined) {
      const found = all.find((one) => one.id === id);
      return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
    }
    if (req.method === 'GET') {
      const text = url.searchParams.get('enabled');
      if (text !== null && text !== 'true' && text !== 'false') return sendJson(res, 400, {});
      const wanted = text === null ? undefined : truthy ? Boolean(text) : text === 'true';
      return sendJson(res, 200, wanted === undefined ? all : all.filter((one) => one.enabled === wanted));
    }
    const valid =
      sent &&
      Object.keys(sent).sort().join() === 'enabled,name' &&
      typeof sent.name === 'string' &&
      sent.name.length >= 1 &&
      [...sent.name].length <= 20 &&
      typeof sent.enabled === 'boolean';
    if (!valid) return sendJson(res, 400, {});
    const made = { id: `f${all.length + 1}`, name: sent.name as string, enabled: sent.enabled as boolean };
    all.push(made);
    return sendJson(res, 201, made);
  };
}

const run = (truthy: boolean) => runConformance({ target: { app: flags(truthy) }, contract, seed: 2 });

describe('a yes/no filter', () => {
  it('is read as a filter over the member of its name', () => {
    const list = inferApiModel(contract).collections.find((c) => c.path === '/flags')?.list;
    expect(list?.filters).toEqual([expect.objectContaining({ parameter: 'enabled', values: [true, false] })]);
  });

  it('passes a service that filters by it', async () => {
    const clean = await run(false);
    expect(clean.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });

  it('names a service that reads "false" as true', async () => {
    const truthy = await run(true);
    expect(truthy.violations.map((v) => v.code)).toContain('filter_not_applied');
  });
});
