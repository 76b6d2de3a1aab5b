// Courses keyed by a code the client chooses, whose path parameter is a bare string but whose `code`
// member has a pattern: a PUT at a key the member refuses makes nothing, so the run's keys follow
// the member's pattern. An inactive course (`active: false`) is left out of the default list
// (`includeInactive` widens it) and takes no sessions: a created course missing from the default
// list is said, not failed, and a course made as a parent of sessions is made active, as its
// default says.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const CODE = '^[A-Z]{2,4}-[0-9]{3}$';
const course = {
  type: 'object',
  required: ['code', 'title', 'active'],
  properties: {
    code: { type: 'string', pattern: CODE, readOnly: true },
    title: { type: 'string', minLength: 1, maxLength: 30 },
    active: { type: 'boolean' },
  },
};
const courseInput = {
  type: 'object',
  additionalProperties: false,
  required: ['title'],
  properties: { title: course.properties.title, active: { type: 'boolean', default: true } },
};
const session = {
  type: 'object',
  required: ['number', 'room'],
  properties: { number: { type: 'integer', readOnly: true }, room: { type: 'string', minLength: 1, maxLength: 10 } },
};
const code = { name: 'code', in: 'path', required: true, schema: { type: 'string' } };
const refused = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [String(status), { description: `refused ${status}` }]));
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'courses', version: '1' },
  paths: {
    '/courses': {
      get: {
        description: 'Active courses; `includeInactive=true` lists inactive ones too.',
        parameters: [{ name: 'includeInactive', in: 'query', schema: { type: 'boolean', default: false } }],
        responses: { '200': { description: 'all', content: json({ type: 'array', items: course }) } },
      },
      post: {
        description: 'Creates the course at the `code` given; a code in use is refused with 409.',
        requestBody: {
          required: true,
          content: json({
            ...courseInput,
            required: ['code', 'title'],
            properties: { code: { type: 'string', pattern: CODE }, ...courseInput.properties },
          }),
        },
        responses: { '201': { description: 'made', content: json(course) }, ...refused(400, 409) },
      },
    },
    '/courses/{code}': {
      parameters: [code],
      get: { responses: { '200': { description: 'one', content: json(course) }, ...refused(404) } },
      put: {
        description: 'Creates the course at `code` (201) or replaces it (200). `code` must match its pattern.',
        requestBody: { required: true, content: json(courseInput) },
        responses: {
          '200': { description: 'replaced', content: json(course) },
          '201': { description: 'made', content: json(course) },
          ...refused(400),
        },
      },
      delete: { responses: { '204': { description: 'gone' }, ...refused(404) } },
    },
    '/courses/{code}/sessions': {
      parameters: [code],
      get: {
        responses: { '200': { description: 'all', content: json({ type: 'array', items: session }) }, ...refused(404) },
      },
      post: {
        description: 'Adds a session. Adding a session to an inactive course is refused with 409.',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['room'],
            properties: { room: session.properties.room },
          }),
        },
        responses: { '201': { description: 'made', content: json(session) }, ...refused(400, 404, 409) },
      },
    },
  },
});

interface Course {
  code: string;
  title: string;
  active: boolean;
  sessions: { number: number; room: string }[];
}

function courses() {
  const all = new Map<string, Course>();
  const shown = ({ code, title, active }: Course) => ({ code, title, active });
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const body = parseObject(await readBody(req));
    const [top, key, sub, ...rest] = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (top !== 'courses' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined && req.method === 'POST') {
      const { code: chosen, title, active = true } = body ?? {};
      const names = Object.keys(body ?? {});
      if (names.some((name) => !['code', 'title', 'active'].includes(name))) return sendJson(res, 400, {});
      if (typeof chosen !== 'string' || !new RegExp(CODE).test(chosen) || typeof active !== 'boolean')
        return sendJson(res, 400, {});
      if (typeof title !== 'string' || title.length < 1 || [...title].length > 30) return sendJson(res, 400, {});
      if (all.has(chosen)) return sendJson(res, 409, {});
      const made: Course = { code: chosen, title, active, sessions: [] };
      all.set(chosen, made);
      return sendJson(res, 201, shown(made));
    }
    if (key === undefined) {
      if (req.method !== 'GET') return sendJson(res, 404, {});
      const wide = url.searchParams.get('includeInactive');
      if (wide !== null && wide !== 'true' && wide !== 'false') return sendJson(res, 400, {});
      return sendJson(res, 200, [...all.values()].filter((one) => wide === 'true' || one.active).map(shown));
    }
    const found = all.get(key);
    if (sub === undefined) {
      if (req.method === 'GET') return found ? sendJson(res, 200, shown(found)) : sendJson(res, 404, {});
      if (req.method === 'DELETE') return all.delete(key) ? sendJson(res, 204, undefined) : sendJson(res, 404, {});
      if (req.method !== 'PUT') return sendJson(res, 404, {});
      const { title, active = true } = body ?? {};
      const names = Object.keys(body ?? {});
      if (!new RegExp(CODE).test(key) || names.some((name) => name !== 'title' && name !== 'active'))
        return sendJson(res, 400, {});
      if (typeof title !== 'string' || title.length < 1 || [...title].length > 30 || typeof active !== 'boolean')
        return sendJson(res, 400, {});
      const next: Course = { code: key, title, active, sessions: found?.sessions ?? [] };
      all.set(key, next);
      return sendJson(res, found ? 200 : 201, shown(next));
    }
    if (sub !== 'sessions' || !found) return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, found.sessions);
    const room = body?.room;
    if (req.method !== 'POST' || Object.keys(body ?? {}).some((name) => name !== 'room')) return sendJson(res, 400, {});
    if (typeof room !== 'string' || room.length < 1 || [...room].length > 10) return sendJson(res, 400, {});
    if (!found.active) return sendJson(res, 409, {});
    const one = { number: found.sessions.length + 1, room };
    found.sessions.push(one);
    return sendJson(res, 201, one);
  };
}

describe('courses keyed by a patterned code, with inactive ones left out by default', () => {
  it('passes a correct service, reaching its PUT creation and its sessions', async () => {
    const result = await runConformance({ target: { app: courses() }, contract, seed: 8 });
    expect(result.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code} ${v.operation}`)).toEqual([]);
    expect(result.reach?.notReached ?? []).not.toContain('POST /courses/{code}/sessions');
    // The sessions' creation sequence runs under a course the run made active, as its default says.
    expect(result.reach?.unreached ?? []).toEqual([]);
  });
});
