// Enrollments in seeded courses, completed by recording each lesson of the course: the progress's
// `lessonNumber` names a lesson of the enrollment's course (/courses/{slug}/lessons/{lessonNumber}).
// The run records the course's listed lessons one after another until the enrollment is
// `completed`, so a cancel accepted from there is seen; with made-up numbers every progress was
// refused (422) and no enrollment ever completed.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const enrollment = {
  type: 'object',
  required: ['id', 'courseSlug', 'status', 'completedLessons'],
  properties: {
    id: { type: 'string', readOnly: true },
    courseSlug: { type: 'string', minLength: 1, maxLength: 40 },
    status: { type: 'string', enum: ['active', 'completed', 'cancelled'], readOnly: true },
    completedLessons: { type: 'array', items: { type: 'integer' }, readOnly: true },
  },
};
const course = {
  type: 'object',
  required: ['slug', 'title'],
  properties: { slug: { type: 'string' }, title: { type: 'string' } },
};
const lesson = {
  type: 'object',
  required: ['number', 'title'],
  properties: { number: { type: 'integer' }, title: { type: 'string' } },
};
const note = {
  type: 'object',
  required: ['id', 'lessonNumber', 'text'],
  properties: {
    id: { type: 'string', readOnly: true },
    lessonNumber: { type: 'integer' },
    text: { type: 'string' },
  },
};
const text = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const none = { '404': { description: 'none' } };
const moved = { '200': { description: 'moved', content: json(enrollment) } };
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'school', version: '1' },
  paths: {
    '/courses': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: course }) } } },
    },
    '/courses/{slug}': {
      parameters: [text('slug')],
      get: { responses: { '200': { description: 'one', content: json(course) }, ...none } },
    },
    '/courses/{slug}/lessons': {
      parameters: [text('slug')],
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: lesson }) }, ...none } },
    },
    '/courses/{slug}/lessons/{lessonNumber}': {
      parameters: [text('slug'), { name: 'lessonNumber', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': { description: 'one', content: json(lesson) }, ...none } },
    },
    '/enrollments': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: enrollment }) } } },
      post: {
        description: '`courseSlug` must name a course (`422` otherwise). The new enrollment is `active`.',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['courseSlug'],
            properties: { courseSlug: enrollment.properties.courseSlug },
          }),
        },
        responses: {
          '201': { description: 'made', content: json(enrollment) },
          '400': { description: 'bad' },
          '422': { description: 'no such course' },
        },
      },
    },
    '/enrollments/{enrollmentId}': {
      parameters: [text('enrollmentId')],
      get: { responses: { '200': { description: 'one', content: json(enrollment) }, ...none } },
    },
    '/enrollments/{enrollmentId}/progress': {
      parameters: [text('enrollmentId')],
      post: {
        description:
          "Records lesson `lessonNumber` of the enrollment's course as completed; it must name a lesson of the course (`422` otherwise). The enrollment must be `active`; otherwise `409`. Once every lesson of the course is recorded, `status` becomes `completed`.",
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['lessonNumber'],
            properties: { lessonNumber: { type: 'integer', minimum: 1 } },
          }),
        },
        responses: {
          ...moved,
          '400': { description: 'bad' },
          '409': { description: 'not active' },
          '422': { description: 'no such lesson' },
          ...none,
        },
      },
    },
    '/enrollments/{enrollmentId}/notes': {
      parameters: [text('enrollmentId')],
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: note }) }, ...none } },
      post: {
        description: "`lessonNumber` must name a lesson of the enrollment's course (`422` otherwise).",
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['lessonNumber', 'text'],
            properties: {
              lessonNumber: { type: 'integer', minimum: 1 },
              text: { type: 'string', minLength: 1, maxLength: 40 },
            },
          }),
        },
        responses: {
          '201': { description: 'made', content: json(note) },
          '400': { description: 'bad' },
          '422': { description: 'no such lesson' },
          ...none,
        },
      },
    },
    '/enrollments/{enrollmentId}/cancel': {
      parameters: [text('enrollmentId')],
      post: {
        description: 'Allowed only when `status` is `active`; otherwise `409`. The enrollment becomes `cancelled`.',
        responses: { ...moved, '409': { description: 'not active' }, ...none },
      },
    },
  },
});

type Fault = 'cancel-completed';

const COURSES: Record<string, { title: string; lessons: number[] }> = {
  'intro-to-sql': { title: 'Intro to SQL', lessons: [1041, 1077, 1093] },
  'rust-basics': { title: 'Rust basics', lessons: [2042, 2066] },
};

