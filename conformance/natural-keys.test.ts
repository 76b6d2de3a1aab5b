// A list with no item path and no id (GET /users answering `login` and `name`) is a collection keyed
// by its natural key: a creation whose member must be "the login of an existing user (see `GET
// /users`)" is filled from that list, so a service that refuses any other login is not said to
// refuse valid input, and one that takes a login nobody has is caught.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const login = { type: 'string', pattern: '^[a-z][a-z0-9]{1,15}$' };
const user = { type: 'object', required: ['login', 'name'], properties: { login, name: { type: 'string' } } };
const task = {
  type: 'object',
  required: ['id', 'title', 'assignee'],
  properties: {
    id: { type: 'integer', readOnly: true },
    title: { type: 'string', minLength: 1, maxLength: 40 },
    assignee: login,
  },
};
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'tasks', version: '1' },
  paths: {
    '/users': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: user }) } } },
    },
    '/tasks': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: task }) } } },
      post: {
        description:
          'The `assignee` must be the login of an existing user (see `GET /users`); any other value is refused with `unknown_user`.',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['title', 'assignee'],
            properties: { title: task.properties.title, assignee: login },
          }),
        },
        responses: {
          '201': { description: 'made', content: json(task) },
          '400': { description: 'bad' },
          '422': { description: 'The body fails validation (`validation_failed`, `unknown_user`).' },
        },
      },
    },
  },
});

/** Three users; `checked` refuses an assignee none of them is (the fault is taking any). */
function tasks(checked: boolean) {
  const users = ['ada', 'grace', 'linus'].map((name) => ({ login: name, name: name.toUpperCase() }));
  const all: { id: number; title: string; assignee: string }[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const path = (req.url ?? '').split('?')[0];
    if (path === '/users') return req.method === 'GET' ? sendJson(res, 200, users) : sendJson(res, 405, {});
    if (path !== '/tasks') return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, all);
    if (req.method !== 'POST') return sendJson(res, 405, {});
    const { title, assignee } = body ?? {};
    const fits =
      body !== undefined &&
      Object.keys(body).every((member) => member === 'title' || member === 'assignee') &&
      typeof title === 'string' &&
      title.length >= 1 &&
      [...title].length <= 40 &&
      typeof assignee === 'string' &&
      /^[a-z][a-z0-9]{1,15}$/.test(assignee);
    if (!fits) return sendJson(res, 400, {});
    if (checked && !users.some((known) => known.login === assignee)) return sendJson(res, 422, {});
    const made = { id: all.length + 1, title: title as string, assignee: assignee as string };
    all.push(made);
    return sendJson(res, 201, made);
  };
}

const run = (checked: boolean) => runConformance({ target: { app: tasks(checked) }, contract, seed: 4, runs: 5 });

describe('a reference to a list keyed by its natural key', () => {
  it('passes a service that refuses a login nobody has', async () => {
    const report = await run(true);
    expect(report.violations.map((v) => `${v.code} ${v.operation}: ${v.message}`)).toEqual([]);
  });

  it('fails a service that takes a login nobody has', async () => {
    const report = await run(false);
    expect(report.violations.map((v) => v.code)).toContain('unknown_reference_accepted');
  });
});
