// A member left out of a creation whose default the answer must carry: judged where the answer
// holds it, and where it is absent too if its words say it is always present.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });

function contractSaying(stateWords: string) {
  const state = { type: 'string', enum: ['open', 'done'], default: 'open', description: stateWords };
  const input = {
    type: 'object',
    additionalProperties: false,
    required: ['title'],
    properties: { title: { type: 'string', minLength: 1, maxLength: 30 }, state },
  };
  const task = {
    type: 'object',
    required: ['id', 'title'],
    properties: { id: { type: 'string', readOnly: true }, ...input.properties },
  };
  return contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'tasks', version: '1' },
    paths: {
      '/tasks': {
        post: {
          requestBody: { required: true, content: json(input) },
          responses: { '201': { description: 'made', content: json(task) }, '400': { description: 'bad' } },
        },
      },
    },
  });
}

/** Keeps `state` only where the client sent it. */
async function tasks(req: IncomingMessage, res: ServerResponse) {
  const body = parseObject(await readBody(req));
  const title = body?.title;
  const keys = Object.keys(body ?? {});
  const valid =
    body &&
    typeof title === 'string' &&
    title.length >= 1 &&
    [...title].length <= 30 &&
    keys.every((key) => key === 'title' || key === 'state') &&
    (!('state' in body) || body.state === 'open' || body.state === 'done');
  if (!valid) return send(res, 400, {});
  return send(res, 201, { id: 't1', ...body });
}

const notApplied = async (words: string) => {
  const report = await runConformance({ target: { app: tasks }, contract: contractSaying(words), seed: 2 });
  return report.violations.filter((v) => v.code === 'default_not_applied').length;
};

describe('a default left out of the answer', () => {
  it('is named where the words say the member is always present', async () => {
    expect(await notApplied('Always present in responses.')).toBeGreaterThan(0);
  });

  it('is left alone where they do not', async () => {
    expect(await notApplied('The state of the task.')).toBe(0);
  });
});
