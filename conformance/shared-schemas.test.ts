// A document whose item schema serves requests and answers alike (a podcast's Show): a required
// member with a `default` may be left out, a body's `slug` must be the path's, and a URL that must
// begin https:// names a host. A correct service of it refuses what it should and takes the rest;
// the runner must not read its answers as faults (no invalid body sent as valid, no refusal of a
// body naming another slug read as a refusal of the planted fault).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const slug = { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 40 };
const show = {
  type: 'object',
  additionalProperties: false,
  required: ['slug', 'title', 'description', 'feedUrl'],
  properties: {
    slug,
    title: { type: 'string', minLength: 1, maxLength: 40 },
    description: { type: 'string', maxLength: 200, default: '' },
    feedUrl: { type: 'string', format: 'uri', maxLength: 200, pattern: '^https://' },
  },
};
const problem = {
  type: 'object',
  required: ['status', 'errors'],
  properties: {
    status: { type: 'integer' },
    errors: {
      type: 'array',
      items: { type: 'object', required: ['pointer'], properties: { pointer: { type: 'string' } } },
    },
  },
};
const refused = { description: 'refused', content: json(problem) };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'shows', version: '1', description: 'A member left out of a request gets its documented `default`.' },
  paths: {
    '/shows': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: show }) } } },
    },
    '/shows/{slug}': {
      parameters: [{ name: 'slug', in: 'path', required: true, schema: slug }],
      get: { responses: { '200': { description: 'one', content: json(show) }, '404': refused } },
      put: {
        description: 'Creates or replaces the show. The body `slug` must equal the path slug (422 otherwise).',
        requestBody: { required: true, content: json(show) },
        responses: {
          '200': { description: 'replaced', content: json(show) },
          '201': { description: 'created', content: json(show) },
          '422': refused,
        },
      },
    },
  },
});

/** Which member the body breaks first, as a correct service reads it (undefined: none). */
function brokenMember(body: Record<string, unknown>, path: string): string | undefined {
  const allowed = ['slug', 'title', 'description', 'feedUrl'];
  const extra = Object.keys(body).find((name) => !allowed.includes(name));
  if (extra) return extra;
  const text = (name: string, max: number, min = 0) =>
    typeof body[name] === 'string' &&
    [...(body[name] as string)].length <= max &&
    [...(body[name] as string)].length >= min;
  if (!text('slug', 40, 1) || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(body.slug as string) || body.slug !== path)
    return 'slug';
  if (!text('title', 40, 1)) return 'title';
  if ('description' in body && !text('description', 200)) return 'description';
  if (!text('feedUrl', 200) || !/^https:\/\//.test(body.feedUrl as string)) return 'feedUrl';
  try {
    if (new URL(body.feedUrl as string).hostname === '') return 'feedUrl';
  } catch {
    return 'feedUrl';
  }
  return undefined;
}

function shows(appliesDefaults = true, strict = false) {
  const held = new Map<string, Record<string, unknown>>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const [root, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'shows' || rest.length > 0) return sendJson(res, 404, { status: 404, errors: [] });
    if (key === undefined) return sendJson(res, 200, [...held.values()]);
    const path = decodeURIComponent(key);
    if (req.method === 'GET')
      return held.has(path) ? sendJson(res, 200, held.get(path)) : sendJson(res, 404, { status: 404, errors: [] });
    const body = parseObject(await readBody(req));
    const broken = body ? (strict && !('description' in body) ? 'description' : brokenMember(body, path)) : '';
    if (broken !== undefined)
      return sendJson(res, 422, { status: 422, errors: [{ pointer: broken ? `/${broken}` : '' }] });
    const existed = held.has(path);
    held.set(path, appliesDefaults ? { description: '', ...body } : { ...body });
    return sendJson(res, existed ? 200 : 201, held.get(path));
  };
}

describe('a schema shared by requests and answers', () => {
  it('passes a correct service: defaults applied, the path slug in the body, URLs with a host', async () => {
    const report = await runConformance({ target: { app: shows() }, contract, seed: 21, runs: 20 });
    expect(report.violations.map((v) => `${v.code} ${v.caseLabel}: ${v.message}`)).toEqual([]);
  });

  it('passes a service that holds to `required` and refuses a body leaving out a member with a default', async () => {
    const report = await runConformance({ target: { app: shows(true, true) }, contract, seed: 21, runs: 20 });
    expect(report.violations.map((v) => `${v.code} ${v.caseLabel}: ${v.message}`)).toEqual([]);
  });

  it('names a service that takes a body leaving out a member with a default, and does not apply it', async () => {
    const report = await runConformance({ target: { app: shows(false) }, contract, seed: 21, runs: 20 });
    expect(report.violations.map((v) => v.caseLabel).join('\n')).toMatch(/description left out for its default/);
  });
});
