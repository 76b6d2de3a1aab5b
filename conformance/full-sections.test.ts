// Enrollments in sections of limited capacity: a full section waitlists a new enrollment, and only
// an active one can be graded (final). The listed section is full and its students are enrolled
// there, so the run grades an enrollment it made under a section of its own, naming a student not
// enrolled yet; a service that grades a completed enrollment again is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const STATES = ['active', 'waitlisted', 'dropped', 'completed'];
const student = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string', minLength: 1, maxLength: 20 } },
};
const section = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'capacity'],
  properties: {
    id: { type: 'string', readOnly: true },
    capacity: { type: 'integer', minimum: 1, maximum: 50, default: 30 },
  },
};
const enrollment = {
  type: 'object',
  required: ['id', 'studentId', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    studentId: { type: 'string' },
    status: { type: 'string', enum: STATES, readOnly: true },
  },
};
const sectionId = { name: 'sectionId', in: 'path', required: true, schema: { type: 'string' } };
const enrollmentId = { name: 'enrollmentId', in: 'path', required: true, schema: { type: 'string' } };
const action = (summary: string, description: string) => ({
  parameters: [sectionId, enrollmentId],
  post: {
    summary,
    description,
    responses: { '200': { description: 'done', content: json(enrollment) }, '404': none, '409': none },
  },
});

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: {
    title: 'sections',
    version: '1',
    description: '`dropped` and `completed` are final: drop or grade on them is `409`.',
  },
  paths: {
    '/students': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: student }) } } },
      post: {
        requestBody: { required: true, content: json(student) },
        responses: { '201': { description: 'made', content: json(student) }, '400': none },
      },
    },
    '/sections': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: section }) } } },
      post: {
        requestBody: { required: true, content: json(section) },
        responses: { '201': { description: 'made', content: json(section) }, '400': none },
      },
    },
    '/sections/{sectionId}': {
      parameters: [sectionId],
      get: { responses: { '200': { description: 'one', content: json(section) }, '404': none } },
    },
    '/sections/{sectionId}/enrollments': {
      parameters: [sectionId],
      get: {
        responses: { '200': { description: 'all', content: json({ type: 'array', items: enrollment }) }, '404': none },
      },
      post: {
        description:
          'A full section puts the new enrollment on the waitlist (`waitlisted`). A student is enrolled once per section (409).',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['studentId'],
            additionalProperties: false,
            properties: { studentId: { type: 'string' } },
          }),
        },
        responses: {
          '201': { description: 'made', content: json(enrollment) },
          '400': none,
          '404': none,
          '409': none,
          '422': none,
        },
      },
    },
    '/sections/{sectionId}/enrollments/{enrollmentId}': {
      parameters: [sectionId, enrollmentId],
      get: { responses: { '200': { description: 'one', content: json(enrollment) }, '404': none } },
    },
    '/sections/{sectionId}/enrollments/{enrollmentId}/drop': action(
      'Drop an enrollment',
      '`active` or `waitlisted` → `dropped`.',
    ),
    '/sections/{sectionId}/enrollments/{enrollmentId}/grade': action(
      'Grade an active enrollment (final)',
      'Only an `active` enrollment can be graded: `200` with `status` `completed`.',
    ),
  },
});

function registrar(regrades: boolean) {
  const students = [
    { id: 'st1', name: 'Ann' },
    { id: 'st2', name: 'Bo' },
  ];
  const sections = new Map([
    [
      'sec1',
      {
        id: 'sec1',
        capacity: 2,
        enrollments: [
          { id: 'e1', studentId: 'st1', status: 'active' },
          { id: 'e2', studentId: 'st2', status: 'active' },
        ],
      },
    ],
  ]);
  let made = 10;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, below, enrollment, verb, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (root === 'students' && id === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, students);
      const named = body && Object.keys(body).every((key) => key === 'id' || key === 'name');
      if (!body || !named || typeof body.name !== 'string' || body.name.length < 1 || [...body.name].length > 20)
        return sendJson(res, 400, {});
      const one = { id: `st${++made}`, name: body.name };
      students.push(one);
      return sendJson(res, 201, one);
    }
    if (root !== 'sections') return sendJson(res, 404, {});
    if (id === undefined) {
      if (req.method === 'GET')
        return sendJson(
          res,
          200,
          [...sections.values()].map(({ id: key, capacity }) => ({ id: key, capacity })),
        );
      const capacity = body && 'capacity' in body ? body.capacity : 30;
      const known = body && Object.keys(body).every((key) => key === 'id' || key === 'capacity');
      if (!body || !known || !Number.isInteger(capacity) || Number(capacity) < 1 || Number(capacity) > 50)
        return sendJson(res, 400, {});
      const one = {
        id: `sec${++made}`,
        capacity: Number(capacity),
        enrollments: [] as Array<{ id: string; studentId: string; status: string }>,
      };
      sections.set(one.id, one);
      return sendJson(res, 201, { id: one.id, capacity: one.capacity });
    }
    const found = sections.get(id);
    if (!found) return sendJson(res, 404, {});
    if (below === undefined) return sendJson(res, 200, { id: found.id, capacity: found.capacity });
    if (below !== 'enrollments') return sendJson(res, 404, {});
    if (enrollment === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, found.enrollments);
      const studentId = body?.studentId;
      if (!body || typeof studentId !== 'string' || Object.keys(body).join() !== 'studentId')
        return sendJson(res, 400, {});
      if (!students.some((one) => one.id === studentId)) return sendJson(res, 422, {});
      if (found.enrollments.some((one) => one.studentId === studentId && one.status !== 'dropped'))
        return sendJson(res, 409, { detail: 'studentId enrolled already' });
      const active = found.enrollments.filter((one) => one.status === 'active').length;
      const one = { id: `en${++made}`, studentId, status: active < found.capacity ? 'active' : 'waitlisted' };
      found.enrollments.push(one);
      return sendJson(res, 201, one);
    }
    const one = found.enrollments.find((e) => e.id === enrollment);
    if (!one) return sendJson(res, 404, {});
    if (verb === undefined) return sendJson(res, 200, one);
    if (verb === 'drop' && (one.status === 'active' || one.status === 'waitlisted')) {
      one.status = 'dropped';
      return sendJson(res, 200, one);
    }
    if (verb === 'grade' && (one.status === 'active' || (regrades && one.status === 'completed'))) {
      one.status = 'completed';
      return sendJson(res, 200, one);
    }
    return sendJson(res, verb === 'drop' || verb === 'grade' ? 409 : 404, {});
  };
}

describe('grading in sections of limited capacity', () => {
  it('passes a registrar that grades an active enrollment once', async () => {
    const result = await runConformance({ target: { app: registrar(false) }, contract, seed: 4 });
    expect(result.violations.map((v) => `${v.operation} ${v.code}: ${v.message}`)).toEqual([]);
  });

  it('names a registrar that grades a completed enrollment again', async () => {
    const result = await runConformance({ target: { app: registrar(true) }, contract, seed: 4 });
    expect(result.violations.map((v) => v.operation)).toContain(
      'POST /sections/{sectionId}/enrollments/{enrollmentId}/grade',
    );
  });
});
