// A member one form of a union body takes (a part line's `unitPriceCents`) is the client's to send,
// even where the other form (a labour line) lacks it: a service that stores it is no mass assignment.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const part = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'quantity'],
  properties: {
    kind: { type: 'string', enum: ['part'] },
    quantity: { type: 'integer', minimum: 1, maximum: 9 },
    unitPriceCents: { type: 'integer', minimum: 0, maximum: 100000 },
  },
};
const labour = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'hours'],
  properties: { kind: { type: 'string', enum: ['labour'] }, hours: { type: 'integer', minimum: 1, maximum: 8 } },
};
const line = {
  type: 'object',
  required: ['id', 'kind', 'quantity', 'unitPriceCents', 'hours'],
  properties: {
    id: { type: 'string', readOnly: true },
    kind: { type: 'string', enum: ['part', 'labour'] },
    quantity: { type: ['integer', 'null'] },
    unitPriceCents: { type: ['integer', 'null'] },
    hours: { type: ['integer', 'null'] },
  },
};
const document = contractFromDocument({
  openapi: '3.1.0',
  info: { title: 'lines', version: '1' },
  paths: {
    '/lines': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: line }) } } },
      post: {
        requestBody: { required: true, content: json({ oneOf: [part, labour] }) },
        responses: { '201': { description: 'added', content: json(line) }, '400': { description: 'bad' } },
      },
    },
    '/lines/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(line) }, '404': { description: 'no' } } },
    },
  },
});

/** Lines as sent; a part line's price is 500 unless the client gives one. */
function shop() {
  const lines: Record<string, unknown>[] = [];
  const fits = (body: Record<string, unknown>, form: typeof part | typeof labour) =>
    Object.keys(body).every((name) => name in form.properties) &&
    form.required.every((name) => body[name] !== undefined) &&
    body.kind === form.properties.kind.enum[0];
  const within = (value: unknown, min: number, max: number) =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [top, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (top !== 'lines' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined && req.method === 'GET') return sendJson(res, 200, lines);
    if (id === undefined && req.method === 'POST') {
      if (!body) return sendJson(res, 400, {});
      const isPart =
        fits(body, part) &&
        within(body.quantity, 1, 9) &&
        (body.unitPriceCents === undefined || within(body.unitPriceCents, 0, 100000));
      const isLabour = fits(body, labour) && within(body.hours, 1, 8);
      if (isPart === isLabour) return sendJson(res, 400, {});
      const made = isPart
        ? {
            id: `l${lines.length + 1}`,
            kind: 'part',
            quantity: body.quantity,
            unitPriceCents: body.unitPriceCents ?? 500,
            hours: null,
          }
        : { id: `l${lines.length + 1}`, kind: 'labour', quantity: null, unitPriceCents: null, hours: body.hours };
      lines.push(made);
      return sendJson(res, 201, made);
    }
    const found = lines.find((one) => one.id === id);
    return found && req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 404, {});
  };
}

describe('members of one form of a union body', () => {
  it("takes a part line's own price as the client's, not a service-assigned member", async () => {
    const result = await runConformance({ target: { app: shop() }, contract: document, seed: 3, runs: 5 });
    expect(result.violations.map((v) => v.code)).not.toContain('server_assigned_id');
    expect(result.violations).toEqual([]);
  });
});
