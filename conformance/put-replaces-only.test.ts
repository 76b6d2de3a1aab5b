// A PUT of items keyed by the client whose words deny that it creates ("PUT does not create flags: a
// flag that does not exist answers `404`"), documenting 200 alone: its 404 at a free key is what the
// document says, not a PUT that "did not create". Where the words make it an upsert, the same 404
// is still a failure.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { putCreates } from '../spec/model/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const key = { type: 'string', pattern: '^[a-z]{3,12}$' };
const flag = {
  type: 'object',
  required: ['key', 'enabled'],
  properties: { key, enabled: { type: 'boolean' } },
};
const change = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled'],
  properties: { enabled: { type: 'boolean' } },
};

const document = (putWords: string) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'flags', version: '1' },
    paths: {
      '/flags': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: flag }) } } },
        post: {
          requestBody: { required: true, content: json(flag) },
          responses: {
            '201': { description: 'made', content: json(flag) },
            '400': { description: 'bad' },
            '409': { description: 'key in use' },
          },
        },
      },
      '/flags/{key}': {
        parameters: [{ name: 'key', in: 'path', required: true, schema: key }],
        get: { responses: { '200': { description: 'one', content: json(flag) }, '404': { description: 'none' } } },
        put: {
          description: putWords,
          requestBody: { required: true, content: json(change) },
          responses: {
            '200': { description: 'replaced', content: json(flag) },
            '400': { description: 'bad' },
            '404': { description: 'none' },
          },
        },
      },
    },
  });

/** Flags keyed by the client; a PUT replaces one that exists and answers 404 for any other. */
function flags() {
  const all = new Map([['beta', { key: 'beta', enabled: false }]]);
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, at, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'flags' || rest.length > 0) return sendJson(res, 404, {});
    const valid = (value: Record<string, unknown> | undefined, members: string[]) =>
      value !== undefined &&
      typeof value.enabled === 'boolean' &&
      Object.keys(value).every((member) => members.includes(member));
    if (at === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...all.values()]);
      if (req.method !== 'POST') return sendJson(res, 405, {});
      const chosen = body?.key;
      if (!valid(body, ['key', 'enabled']) || typeof chosen !== 'string' || !/^[a-z]{3,12}$/.test(chosen))
        return sendJson(res, 400, {});
      if (all.has(chosen)) return sendJson(res, 409, {});
      all.set(chosen, { key: chosen, enabled: body!.enabled as boolean });
      return sendJson(res, 201, all.get(chosen));
    }
    if (!/^[a-z]{3,12}$/.test(at)) return sendJson(res, 404, {});
    const found = all.get(at);
    if (req.method === 'GET') return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
    if (req.method !== 'PUT') return sendJson(res, 405, {});
    if (!valid(body, ['enabled'])) return sendJson(res, 400, {});
    if (!found) return sendJson(res, 404, {});
    found.enabled = body!.enabled as boolean;
    return sendJson(res, 200, found);
  };
}

const notCreated = async (putWords: string) => {
  const report = await runConformance({ target: { app: flags() }, contract: document(putWords), seed: 3, runs: 5 });
  return report.violations.filter((v) => v.code === 'put_create_not_created');
};

describe('a PUT whose words deny that it creates', () => {
  it('is not judged at a free key', async () => {
    expect(
      await notCreated('Replaces a flag. PUT does not create flags: a flag that does not exist answers `404`.'),
    ).toEqual([]);
  });

  it('is judged where its words make it an upsert', async () => {
    expect(await notCreated('Creates the flag at `key` if it does not exist, else replaces it.')).not.toEqual([]);
  });
});

describe('putCreates', () => {
  /** The document's PUT with these words, documenting these statuses alone. */
  const put = (words: string, statuses: string[]) => {
    const operation = document(words).operations.find(({ method }) => method === 'PUT')!;
    return { ...operation, responses: operation.responses.filter(({ status }) => statuses.includes(status)) };
  };
  it.each([
    ['Creates or replaces the flag.', ['200'], true],
    ['Replaces the flag.', ['200', '404'], false],
    ['PUT never creates flags.', ['200'], false],
    ['Only replaces; the flag must already exist.', ['200'], false],
    ['Replaces an existing flag (flags are only created with POST).', ['200', '404'], false],
    ['Replaces the flag; `404` when the flag does not exist. Created flags start disabled.', ['200', '404'], false],
  ])('reads "%s" with %j as %s', (words, statuses, creates) => {
    expect(putCreates(put(words, statuses))).toBe(creates);
  });
});
