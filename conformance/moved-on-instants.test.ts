// A new item already past the state items start in (a photo whose processing ended before the
// creation answered) may carry the instants of what it went through; one still in its first state
// carrying a later state's instant does not.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const photo = {
  type: 'object',
  required: ['id', 'name', 'status', 'processedAt'],
  properties: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', minLength: 1, maxLength: 20 },
    status: { type: 'string', enum: ['processing', 'ready'], readOnly: true },
    processedAt: { type: ['string', 'null'], format: 'date-time', readOnly: true },
  },
};
const contract = contractFromDocument({
  openapi: '3.1.0',
  info: { title: 'photos', version: '1', description: 'A photo is processed within 5 s; it may be `ready` at once.' },
  paths: {
    '/photos': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: photo }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({ type: 'object', required: ['name'], properties: { name: photo.properties.name } }),
        },
        responses: { '201': { description: 'made', content: json(photo) }, '400': { description: 'bad' } },
      },
    },
    '/photos/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(photo) }, '404': { description: 'none' } } },
    },
  },
});

/** Photos processed at once (ready, with their instant), or (the fault) stamped while processing. */
function photos(stampsWhileProcessing: boolean) {
  const all = new Map<string, Record<string, unknown>>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'photos' || rest.length > 0) return sendJson(res, 404, {});
    if (id !== undefined) return all.has(id) ? sendJson(res, 200, all.get(id)) : sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, [...all.values()]);
    const name = body?.name;
    if (typeof name !== 'string' || name.length === 0 || [...name].length > 20) return sendJson(res, 400, {});
    const status = stampsWhileProcessing ? 'processing' : 'ready';
    const made = { id: `p${all.size + 1}`, name, status, processedAt: new Date().toISOString() };
    all.set(made.id, made);
    return sendJson(res, 201, made);
  };
}

const codesOf = async (fault: boolean) =>
  (await runConformance({ target: { app: photos(fault) }, contract, seed: 5 })).violations.map((v) => v.code);

describe('the instants of a new item', () => {
  it('may be set where the item is already past its first state', async () => {
    expect(await codesOf(false)).not.toContain('state_instant_set');
  });

  it("nor is a state it reached by itself, sent back in a creation, the client's value taken", async () => {
    expect(await codesOf(false)).not.toContain('client_value_taken');
  });

  it('may not be set on an item still in its first state', async () => {
    expect(await codesOf(true)).toContain('state_instant_set');
  });
});