function school(fault?: Fault) {
  const enrollments = new Map<string, { id: string; courseSlug: string; status: string; completedLessons: number[] }>();
  const notes = new Map<string, { id: string; lessonNumber: number; text: string }[]>();
  let next = 1;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req);
    const body = parseObject(raw);
    const [top, key, sub, number, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (top === 'courses') {
      if (req.method !== 'GET') return sendJson(res, 404, {});
      if (key === undefined)
        return sendJson(
          res,
          200,
          Object.entries(COURSES).map(([slug, c]) => ({ slug, title: c.title })),
        );
      const found = COURSES[decodeURIComponent(key)];
      if (!found) return sendJson(res, 404, {});
      if (sub === undefined) return sendJson(res, 200, { slug: key, title: found.title });
      if (sub !== 'lessons') return sendJson(res, 404, {});
      const lessons = found.lessons.map((n) => ({ number: n, title: `Lesson ${n}` }));
      if (number === undefined) return sendJson(res, 200, lessons);
      const one = lessons.find((l) => String(l.number) === number);
      return one ? sendJson(res, 200, one) : sendJson(res, 404, {});
    }
    if (top !== 'enrollments') return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...enrollments.values()]);
      if (req.method !== 'POST') return sendJson(res, 404, {});
      const slug = body?.courseSlug;
      if (
        !body ||
        Object.keys(body).length !== 1 ||
        typeof slug !== 'string' ||
        slug.length < 1 ||
        [...slug].length > 40
      )
        return sendJson(res, 400, {});
      if (!COURSES[slug]) return sendJson(res, 422, {});
      const made = { id: `enr_${next++}`, courseSlug: slug, status: 'active', completedLessons: [] };
      enrollments.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = enrollments.get(decodeURIComponent(key));
    if (!found || number !== undefined) return sendJson(res, 404, {});
    if (sub === undefined) return req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 404, {});
    if (sub === 'notes') {
      const held = notes.get(found.id) ?? [];
      if (req.method === 'GET') return sendJson(res, 200, held);
      const lessonNumber = body?.lessonNumber;
      const words = body?.text;
      const valid =
        body !== undefined &&
        Object.keys(body).every((key) => key === 'lessonNumber' || key === 'text') &&
        Number.isInteger(lessonNumber) &&
        (lessonNumber as number) >= 1 &&
        typeof words === 'string' &&
        words.length >= 1 &&
        [...words].length <= 40;
      if (!valid) return sendJson(res, 400, {});
      if (!COURSES[found.courseSlug]!.lessons.includes(lessonNumber as number)) return sendJson(res, 422, {});
      const made = { id: `note_${next++}`, lessonNumber: lessonNumber as number, text: words as string };
      notes.set(found.id, [...held, made]);
      return sendJson(res, 201, made);
    }
    if (req.method !== 'POST') return sendJson(res, 404, {});
    if (sub === 'progress') {
      const lessonNumber = body?.lessonNumber;
      if (!body || Object.keys(body).length !== 1 || !Number.isInteger(lessonNumber) || (lessonNumber as number) < 1)
        return sendJson(res, 400, {});
      const lessons = COURSES[found.courseSlug]!.lessons;
      if (!lessons.includes(lessonNumber as number)) return sendJson(res, 422, {});
      if (found.status !== 'active') return sendJson(res, 409, {});
      if (!found.completedLessons.includes(lessonNumber as number))
        found.completedLessons = [...found.completedLessons, lessonNumber as number].sort((a, b) => a - b);
      if (lessons.every((n) => found.completedLessons.includes(n))) found.status = 'completed';
      return sendJson(res, 200, found);
    }
    if (sub === 'cancel') {
      const allowed = found.status === 'active' || (fault === 'cancel-completed' && found.status === 'completed');
      if (!allowed) return sendJson(res, 409, {});
      found.status = 'cancelled';
      return sendJson(res, 200, found);
    }
    return sendJson(res, 404, {});
  };
}

const run = async (fault?: Fault) =>
  runConformance({ target: { app: school(fault) }, contract: document, seed: 8, runs: 5 });
const codes = async (fault?: Fault) =>
  (await run(fault)).violations.filter((v) => v.severity !== 'note').map((v) => v.code);

describe("an action naming a child of what its item names (a lesson of the enrollment's course)", () => {
  it('passes a school that keeps its words', async () => {
    expect(await codes()).toEqual([]);
  });

  it("makes notes below an enrollment naming lessons of the enrollment's course, so their sequences run", async () => {
    const unreached = ((await run()).reach?.unreached ?? []).filter(
      (u) => u.path === '/enrollments/{enrollmentId}/notes',
    );
    expect(unreached).toEqual([]);
  });

  it('records each lesson of the course until the enrollment completes, and then sees a cancel accepted', async () => {
    expect(await codes('cancel-completed')).toContain('action_accepted_from_other_state');
  });
});
