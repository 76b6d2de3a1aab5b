// A limit the words put on how many entries an item holds ("A cart holds at most 3 lines; a 4th line
// is refused with `422`"): the run sends many valid lines to one cart, so the refusal past the limit
// is a note, never "valid input refused". A service that keeps the limit passes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const line = {
  type: 'object',
  required: ['sku', 'quantity'],
  properties: { sku: { type: 'string', pattern: '^[A-Z]{3}$' }, quantity: { type: 'integer', minimum: 1, maximum: 9 } },
};
const cart = {
  type: 'object',
  required: ['id', 'lines'],
  properties: { id: { type: 'string', readOnly: true }, lines: { type: 'array', items: line } },
};
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'carts', version: '1' },
  paths: {
    '/carts': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: cart }) } } },
      post: {
        requestBody: { content: json({ type: 'object', properties: {} }) },
        responses: { '201': { description: 'made, empty', content: json(cart) }, '400': none },
      },
    },
    '/carts/{id}': {
      parameters: [id],
      get: { responses: { '200': { description: 'one', content: json(cart) }, '404': none } },
    },
    '/carts/{id}/lines': {
      parameters: [id],
      post: {
        description:
          'Adds a line and answers the cart. A cart holds at most 3 lines; a 4th line is refused with `422`.',
        requestBody: { required: true, content: json({ ...line, additionalProperties: false }) },
        responses: { '201': { description: 'added', content: json(cart) }, '400': none, '404': none, '422': none },
      },
    },
  },
});

function carts() {
  const all = new Map<string, { id: string; lines: unknown[] }>([['c0', { id: 'c0', lines: [] }]]);
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const sent = parseObject(text);
    const [root, key, sub, ...rest] = new URL(req.url ?? '/', 'http://x').pathname.split('/').filter(Boolean);
    if (root !== 'carts' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...all.values()]);
      if (text.trim() !== '' && sent === undefined) return sendJson(res, 400, {});
      const made = { id: `c${all.size}`, lines: [] };
      all.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = all.get(key);
    if (!found) return sendJson(res, 404, {});
    if (sub === undefined) return req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 405, {});
    if (sub !== 'lines' || req.method !== 'POST') return sendJson(res, 404, {});
    const valid =
      sent !== undefined &&
      Object.keys(sent).every((name) => name === 'sku' || name === 'quantity') &&
      typeof sent.sku === 'string' &&
      /^[A-Z]{3}$/.test(sent.sku) &&
      Number.isInteger(sent.quantity) &&
      Number(sent.quantity) >= 1 &&
      Number(sent.quantity) <= 9;
    if (!valid) return sendJson(res, 400, {});
    if (found.lines.length >= 3) return sendJson(res, 422, {});
    found.lines.push({ sku: sent!.sku, quantity: sent!.quantity });
    return sendJson(res, 201, found);
  };
}

describe('a limit the words put on the entries of an item', () => {
  it('is a note where the run reached it, and a service keeping it passes', async () => {
    const result = await runConformance({ target: { app: carts() }, contract, seed: 8, runs: 20 });
    expect(result.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect(result.notes.map((n) => n.code)).toContain('said_limit_reached');
  });
});
