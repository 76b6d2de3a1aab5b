// Members the overview says an answer of a status carries ("A `422` caused by an invalid request
// carries `errors`"), where the error schema leaves them optional: a 422 without them is named; one
// with them passes; words that leave it open ("may carry") promise nothing.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument, saidErrorMembers } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const problem = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'integer' }, errors: { type: 'array', items: { type: 'object' } } },
};
const tag = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string', minLength: 1, maxLength: 20 } },
};
const contractSaying = (overview: string) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'tags', version: '1', description: overview },
    paths: {
      '/tags': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: tag }) } } },
        post: {
          requestBody: {
            required: true,
            content: json({
              type: 'object',
              required: ['name'],
              additionalProperties: false,
              properties: { name: tag.properties.name },
            }),
          },
          responses: {
            '201': { description: 'made', content: json(tag) },
            '422': { description: 'invalid', content: json(problem) },
          },
        },
      },
    },
  });
const SAID = 'Errors are problems. A `422` caused by an invalid request carries `errors`, one entry per violation.';

function tags(withErrors: boolean) {
  const all: Array<Record<string, unknown>> = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    if ((req.url ?? '').split('?')[0] !== '/tags') return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, all);
    const name = body?.name;
    const valid =
      body &&
      Object.keys(body).join() === 'name' &&
      typeof name === 'string' &&
      name.length >= 1 &&
      [...name].length <= 20;
    if (!valid) return sendJson(res, 422, { status: 422, ...(withErrors ? { errors: [{ message: 'invalid' }] } : {}) });
    const made = { id: `t${all.length + 1}`, name };
    all.push(made);
    return sendJson(res, 201, made);
  };
}

const codes = async (withErrors: boolean, overview = SAID) =>
  (
    await runConformance({ target: { app: tags(withErrors) }, contract: contractSaying(overview), seed: 2 })
  ).violations.map((v) => v.code);

describe('members the words say an answer carries', () => {
  it('are read from the overview, not where the words leave them open', () => {
    expect([...saidErrorMembers(contractSaying(SAID))]).toEqual([[422, ['errors']]]);
    expect([...saidErrorMembers(contractSaying('A `422` may carry `errors`.'))]).toEqual([]);
  });

  it('name a 422 without them, and pass one with them', async () => {
    expect(await codes(false)).toContain('said_member_missing');
    expect(await codes(true)).toEqual([]);
    expect(await codes(false, 'Errors are problems.')).toEqual([]);
  });
});
