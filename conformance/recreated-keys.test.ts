// A parent made by a PUT at a key the client chooses, deleted with a child under it, then made again
// at the same key: the new parent holds none of the old one's children, and numbers its own from 1.
// A school whose course made again finds the old lessons, or numbers on from them, is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const title = { type: 'string', minLength: 1, maxLength: 20 };
const course = {
  type: 'object',
  required: ['slug', 'title'],
  properties: { slug: { type: 'string', readOnly: true }, title },
};
const lesson = {
  type: 'object',
  required: ['number', 'title'],
  properties: { number: { type: 'integer', readOnly: true }, title },
};
const titled = json({ type: 'object', additionalProperties: false, required: ['title'], properties: { title } });
const slug = { name: 'slug', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z0-9-]{1,30}$' } };
const none = { '404': { description: 'none' } };
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'courses', version: '1' },
  paths: {
    '/courses': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: course }) } } },
    },
    '/courses/{slug}': {
      parameters: [slug],
      get: { responses: { '200': { description: 'one', content: json(course) }, ...none } },
      put: {
        requestBody: { required: true, content: titled },
        responses: {
          '200': { description: 'replaced', content: json(course) },
          '201': { description: 'made', content: json(course) },
          '400': { description: 'bad' },
        },
      },
      delete: {
        description: 'Deletes the course and all its lessons.',
        responses: { '204': { description: 'gone' }, ...none },
      },
    },
    '/courses/{slug}/lessons': {
      parameters: [slug],
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: lesson }) }, ...none } },
      post: {
        description: 'A new lesson gets the highest number ever used in this course plus one.',
        requestBody: { required: true, content: titled },
        responses: { '201': { description: 'added', content: json(lesson) }, '400': { description: 'bad' }, ...none },
      },
    },
    '/courses/{slug}/lessons/{number}': {
      parameters: [slug, { name: 'number', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': { description: 'one', content: json(lesson) }, ...none } },
    },
  },
});

type Fault = 'inherits-lessons' | 'keeps-numbering';
type Course = { title: string; lessons: { number: number; title: string }[]; highest: number };

function school(fault?: Fault) {
  const courses = new Map<string, Course>();
  const deleted = new Map<string, Course>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [top, key, sub, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (top !== 'courses' || rest.length > 0) return sendJson(res, 404, {});
    const view = (name: string) => ({ slug: name, title: courses.get(name)!.title });
    if (key === undefined)
      return req.method === 'GET' ? sendJson(res, 200, [...courses.keys()].map(view)) : sendJson(res, 404, {});
    const name = decodeURIComponent(key);
    const valid = () =>
      body !== undefined &&
      Object.keys(body).join() === 'title' &&
      typeof body.title === 'string' &&
      body.title.length >= 1 &&
      [...body.title].length <= 20;
    const found = courses.get(name);
    if (sub === undefined) {
      if (req.method === 'GET') return found ? sendJson(res, 200, view(name)) : sendJson(res, 404, {});
      if (req.method === 'DELETE') {
        if (!found) return sendJson(res, 404, {});
        deleted.set(name, found);
        courses.delete(name);
        res.writeHead(204).end();
        return;
      }
      if (req.method !== 'PUT') return sendJson(res, 404, {});
      if (!/^[a-z0-9-]{1,30}$/.test(name) || !valid()) return sendJson(res, 400, {});
      if (found) found.title = body!.title as string;
      // The faults: a course made again at a deleted one's slug finds the old lessons, or numbers on.
      else {
        const old = deleted.get(name);
        courses.set(name, {
          title: body!.title as string,
          lessons: fault === 'inherits-lessons' ? (old?.lessons ?? []) : [],
          highest: fault === 'keeps-numbering' || fault === 'inherits-lessons' ? (old?.highest ?? 0) : 0,
        });
      }
      return sendJson(res, found ? 200 : 201, view(name));
    }
    if (!found || sub !== 'lessons') return sendJson(res, 404, {});
    if (id !== undefined) {
      const one = found.lessons.find((l) => String(l.number) === id);
      return one && req.method === 'GET' ? sendJson(res, 200, one) : sendJson(res, 404, {});
    }
    if (req.method === 'GET') return sendJson(res, 200, found.lessons);
    if (req.method !== 'POST') return sendJson(res, 404, {});
    if (!valid()) return sendJson(res, 400, {});
    const made = { number: ++found.highest, title: body!.title as string };
    found.lessons.push(made);
    return sendJson(res, 201, made);
  };
}

const codes = async (fault?: Fault) =>
  (await runConformance({ target: { app: school(fault) }, contract: document, seed: 2 })).violations
    .filter((v) => v.severity !== 'note')
    .map((v) => v.code);

describe('a parent a PUT makes again at the key of one deleted', () => {
  it('passes a school whose course made again holds no lessons', async () => {
    expect(await codes()).toEqual([]);
  });

  it('names a school whose course made again finds the old lessons', async () => {
    expect(await codes('inherits-lessons')).toContain('child_outlives_parent');
  });

  it('names a school whose course made again numbers its lessons on from the old ones', async () => {
    expect(await codes('keeps-numbering')).toContain('number_not_first');
  });
});
