// Inputs only the author's words make valid. A map whose keys mean something (prices "keyed by
// section id") is sent as the author's example, so a case about another member is judged on its
// own: a hall that takes an empty name is named. Where the words say unknown members are ignored, a
// body holding one must be taken: a hall that refuses it is named, even beside a made-up reference
// the refusal does not point at.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const prices = {
  type: 'object',
  description: 'Price per section, keyed by section id of the hall.',
  minProperties: 1,
  additionalProperties: { type: 'integer', minimum: 0, maximum: 9999 },
  example: { A: 100, B: 250 },
};
const showInput = {
  type: 'object',
  description: 'Unknown members are ignored.',
  required: ['name', 'prices'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 30 }, prices },
};
const show = {
  type: 'object',
  required: ['id', 'name', 'prices'],
  properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, prices },
};
const invalid = {
  description: 'invalid',
  content: json({ type: 'object', properties: { errors: { type: 'array' } } }),
};

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'hall', version: '1' },
  paths: {
    '/shows': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: show }) } } },
      post: {
        requestBody: { required: true, content: json(showInput) },
        responses: { '201': { description: 'made', content: json(show) }, '400': none, '422': invalid },
      },
    },
    '/shows/{showId}': {
      parameters: [{ name: 'showId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': { description: 'one', content: json(show) }, '404': none } },
    },
  },
});

type Fault = 'empty-name-taken' | 'unknown-member-refused';

function hall(fault?: Fault) {
  const shows: Record<string, unknown>[] = [];
  const refuse = (res: ServerResponse, pointers: string[]) =>
    sendJson(res, 422, { errors: pointers.map((pointer) => ({ pointer })) });
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'shows' || rest.length > 0) return sendJson(res, 404, {});
    if (id !== undefined) {
      const found = shows.find((one) => String(one.id) === id);
      return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
    }
    if (req.method === 'GET') return sendJson(res, 200, shows);
    if (!body) return sendJson(res, 400, {});
    const errors: string[] = [];
    const { name, prices: sent } = body;
    if (typeof name !== 'string' || [...name].length > 30 || (name.length === 0 && fault !== 'empty-name-taken'))
      errors.push('/name');
    const entries = typeof sent === 'object' && sent !== null && !Array.isArray(sent) ? Object.entries(sent) : [];
    if (entries.length === 0) errors.push('/prices');
    for (const [section, price] of entries)
      if (!['A', 'B'].includes(section) || !Number.isInteger(price) || Number(price) < 0 || Number(price) > 9999)
        errors.push(`/prices/${section}`);
    if (fault === 'unknown-member-refused')
      for (const member of Object.keys(body)) if (member !== 'name' && member !== 'prices') errors.push(`/${member}`);
    if (errors.length > 0) return refuse(res, errors);
    const made = { id: shows.length + 1, name, prices: sent };
    shows.push(made);
    return sendJson(res, 201, made);
  };
}

const run = (fault?: Fault) => runConformance({ target: { app: hall(fault) }, contract, seed: 18 });

describe("inputs only the author's words make valid", () => {
  it('pass a hall that takes them', async () => {
    const result = await run();
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });

  it('let a case about the name be judged: a hall taking an empty name is named', async () => {
    const found = (await run('empty-name-taken')).violations.filter((v) => v.code === 'invalid_input_accepted');
    expect(found.map((v) => v.message).join('\n')).toMatch(/name/);
  });

  it('make a refused unknown member a failure where the words say it is ignored', async () => {
    const found = (await run('unknown-member-refused')).violations.filter((v) => v.code === 'valid_input_refused');
    expect(found.map((v) => v.operation)).toContain('POST /shows');
  });
});
