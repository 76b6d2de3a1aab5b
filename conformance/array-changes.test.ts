// A change of optional members only, sent a body that is no object (a JSON array) at an item that
// exists: a service that takes it as an empty change is named. Sent at a made-up id, the same body
// gets 404 first and proves nothing.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const label = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string', minLength: 1, maxLength: 20 } },
};
const edit = { type: 'object', properties: { name: label.properties.name } };
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'labels', version: '1' },
  paths: {
    '/labels': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: label }) } } },
      post: {
        requestBody: { required: true, content: json({ ...edit, required: ['name'] }) },
        responses: { '201': { description: 'made', content: json(label) }, '400': { description: 'bad' } },
      },
    },
    '/labels/{labelId}': {
      parameters: [{ name: 'labelId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(label) }, '404': { description: 'none' } } },
      patch: {
        requestBody: { required: true, content: json(edit) },
        responses: {
          '200': { description: 'changed', content: json(label) },
          '400': { description: 'bad' },
          '404': { description: 'none' },
        },
      },
    },
  },
});

function desk(takesArrays: boolean) {
  const all: Record<string, unknown>[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      body = undefined;
    }
    const [, id] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (req.method === 'GET') {
      if (!id) return send(res, 200, all);
      const found = all.find((one) => one.id === id);
      return found ? send(res, 200, found) : send(res, 404, {});
    }
    const fields = (Array.isArray(body) && takesArrays ? {} : body) as Record<string, unknown> | undefined;
    const shaped = typeof fields === 'object' && fields !== null && !Array.isArray(fields);
    const name = shaped ? fields.name : undefined;
    const named = typeof name === 'string' && name.length >= 1 && [...name].length <= 20;
    if (req.method === 'POST' && !id) {
      if (!shaped || !named || Object.keys(fields).some((key) => key !== 'name')) return send(res, 400, {});
      const made = { id: `l${all.length + 1}`, name };
      all.push(made);
      return send(res, 201, made);
    }
    const found = all.find((one) => one.id === id);
    if (req.method !== 'PATCH' || !found) return send(res, 404, {});
    if (!shaped || (name !== undefined && !named)) return send(res, 400, {});
    if (name !== undefined) found.name = name;
    return send(res, 200, found);
  };
}

const accepted = async (takesArrays: boolean) =>
  (await runConformance({ target: { app: desk(takesArrays) }, contract: document, seed: 8, runs: 3 })).violations
    .filter((v) => v.code === 'invalid_input_accepted' && v.operation === 'PATCH /labels/{labelId}')
    .map((v) => v.caseLabel);

describe('a change sent a body that is no object, at an item that exists', () => {
  it('names a service that takes an array as an empty change, and passes one that refuses it', async () => {
    expect((await accepted(true)).length).toBeGreaterThan(0);
    expect(await accepted(false)).toEqual([]);
  });
});
