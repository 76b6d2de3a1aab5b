// A path parameter off its pattern (`intro_SQL` for a slug of lowercase words joined by hyphens) is
// invalid input: a service that takes it is named; one that refuses it with its documented 400 passes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const course = {
  type: 'object',
  required: ['slug', 'title'],
  properties: { slug: { type: 'string' }, title: { type: 'string' } },
};
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'courses', version: '1' },
  paths: {
    '/courses/{slug}': {
      parameters: [
        {
          name: 'slug',
          in: 'path',
          required: true,
          schema: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
          example: 'intro-to-sql',
        },
      ],
      get: {
        responses: {
          '200': { description: 'one', content: json(course) },
          '400': { description: 'a slug of another form' },
        },
      },
    },
  },
});

/** Every slug names a course; `loose` takes slugs of any form. */
const courses = (loose: boolean) => (req: IncomingMessage, res: ServerResponse) => {
  const slug = decodeURIComponent((req.url ?? '').split('?')[0]!.split('/')[2] ?? '');
  if (!loose && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return sendJson(res, 400, {});
  return sendJson(res, 200, { slug, title: 'A course' });
};

const codes = async (loose: boolean) =>
  (await runConformance({ target: { app: courses(loose) }, contract: document, seed: 2, runs: 5 })).violations.map(
    (v) => v.code,
  );

describe('a path parameter off its pattern', () => {
  it('passes a service that refuses it', async () => {
    expect(await codes(false)).toEqual([]);
  });

  it('names one that takes it', async () => {
    expect(await codes(true)).toContain('invalid_input_accepted');
  });
});
