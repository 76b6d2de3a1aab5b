// Courses a PUT makes at their slug, published only with a lesson and only from `draft`: the run
// publishes a course without lessons (refused), and gives each course it moves a lesson before
// archiving it, so publishing an archived course is refused for its state, not its lessons.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const course = {
  type: 'object',
  required: ['slug', 'title', 'status'],
  properties: {
    slug: { type: 'string', readOnly: true },
    title: { type: 'string', minLength: 1, maxLength: 20 },
    status: { type: 'string', enum: ['draft', 'published', 'archived'], readOnly: true },
  },
};
const lesson = {
  type: 'object',
  required: ['number', 'title'],
  properties: { number: { type: 'integer', readOnly: true }, title: { type: 'string', minLength: 1, maxLength: 20 } },
};
const titled = (schema: { properties: { title: unknown } }) =>
  json({
    type: 'object',
    additionalProperties: false,
    required: ['title'],
    properties: { title: schema.properties.title },
  });
const slug = [{ name: 'slug', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z0-9-]{1,30}$' } }];
const none = { '404': { description: 'none' } };
const action = (description: string) => ({
  parameters: slug,
  post: {
    description,
    responses: {
      '200': { description: 'moved', content: json(course) },
      '409': { description: 'not now' },
      '422': { description: 'no lessons' },
      ...none,
    },
  },
});
const PUBLISH = 'Allowed only when `status` is `draft` **and** the course has at least one lesson; otherwise `409`.';
const documentOf = (overview?: string, publish = PUBLISH) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'courses', version: '1', ...(overview ? { description: overview } : {}) },
    paths: {
      '/courses': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: course }) } } },
      },
      '/courses/{slug}': {
        parameters: slug,
        get: { responses: { '200': { description: 'one', content: json(course) }, ...none } },
        put: {
          requestBody: { required: true, content: titled(course) },
          responses: {
            '200': { description: 'replaced', content: json(course) },
            '201': { description: 'made', content: json(course) },
            '400': { description: 'bad' },
          },
        },
      },
      '/courses/{slug}/lessons': {
        parameters: slug,
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: lesson }) }, ...none } },
        post: {
          description: 'Lessons cannot be added to an `archived` course (`409`).',
          requestBody: { required: true, content: titled(lesson) },
          responses: {
            '201': { description: 'added', content: json(lesson) },
            '400': { description: 'bad' },
            '409': { description: 'archived' },
            ...none,
          },
        },
      },
      '/courses/{slug}/lessons/{number}': {
        parameters: [...slug, { name: 'number', in: 'path', required: true, schema: { type: 'integer' } }],
        get: { responses: { '200': { description: 'one', content: json(lesson) }, ...none } },
      },
      '/courses/{slug}/publish': action(publish),
      '/courses/{slug}/archive': action('Allowed when `status` is `draft` or `published`; otherwise `409`.'),
    },
  });
const document = documentOf();
// The same life with `archived` called final: publishing from there is judged as an action from a
// final state, on a course that was given its lesson before it was archived.
const finalArchive = documentOf('A course is `draft`, then `published`; `archived` is final.');

type Fault = 'publish-archived' | 'publish-empty';

function school(fault?: Fault, emptyStatus = 409) {
  const courses = new Map<
    string,
    { slug: string; title: string; status: string; lessons: { number: number; title: string }[] }
  >();
  const view = ({ lessons: _lessons, ...rest }: { lessons: unknown } & Record<string, unknown>) => rest;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [top, key, sub, number, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (top !== 'courses' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined)
      return req.method === 'GET' ? sendJson(res, 200, [...courses.values()].map(view)) : sendJson(res, 404, {});
    const name = decodeURIComponent(key);
    const valid = (value: unknown) =>
      body !== undefined &&
      Object.keys(body).length === 1 &&
      typeof value === 'string' &&
      value.length >= 1 &&
      [...value].length <= 20;
    const found = courses.get(name);
    if (sub === undefined) {
      if (req.method === 'GET') return found ? sendJson(res, 200, view(found)) : sendJson(res, 404, {});
      if (req.method !== 'PUT') return sendJson(res, 404, {});
      if (!/^[a-z0-9-]{1,30}$/.test(name) || !valid(body?.title)) return sendJson(res, 400, {});
      if (found) found.title = body!.title as string;
      else courses.set(name, { slug: name, title: body!.title as string, status: 'draft', lessons: [] });
      return sendJson(res, found ? 200 : 201, view(courses.get(name)!));
    }
    if (!found) return sendJson(res, 404, {});
    if (sub === 'lessons') {
      if (number !== undefined) {
        const one = found.lessons.find((l) => String(l.number) === number);
        return one && req.method === 'GET' ? sendJson(res, 200, one) : sendJson(res, 404, {});
      }
      if (req.method === 'GET') return sendJson(res, 200, found.lessons);
      if (req.method !== 'POST') return sendJson(res, 404, {});
      if (!valid(body?.title)) return sendJson(res, 400, {});
      if (found.status === 'archived') return sendJson(res, 409, {});
      const made = { number: found.lessons.length + 1, title: body!.title as string };
      found.lessons.push(made);
      return sendJson(res, 201, made);
    }
    if (req.method !== 'POST' || number !== undefined) return sendJson(res, 404, {});
    if (sub === 'publish') {
      const fromState = found.status === 'draft' || (fault === 'publish-archived' && found.status === 'archived');
      const lessons = found.lessons.length > 0 || fault === 'publish-empty';
      if (!fromState) return sendJson(res, 409, {});
      if (!lessons) return sendJson(res, emptyStatus, {});
      found.status = 'published';
      return sendJson(res, 200, view(found));
    }
    if (sub === 'archive') {
      if (found.status === 'archived') return sendJson(res, 409, {});
      found.status = 'archived';
      return sendJson(res, 200, view(found));
    }
    return sendJson(res, 404, {});
  };
}

const codes = async (fault?: Fault, contract = document, emptyStatus = 409) =>
  (await runConformance({ target: { app: school(fault, emptyStatus) }, contract, seed: 8, runs: 5 })).violations
    .filter((v) => v.severity !== 'note')
    .map((v) => v.code);

describe('actions that need a child, on items a PUT makes', () => {
  it('passes a school that keeps its words', async () => {
    expect(await codes()).toEqual([]);
  });

  it.each([
    ['publish-archived', 'action_accepted_from_other_state'],
    ['publish-empty', 'action_without_children_accepted'],
  ] as const)('names a school whose fault is %s', async (fault, code) => {
    expect(await codes(fault)).toContain(code);
  });

  it('names a school that publishes an archived course where the words call archived final', async () => {
    expect(await codes(undefined, finalArchive)).toEqual([]);
    expect(await codes('publish-archived', finalArchive)).toContain('action_from_final_state_accepted');
  });

  it('gives the course its valid cases name a lesson where publishing one without is refused otherwise (422)', async () => {
    const needing = documentOf(
      undefined,
      'Only from `draft` (`409` otherwise). A course also needs at least one lesson before it can go out; publishing one whose lesson list is empty is answered with `422`.',
    );
    expect(await codes(undefined, needing, 422)).toEqual([]);
  });
});
