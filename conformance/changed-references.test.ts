// A change naming an item that exists nowhere is refused like a creation naming one, where the words
// give the member's rule a refusal ("An unknown `depotId` is refused with `422`"): a service whose
// PATCH stores any depot is named; a correct one passes with the step run.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const depot = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^d[0-9]+$' } } };
const tool = {
  type: 'object',
  required: ['id', 'name', 'depotId'],
  properties: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', minLength: 1, maxLength: 20 },
    depotId: { type: 'string', pattern: '^d[0-9]+$' },
  },
};
const input = (required: string[]) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties: { name: tool.properties.name, depotId: tool.properties.depotId },
});
const refusals = {
  '400': { description: 'bad' },
  '404': { description: 'none' },
  '422': { description: 'no such depot' },
};
const id = (name: string) => [{ name, in: 'path', required: true, schema: { type: 'string' } }];
const document = contractFromDocument({
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
        requestBody: { required: true, content: json(input(['name', 'depotId'])) },
        responses: { '201': { description: 'made', content: json(tool) }, ...refusals },
      },
    },
    '/tools/{toolId}': {
      parameters: id('toolId'),
      get: { responses: { '200': { description: 'one', content: json(tool) }, '404': { description: 'none' } } },
      patch: {
        requestBody: { required: true, content: json(input([])) },
        responses: { '200': { description: 'changed', content: json(tool) }, ...refusals },
      },
    },
  },
});

/** A depot desk; `anyDepotOnChange` plants the fault: a PATCH stores a depot that does not exist. */
function desk(anyDepotOnChange = false) {
  const depots = [{ id: 'd1' }, { id: 'd2' }];
  const tools: Record<string, unknown>[] = [];
  const send = sendJson;
  const invalid = (body: Record<string, unknown> | undefined, required: string[]) =>
    !body ||
    Object.keys(body).some((key) => key !== 'name' && key !== 'depotId') ||
    required.some((key) => !(key in body)) ||
    ('name' in body && (typeof body.name !== 'string' || body.name.length < 1 || [...body.name].length > 20)) ||
    ('depotId' in body && (typeof body.depotId !== 'string' || !/^d[0-9]+$/.test(body.depotId)));
  const unknownDepot = (body: Record<string, unknown>) =>
    'depotId' in body && !depots.some((d) => d.id === body.depotId);
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [collection, key] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (collection === 'depots') {
      const found = key === undefined ? depots : depots.find((d) => d.id === key);
      return found ? send(res, 200, found) : send(res, 404, {});
    }
    if (collection !== 'tools') return send(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') return send(res, 200, tools);
      if (invalid(body, ['name', 'depotId'])) return send(res, 400, {});
      if (unknownDepot(body!)) return send(res, 422, {});
      const made = { id: `t${tools.length + 1}`, name: body!.name, depotId: body!.depotId };
      tools.push(made);
      return send(res, 201, made);
    }
    const found = tools.find((one) => one.id === key);
    if (!found) return send(res, 404, {});
    if (req.method === 'GET') return send(res, 200, found);
    if (req.method !== 'PATCH' || invalid(body, [])) return send(res, 400, {});
    if (!anyDepotOnChange && unknownDepot(body!)) return send(res, 422, {});
    Object.assign(found, body);
    return send(res, 200, found);
  };
}

const run = (fault?: boolean) => runConformance({ target: { app: desk(fault) }, contract: document, seed: 3, runs: 5 });

describe('a change naming an item that exists nowhere', () => {
  it('passes a desk that refuses it, with the step run', async () => {
    const result = await run();
    expect(result.violations.map((v) => v.code)).not.toContain('unknown_reference_accepted');
    const unreached = (result.reach?.unreached ?? []).flatMap(({ steps }) => steps);
    expect(unreached).not.toContain('unknown depotId refused by PATCH');
  });

  it('names a desk whose PATCH stores any depot', async () => {
    const found = (await run(true)).violations.filter((v) => v.code === 'unknown_reference_accepted');
    expect(found.map((v) => v.operation)).toContain('PATCH /tools/{toolId}');
  });
});
