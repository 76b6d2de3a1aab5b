// A union's made body may name nothing in a reference member (a labour line's `partId` is null). A
// probe of an unknown part is sent on a body of the form that names one, never on that null: a
// labour line naming a part is another fault, refused for another reason.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const partLine = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'partId', 'quantity'],
  properties: {
    kind: { type: 'string', enum: ['part'] },
    partId: { type: 'string', description: 'The part this line uses; 422 when it names no part.' },
    quantity: { type: 'integer', minimum: 1, maximum: 9 },
  },
};
const labourLine = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'partId', 'hours'],
  properties: {
    kind: { type: 'string', enum: ['labour'] },
    partId: { type: 'null', description: 'Labour names no part.' },
    hours: { type: 'integer', minimum: 1, maximum: 8 },
  },
};
const line = {
  type: 'object',
  required: ['id', 'kind', 'partId'],
  properties: {
    id: { type: 'string', readOnly: true },
    kind: { type: 'string', enum: ['part', 'labour'] },
    partId: { type: ['string', 'null'] },
    quantity: { type: 'integer' },
    hours: { type: 'integer' },
  },
};
const part = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string' }, name: { type: 'string' } },
};
const error = json({ type: 'object', required: ['message'], properties: { message: { type: 'string' } } });
const document = contractFromDocument({
  openapi: '3.1.0',
  info: { title: 'workshop', version: '1' },
  paths: {
    '/parts': {
      get: { responses: { '200': { description: 'all parts', content: json({ type: 'array', items: part }) } } },
    },
    '/parts/{partId}': {
      parameters: [{ name: 'partId', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        responses: { '200': { description: 'one', content: json(part) }, '404': { description: 'no', content: error } },
      },
    },
    '/lines': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: line }) } } },
      post: {
        description: 'Adds a line. A part line must name an existing part: `422` when `partId` names no part.',
        requestBody: { required: true, content: json({ oneOf: [partLine, labourLine] }) },
        responses: {
          '201': { description: 'added', content: json(line) },
          '400': { description: 'not a line', content: error },
          '422': { description: 'no such part', content: error },
        },
      },
    },
    '/lines/{lineId}': {
      parameters: [{ name: 'lineId', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        responses: { '200': { description: 'one', content: json(line) }, '404': { description: 'no', content: error } },
      },
    },
  },
});

/** Part lines name a listed part (422 otherwise); labour lines name none (400 otherwise). */
function workshop() {
  const parts = [
    { id: 'p1', name: 'filter' },
    { id: 'p2', name: 'belt' },
  ];
  const lines: Record<string, unknown>[] = [];
  const fits = (body: Record<string, unknown>, form: typeof partLine | typeof labourLine) =>
    Object.keys(body).every((name) => name in form.properties) &&
    form.required.every((name) => name in body) &&
    body.kind === form.properties.kind.enum[0];
  const within = (value: unknown, min: number, max: number) =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [top, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, { message: 'no such path' });
    if (top === 'parts' && req.method === 'GET') {
      if (id === undefined) return sendJson(res, 200, parts);
      const found = parts.find((one) => one.id === id);
      return found ? sendJson(res, 200, found) : sendJson(res, 404, { message: 'no such part' });
    }
    if (top !== 'lines') return sendJson(res, 404, { message: 'no such path' });
    if (id === undefined && req.method === 'GET') return sendJson(res, 200, lines);
    if (id === undefined && req.method === 'POST') {
      if (!body) return sendJson(res, 400, { message: 'not JSON' });
      const isPart = fits(body, partLine) && typeof body.partId === 'string' && within(body.quantity, 1, 9);
      const isLabour = fits(body, labourLine) && body.partId === null && within(body.hours, 1, 8);
      if (!isPart && !isLabour) return sendJson(res, 400, { message: 'not a part line nor a labour line' });
      if (isPart && !parts.some((one) => one.id === body.partId))
        return sendJson(res, 422, { message: `no part ${String(body.partId)}` });
      const made = { id: `l${lines.length + 1}`, ...body };
      lines.push(made);
      return sendJson(res, 201, made);
    }
    const found = lines.find((one) => one.id === id);
    return found && req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 404, { message: 'no such line' });
  };
}

describe('an unknown reference probed on a union body', () => {
  it.each([1, 2, 3])('is sent on the form that names one, not on a null (seed %i)', async (seed) => {
    const result = await runConformance({ target: { app: workshop() }, contract: document, seed, runs: 5 });
    expect(result.violations).toEqual([]);
  });
});
