// An action that starts only from some states gets its invalid bodies while its item is in one of
// them: a reject that takes a body without its required `reason` is caught, though every body sent
// to a draft report is refused with 409 for the state alone.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const error = json({ type: 'object', required: ['message'], properties: { message: { type: 'string' } } });
const report = {
  type: 'object',
  required: ['id', 'title', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    title: { type: 'string' },
    status: { type: 'string', enum: ['draft', 'submitted'], readOnly: true },
    reason: { type: 'string', nullable: true, readOnly: true },
  },
};
const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];
const action = (description: string, body?: unknown) => ({
  post: {
    description,
    ...(body ? { requestBody: { required: true, content: json(body) } } : {}),
    responses: {
      '200': { description: 'moved', content: json(report) },
      '400': { description: 'bad body', content: error },
      '404': { description: 'no such report', content: error },
      '409': { description: 'not in a state it starts from', content: error },
    },
  },
  parameters: id,
});
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'reports', version: '1' },
  paths: {
    '/reports': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: report }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['title'],
            properties: { title: { type: 'string', minLength: 1, maxLength: 40 } },
          }),
        },
        responses: {
          '201': { description: 'made, in `draft`', content: json(report) },
          '400': { description: 'bad', content: error },
        },
      },
    },
    '/reports/{id}': {
      parameters: id,
      get: {
        responses: {
          '200': { description: 'one', content: json(report) },
          '404': { description: 'none', content: error },
        },
      },
    },
    '/reports/{id}/submit': action('`draft` → `submitted`. Any other state gets `409`.'),
    '/reports/{id}/reject': action(
      '`submitted` → `draft`. The body must carry a `reason`. Any other state gets `409`.',
      {
        type: 'object',
        additionalProperties: false,
        required: ['reason'],
        properties: { reason: { type: 'string', minLength: 1, maxLength: 100 } },
      },
    ),
  },
});

/** Reports in memory; with the fault, reject takes any body. */
function reports(fault: boolean) {
  const all = new Map<string, Record<string, unknown>>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const body = parseObject(text);
    const [root, id, verb, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'reports' || rest.length > 0) return sendJson(res, 404, { message: 'no such path' });
    const bounded = (value: unknown, max: number) =>
      typeof value === 'string' && value.length >= 1 && value.length <= max;
    if (id === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...all.values()]);
      if (req.method !== 'POST') return sendJson(res, 404, { message: 'no such operation' });
      if (!body || Object.keys(body).join() !== 'title' || !bounded(body.title, 40))
        return sendJson(res, 400, { message: 'title: 1 to 40 characters' });
      const made = { id: `r${all.size + 1}`, title: body.title, status: 'draft', reason: null };
      all.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = all.get(id);
    if (!found) return sendJson(res, 404, { message: 'no such report' });
    if (verb === undefined)
      return req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 404, { message: 'no' });
    if (req.method !== 'POST') return sendJson(res, 404, { message: 'no such operation' });
    if (verb === 'submit') {
      if (found.status !== 'draft') return sendJson(res, 409, { message: `a ${found.status} report` });
      found.status = 'submitted';
      return sendJson(res, 200, found);
    }
    if (verb !== 'reject') return sendJson(res, 404, { message: 'no such action' });
    if (found.status !== 'submitted') return sendJson(res, 409, { message: `a ${found.status} report` });
    const valid = body !== undefined && Object.keys(body).join() === 'reason' && bounded(body.reason, 100);
    if (!valid && !fault) return sendJson(res, 400, { message: 'reason: 1 to 100 characters' });
    Object.assign(found, { status: 'draft', reason: typeof body?.reason === 'string' ? body.reason : '' });
    return sendJson(res, 200, found);
  };
}

const run = (fault: boolean) => runConformance({ target: { app: reports(fault) }, contract, seed: 2 });

describe('invalid bodies of an action, sent in a state it starts from', () => {
  it('pass a service that refuses them', async () => {
    expect((await run(false)).violations.map((v) => `${v.code} ${v.operation}: ${v.message}`)).toEqual([]);
  });

  it('name a service that takes a reject without its reason', async () => {
    const found = (await run(true)).violations.filter((v) => v.operation === 'POST /reports/{id}/reject');
    expect(found.map((v) => v.code)).toContain('invalid_input_accepted');
  });
});
