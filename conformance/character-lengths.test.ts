// A string's maxLength counts characters (JSON Schema): a name of two-byte characters (é) at its
// maxLength is valid, and so is one of astral characters (😀) where the words count code points.
// A service counting UTF-8 bytes refuses them and is named; one counting characters passes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';
import { codePointsSaid } from './plan/cases/boundaries.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const tag = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string', minLength: 1, maxLength: 12 } },
};
const documentSaying = (overview: string) =>
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
              additionalProperties: false,
              required: ['name'],
              properties: { name: tag.properties.name },
            }),
          },
          responses: { '201': { description: 'made', content: json(tag) }, '400': { description: 'bad' } },
        },
      },
    },
  });

type Counting = 'code points' | 'utf-16 units' | 'bytes';
const LENGTH: Record<Counting, (text: string) => number> = {
  'code points': (text) => [...text].length,
  'utf-16 units': (text) => text.length,
  bytes: (text) => Buffer.byteLength(text, 'utf8'),
};

function desk(counting: Counting) {
  const all: Record<string, unknown>[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    if (req.method === 'GET') return send(res, 200, all);
    const name = body?.name;
    const keys = Object.keys(body ?? {});
    if (typeof name !== 'string' || keys.length !== 1 || name.length === 0 || LENGTH[counting](name) > 12)
      return send(res, 400, {});
    const made = { id: `t${all.length + 1}`, name };
    all.push(made);
    return send(res, 201, made);
  };
}

const refused = async (counting: Counting, overview: string) =>
  (
    await runConformance({ target: { app: desk(counting) }, contract: documentSaying(overview), seed: 2, runs: 3 })
  ).violations
    .filter((v) => v.code === 'valid_input_refused' || v.check === 'positive_data_acceptance')
    .map((v) => v.caseLabel);

const SAID = 'Lengths are counted in Unicode code points.';

describe('maxLength counted in characters', () => {
  it('reads words that count code points, and not others', () => {
    expect(codePointsSaid(SAID)).toBe(true);
    expect(codePointsSaid('Lengths are characters, not bytes.')).toBe(true);
    expect(codePointsSaid('Names are short.', undefined)).toBe(false);
  });

  it('names a service counting bytes, and passes one counting code points', async () => {
    expect((await refused('bytes', '')).join()).toContain('two-byte characters');
    expect(await refused('code points', SAID)).toEqual([]);
  });

  it('sends astral characters only where the words count code points', async () => {
    expect((await refused('utf-16 units', SAID)).join()).toContain('astral characters');
    expect(await refused('utf-16 units', '')).toEqual([]);
  });
});
