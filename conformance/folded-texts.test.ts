// A text the words let the service store in another case ("The service may store `email`
// lowercased") is the value sent when it comes back lowercased; where the words say nothing, a
// changed case is still a value not echoed.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const learner = {
  type: 'object',
  required: ['id', 'email'],
  properties: { id: { type: 'string', readOnly: true }, email: { type: 'string', minLength: 3, maxLength: 40 } },
};
const documentSaying = (words: string) =>
  contractFromDocument({
    openapi: '3.1.0',
    info: { title: 'learners', version: '1' },
    paths: {
      '/learners': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: learner }) } } },
        post: {
          description: words,
          requestBody: {
            required: true,
            content: json({
              type: 'object',
              additionalProperties: false,
              required: ['email'],
              properties: { email: learner.properties.email },
            }),
          },
          responses: { '201': { description: 'made', content: json(learner) }, '400': { description: 'bad' } },
        },
      },
      '/learners/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: { responses: { '200': { description: 'one', content: json(learner) }, '404': { description: 'no' } } },
      },
    },
  });

/** Learners whose email is stored lowercased. */
function lowercasing() {
  const learners: { id: string; email: string }[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [top, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (top !== 'learners' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined && req.method === 'GET') return sendJson(res, 200, learners);
    if (id === undefined && req.method === 'POST') {
      const email = body?.email;
      if (
        typeof email !== 'string' ||
        [...email].length < 3 ||
        [...email].length > 40 ||
        Object.keys(body!).length !== 1
      )
        return sendJson(res, 400, {});
      const made = { id: `l${learners.length + 1}`, email: email.toLowerCase() };
      learners.push(made);
      return sendJson(res, 201, made);
    }
    const found = learners.find((one) => one.id === id);
    return found && req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 404, {});
  };
}

const run = (words: string) =>
  runConformance({ target: { app: lowercasing() }, contract: documentSaying(words), seed: 3, runs: 8 });
const codes = (result: Awaited<ReturnType<typeof run>>) => result.violations.map((v) => v.code);

describe('a text stored in another case', () => {
  it('passes a service that lowercases where the words let it', async () => {
    expect(codes(await run('Registers a learner. The service may store `email` lowercased.'))).toEqual([]);
  });

  it('still catches it where the words say nothing of case', async () => {
    expect(codes(await run('Registers a learner.'))).toContain('field_not_echoed');
  });
});
