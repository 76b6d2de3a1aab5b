// A desk's `spaceCode` is the space in its path (readOnly, patterned like a space's code). The
// creation body does not declare it and takes members it does not name: a desk sent with another
// space's code must still name its own space. A service that takes the body's code is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const code = { type: 'string', pattern: '^[A-Z]{3}[0-9]{2}$' };
const desk = {
  type: 'object',
  required: ['number', 'spaceCode', 'label'],
  properties: {
    number: { type: 'integer', readOnly: true },
    spaceCode: { ...code, readOnly: true, description: 'The path code.' },
    label: { type: 'string', minLength: 1, maxLength: 20 },
  },
};
const deskCreate = { type: 'object', required: ['label'], properties: { label: desk.properties.label } };
const codeParameter = { name: 'code', in: 'path', required: true, schema: code };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'desks', version: '1' },
  paths: {
    '/spaces': {
      get: {
        responses: {
          '200': {
            description: 'all',
            content: json({ type: 'array', items: { type: 'object', required: ['code'], properties: { code } } }),
          },
        },
      },
    },
    '/spaces/{code}': {
      parameters: [codeParameter],
      get: {
        responses: {
          '200': { description: 'one', content: json({ type: 'object', properties: { code } }) },
          '404': none,
        },
      },
    },
    '/spaces/{code}/desks': {
      parameters: [codeParameter],
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: desk }) }, '404': none } },
      post: {
        requestBody: { required: true, content: json(deskCreate) },
        responses: { '201': { description: 'made', content: json(desk) }, '400': none, '404': none },
      },
    },
    '/spaces/{code}/desks/{number}': {
      parameters: [codeParameter, { name: 'number', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': { description: 'one', content: json(desk) }, '404': none } },
    },
  },
});

function desks(fromBody: boolean) {
  const held = new Map<string, Array<Record<string, unknown>>>([['LON01', []]]);
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const [root, space, below, number, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root === 'spaces' && below === undefined && req.method === 'GET') {
      if (space === undefined)
        return sendJson(
          res,
          200,
          [...held.keys()].map((one) => ({ code: one })),
        );
      return held.has(space) ? sendJson(res, 200, { code: space }) : sendJson(res, 404, {});
    }
    const list = space === undefined ? undefined : held.get(space);
    if (root !== 'spaces' || below !== 'desks' || rest.length > 0 || !list) return sendJson(res, 404, {});
    if (number !== undefined) {
      const found = list.find((one) => String(one.number) === number);
      return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
    }
    if (req.method === 'GET') return sendJson(res, 200, list);
    const body = parseObject(text);
    const label = body?.label;
    if (!body || typeof label !== 'string' || label.length < 1 || [...label].length > 20) return sendJson(res, 400, {});
    const spaceCode = fromBody && typeof body.spaceCode === 'string' ? body.spaceCode : space;
    const made = { number: list.length + 1, spaceCode, label };
    list.push(made);
    return sendJson(res, 201, made);
  };
}

describe("a desk's space", () => {
  it('passes a service that takes it from the path', async () => {
    const result = await runConformance({ target: { app: desks(false) }, contract, seed: 2 });
    expect(result.violations.map((v) => `${v.operation} ${v.code}: ${v.message}`)).toEqual([]);
  });

  it('names a service that takes it from the body', async () => {
    const result = await runConformance({ target: { app: desks(true) }, contract, seed: 2 });
    expect(result.violations.map((v) => v.operation)).toContain('POST /spaces/{code}/desks');
  });
});
