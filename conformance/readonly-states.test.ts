// A state the item declares readOnly is the service's to set: a PATCH carrying it (an open schema
// takes it, and the words say such members are ignored) does not move the item there. The run does
// not take an action "from `paid`" on an item its PATCH only asked to be paid, and a service that
// ignored that member is not said to take the action from a state it was never in.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const memo = { type: 'string', maxLength: 20 };
const invoice = {
  type: 'object',
  required: ['id', 'status', 'memo'],
  properties: {
    id: { type: 'string', readOnly: true },
    status: { type: 'string', enum: ['draft', 'issued', 'paid'], readOnly: true },
    memo,
  },
};
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: {
    title: 'invoices',
    version: '1',
    description: 'Members the schemas mark `readOnly` are ignored when sent in a request.',
  },
  paths: {
    '/invoices': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: invoice }) } } },
      post: {
        requestBody: { required: true, content: json({ type: 'object', required: ['memo'], properties: { memo } }) },
        responses: { '201': { description: 'made, draft', content: json(invoice) }, '400': none },
      },
    },
    '/invoices/{id}': {
      parameters: [id],
      get: { responses: { '200': { description: 'one', content: json(invoice) }, '404': none } },
      patch: {
        description: 'Changes `memo`.',
        requestBody: { required: true, content: json({ type: 'object', properties: { memo } }) },
        responses: { '200': { description: 'changed', content: json(invoice) }, '400': none, '404': none },
      },
    },
    '/invoices/{id}/issue': {
      parameters: [id],
      post: {
        description: 'Moves a `draft` invoice to `issued`. Any other status is refused with `409`.',
        responses: { '200': { description: 'issued', content: json(invoice) }, '404': none, '409': none },
      },
    },
  },
});

function invoices() {
  const all = new Map<string, { id: string; status: string; memo: string }>();
  const fits = (value: unknown) => typeof value === 'string' && [...value].length <= 20;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const sent = parseObject(text);
    const [root, key, action, ...rest] = new URL(req.url ?? '/', 'http://x').pathname.split('/').filter(Boolean);
    if (root !== 'invoices' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...all.values()]);
      if (!sent || !fits(sent.memo)) return sendJson(res, 400, {});
      const made = { id: `i${all.size + 1}`, status: 'draft', memo: sent.memo as string };
      all.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = all.get(key);
    if (!found) return sendJson(res, 404, {});
    if (action === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, found);
      if (req.method !== 'PATCH') return sendJson(res, 405, {});
      if (!sent || (sent.memo !== undefined && !fits(sent.memo))) return sendJson(res, 400, {});
      // Members it does not take (the readOnly status) are ignored.
      if (sent.memo !== undefined) found.memo = sent.memo as string;
      return sendJson(res, 200, found);
    }
    if (action !== 'issue' || req.method !== 'POST') return sendJson(res, 404, {});
    if (found.status !== 'draft') return sendJson(res, 409, {});
    found.status = 'issued';
    return sendJson(res, 200, found);
  };
}

describe('a readOnly state a PATCH only asks for', () => {
  it('is not taken as reached: the service that ignores it passes', async () => {
    const result = await runConformance({ target: { app: invoices() }, contract, seed: 7 });
    expect(result.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });
});
