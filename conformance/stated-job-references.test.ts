// A job started for an item in a state its words ask for ("a certificate for a `completed`
// enrollment ... whose status is `completed` (`409` otherwise)"): the run moves an enrollment of its
// own there and starts the job for it, so the job is followed to its end; the first listed one (still
// `active`) had every start refused.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const text = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const none = { '404': { description: 'none' } };
const enrollment = {
  type: 'object',
  required: ['id', 'student', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    student: { type: 'string', minLength: 1, maxLength: 20 },
    status: { type: 'string', enum: ['active', 'completed'], readOnly: true },
  },
};
const job = {
  type: 'object',
  required: ['id', 'enrollmentId', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    enrollmentId: { type: 'string' },
    status: { type: 'string', enum: ['queued', 'succeeded'] },
  },
};
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'certificates', version: '1' },
  paths: {
    '/enrollments': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: enrollment }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['student'],
            properties: { student: enrollment.properties.student },
          }),
        },
        responses: { '201': { description: 'made', content: json(enrollment) }, '400': { description: 'bad' } },
      },
    },
    '/enrollments/{enrollmentId}': {
      parameters: [text('enrollmentId')],
      get: { responses: { '200': { description: 'one', content: json(enrollment) }, ...none } },
    },
    '/enrollments/{enrollmentId}/complete': {
      parameters: [text('enrollmentId')],
      post: {
        description: 'Allowed only when `status` is `active`; otherwise `409`.',
        responses: { '200': { description: 'done', content: json(enrollment) }, '409': { description: 'no' }, ...none },
      },
    },
    '/certificate-jobs': {
      post: {
        description:
          '`enrollmentId` must name an existing enrollment (`422` otherwise) whose status is `completed` (`409` otherwise).',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['enrollmentId'],
            properties: { enrollmentId: { type: 'string', minLength: 1 } },
          }),
        },
        responses: {
          '202': {
            description: 'started',
            headers: { Location: { schema: { type: 'string' } } },
            content: json(job),
          },
          '400': { description: 'bad' },
          '409': { description: 'not completed' },
          '422': { description: 'no such enrollment' },
        },
      },
    },
    '/certificate-jobs/{jobId}': {
      parameters: [text('jobId')],
      get: { responses: { '200': { description: 'one', content: json(job) }, ...none } },
    },
  },
});

function school() {
  const enrollments = new Map<string, { id: string; student: string; status: string }>([
    ['enr_seeded', { id: 'enr_seeded', student: 'Ada', status: 'active' }],
  ]);
  const jobs = new Map<string, { id: string; enrollmentId: string; status: string }>();
  let last = 0;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = parseObject(await readBody(req));
    const [root, key, verb, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (root === 'certificate-jobs') {
      if (key !== undefined) {
        const found = jobs.get(decodeURIComponent(key));
        return found && req.method === 'GET' && !verb ? sendJson(res, 200, found) : sendJson(res, 404, {});
      }
      if (req.method !== 'POST') return sendJson(res, 404, {});
      const id = sent?.enrollmentId;
      if (!sent || Object.keys(sent).length !== 1 || typeof id !== 'string' || id.length < 1)
        return sendJson(res, 400, {});
      const named = enrollments.get(id);
      if (!named) return sendJson(res, 422, {});
      if (named.status !== 'completed') return sendJson(res, 409, {});
      const made = { id: `job_${++last}`, enrollmentId: id, status: 'succeeded' };
      jobs.set(made.id, made);
      res.setHeader('Location', `/certificate-jobs/${made.id}`);
      return sendJson(res, 202, made);
    }
    if (root !== 'enrollments') return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...enrollments.values()]);
      const student = sent?.student;
      if (
        !sent ||
        Object.keys(sent).length !== 1 ||
        typeof student !== 'string' ||
        student.length < 1 ||
        [...student].length > 20
      )
        return sendJson(res, 400, {});
      const made = { id: `enr_${++last}`, student, status: 'active' };
      enrollments.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = enrollments.get(decodeURIComponent(key));
    if (!found) return sendJson(res, 404, {});
    if (verb === undefined) return req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 404, {});
    if (verb !== 'complete' || req.method !== 'POST') return sendJson(res, 404, {});
    if (found.status !== 'active') return sendJson(res, 409, {});
    found.status = 'completed';
    return sendJson(res, 200, found);
  };
}

describe('a job started for an item in the state its words ask for', () => {
  it('moves an enrollment of its own to completed and follows the job to its end', async () => {
    const result = await runConformance({ target: { app: school() }, contract: document, seed: 3 });
    expect(result.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((u) => u.scenario === 'job scenario')).toEqual([]);
  });
});
