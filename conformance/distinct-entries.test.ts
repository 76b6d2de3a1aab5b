// A creation whose words refuse two lines of one `code` (drawn from a fixed set): the bodies the run
// sends as valid, generated or made for its scenarios, hold lines of distinct codes, so none is
// refused for a pair of lines the words refuse.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const line = {
  type: 'object',
  additionalProperties: false,
  required: ['code', 'quantity'],
  properties: {
    code: { type: 'string', enum: ['GPS', 'SEAT'] },
    quantity: { type: 'integer', minimum: 1, maximum: 3 },
  },
};
const booking = {
  type: 'object',
  additionalProperties: false,
  required: ['lines'],
  properties: { lines: { type: 'array', minItems: 1, maxItems: 4, items: line } },
};
const made = {
  type: 'object',
  required: ['id', 'lines'],
  properties: { id: { type: 'string', readOnly: true }, lines: { type: 'array', items: line } },
};
const none = { description: 'none' };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'bookings', version: '1' },
  paths: {
    '/bookings': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: made }) } } },
      post: {
        description: 'Books the extras. `422` when two lines have the same `code`.',
        requestBody: { required: true, content: json(booking) },
        responses: { '201': { description: 'made', content: json(made) }, '400': none, '422': none },
      },
    },
    '/bookings/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(made) }, '404': none } },
      delete: { responses: { '204': { description: 'gone' }, '404': none } },
    },
  },
});

function bookings() {
  const all = new Map<string, Record<string, unknown>>();
  let count = 0;
  const valid = (body: Record<string, unknown> | undefined) =>
    body !== undefined &&
    Object.keys(body).join() === 'lines' &&
    Array.isArray(body.lines) &&
    body.lines.length >= 1 &&
    body.lines.length <= 4 &&
    body.lines.every((one: Record<string, unknown>) => {
      const keys = Object.keys(one ?? {})
        .sort()
        .join();
      return (
        (keys === 'code,quantity' || keys === 'quantity,code') &&
        ['GPS', 'SEAT'].includes(one.code as string) &&
        Number.isInteger(one.quantity) &&
        (one.quantity as number) >= 1 &&
        (one.quantity as number) <= 3
      );
    });
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'bookings' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...all.values()]);
      if (!valid(body)) return sendJson(res, 400, {});
      const codes = (body!.lines as { code: string }[]).map((one) => one.code);
      if (new Set(codes).size !== codes.length) return sendJson(res, 422, {});
      const item = { id: `b${++count}`, lines: body!.lines };
      all.set(item.id, item);
      return sendJson(res, 201, item);
    }
    const found = all.get(id);
    if (!found) return sendJson(res, 404, {});
    if (req.method === 'DELETE') {
      all.delete(id);
      return sendJson(res, 204);
    }
    return sendJson(res, 200, found);
  };
}

describe('lines drawn from a fixed set of codes', () => {
  it('are distinct in the items the run makes', async () => {
    for (const seed of [1, 2, 3]) {
      const report = await runConformance({ target: { app: bookings() }, contract, seed });
      expect(report.violations.map((v) => `${seed} ${v.operation} ${v.code}: ${v.message}`)).toEqual([]);
    }
  });
});
