// A reference to an item that does not exist is refused with the status the words give ("An
// unknown `depotId` is refused with `422`"). A 400 may come first from the rest of a body, so a
// plain 400 is no finding; one whose entries point at the reference itself is the wrong status.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const depot = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^d[0-9]+$' } } };
const input = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'depotId'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 20 },
    depotId: { type: 'string', pattern: '^d[0-9]+$' },
  },
};
const tool = {
  type: 'object',
  required: ['id', 'name', 'depotId'],
  properties: { id: { type: 'string', readOnly: true }, ...input.properties },
};
const refusal = {
  description: 'refused',
  content: json({ type: 'object', properties: { errors: { type: 'array' } } }),
};
const id = (name: string) => [{ name, in: 'path', required: true, schema: { type: 'string' } }];

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'depots', version: '1' },
  paths: {
    '/depots': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: depot }) } } },
    },
    '/depots/{depotId}': {
      parameters: id('depotId'),
      get: { responses: { '200': { description: 'one', content: json(depot) }, '404': { description: 'none' } } },
    },
    '/tools': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: tool }) } } },
      post: {
        description: 'An unknown `depotId` is refused with `422`.',
        requestBody: { required: true, content: json(input) },
        responses: { '201': { description: 'made', content: json(tool) }, '400': refusal, '422': refusal },
      },
    },
    '/tools/{toolId}': {
      parameters: id('toolId'),
      get: { responses: { '200': { description: 'one', content: json(tool) }, '404': { description: 'none' } } },
    },
  },
});

function desk(unknownAs400 = false) {
  const depots = [{ id: 'd1' }, { id: 'd2' }];
  const tools: Record<string, unknown>[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (root === 'depots') {
      const found = key === undefined ? depots : depots.find((d) => d.id === key);
      return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
    }
    if (root !== 'tools') return sendJson(res, 404, {});
    if (key !== undefined) {
      const found = tools.find((one) => one.id === key);
      return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
    }
    if (req.method === 'GET') return sendJson(res, 200, tools);
    const { name, depotId } = body ?? {};
    const valid =
      body !== undefined &&
      Object.keys(body).every((k) => k === 'name' || k === 'depotId') &&
      typeof name === 'string' &&
      name.length > 0 &&
      [...name].length <= 20 &&
      typeof depotId === 'string' &&
      /^d[0-9]+$/.test(depotId);
    if (!valid) return sendJson(res, 400, { errors: [{ pointer: '' }] });
    if (!depots.some((d) => d.id === depotId))
      return sendJson(res, unknownAs400 ? 400 : 422, { errors: [{ pointer: '/depotId' }] });
    const made = { id: `t${tools.length + 1}`, name, depotId };
    tools.push(made);
    return sendJson(res, 201, made);
  };
}

const run = (fault?: boolean) => runConformance({ target: { app: desk(fault) }, contract, seed: 27 });

describe('the status of a refused reference', () => {
  it('passes a desk that gives the documented 422', async () => {
    expect((await run()).violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });

  it('names a desk whose 400 points at the reference', async () => {
    expect((await run(true)).violations.map((v) => v.code)).toContain('unknown_reference_status');
  });
});
