// An action that moves no state of its own but is asked only of items in one ("Only for a
// `completed` order"): taken from that state, refused from every other one an item can reach.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const order = {
  type: 'object',
  required: ['id', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    status: { type: 'string', enum: ['open', 'completed'], readOnly: true },
    note: { type: 'string' },
  },
};
const receipt = { type: 'object', required: ['total'], properties: { total: { type: 'integer' } } };
const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];
const refused = { '404': { description: 'no such order' }, '409': { description: 'not in a state for it' } };
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'orders', version: '1' },
  paths: {
    '/orders': {
      get: { responses: { '200': { description: 'orders', content: json({ type: 'array', items: order }) } } },
      post: {
        requestBody: { required: true, content: json(order) },
        responses: { '201': { description: 'made', content: json(order) }, '400': { description: 'bad' } },
      },
    },
    '/orders/{id}': {
      parameters: id,
      get: { responses: { '200': { description: 'the order', content: json(order) }, '404': refused['404'] } },
    },
    '/orders/{id}/complete': {
      parameters: id,
      post: {
        description: '`open` → `completed`. From any other status: 409.',
        responses: { '200': { description: 'completed', content: json(order) }, ...refused },
      },
    },
    '/orders/{id}/receipt': {
      parameters: id,
      post: {
        description: 'Only for a `completed` order; 409 otherwise.',
        responses: { '200': { description: 'the receipt', content: json(receipt) }, ...refused },
      },
    },
  },
});

/** Orders made open; `loose` gives a receipt for an open one too. */
function orders(loose: boolean) {
  const made = new Map<string, { id: string; status: string; note?: string }>();
  const send = sendJson;
  return (req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const [first, key, verb, extra] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
      if (first !== 'orders' || extra) return send(res, 404, {});
      if (!key && req.method === 'GET') return send(res, 200, [...made.values()]);
      if (!key && req.method === 'POST') {
        let body: { note?: unknown } = {};
        try {
          body = JSON.parse(text);
        } catch {
          return send(res, 400, {});
        }
        if (typeof body !== 'object' || body === null || Array.isArray(body)) return send(res, 400, {});
        if (body.note !== undefined && typeof body.note !== 'string') return send(res, 400, {});
        const item = {
          id: `o${made.size + 1}`,
          status: 'open',
          ...(body.note === undefined ? {} : { note: body.note }),
        };
        made.set(item.id, item);
        return send(res, 201, item);
      }
      const item = key === undefined ? undefined : made.get(key);
      if (!item) return send(res, 404, {});
      if (!verb && req.method === 'GET') return send(res, 200, item);
      if (req.method !== 'POST') return send(res, 404, {});
      if (verb === 'complete') {
        if (item.status !== 'open') return send(res, 409, {});
        item.status = 'completed';
        return send(res, 200, item);
      }
      if (verb === 'receipt')
        return item.status === 'completed' || loose ? send(res, 200, { total: 3 }) : send(res, 409, {});
      return send(res, 404, {});
    });
  };
}

const run = (loose: boolean) =>
  runConformance({ target: { app: orders(loose) }, contract: document, seed: 3, runs: 5 });

describe('an action asked only of items in one state', () => {
  it('passes a service that takes it there and refuses it elsewhere', async () => {
    expect((await run(false)).violations).toEqual([]);
  });

  it('names a service that takes it from another state', async () => {
    const { violations } = await run(true);
    expect(violations.map((violation) => violation.code)).toContain('action_accepted_from_other_state');
  });
});
