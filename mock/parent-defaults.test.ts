// The mock gives a member left out of a creation its parent's value where the words say so
// ("`priority` defaults to the project's `defaultPriority`"); a member sent keeps the client's.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const priority = { type: 'integer', minimum: 1, maximum: 5 };
const project = {
  type: 'object',
  required: ['id', 'name', 'defaultPriority'],
  properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, defaultPriority: priority },
};
const task = {
  type: 'object',
  required: ['id', 'title', 'priority'],
  properties: { id: { type: 'integer', readOnly: true }, title: { type: 'string' }, priority },
};
const id = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'integer' } });
const one = (schema: unknown) => ({ description: 'one', ...json(schema) });
const all = (schema: unknown) => ({ description: 'all', ...json({ type: 'array', items: schema }) });

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'projects', version: '1' },
  paths: {
    '/projects': {
      get: { responses: { '200': all(project) } },
      post: { requestBody: json(project), responses: { '201': one(project) } },
    },
    '/projects/{projectId}': { parameters: [id('projectId')], get: { responses: { '200': one(project) } } },
    '/projects/{projectId}/tasks': {
      parameters: [id('projectId')],
      get: { responses: { '200': all(task) } },
      post: {
        description: "Adds a task. `priority` defaults to the project's `defaultPriority`.",
        requestBody: json({ type: 'object', required: ['title'], properties: { title: { type: 'string' }, priority } }),
        responses: { '201': one(task) },
      },
    },
    '/projects/{projectId}/tasks/{taskId}': {
      parameters: [id('projectId'), id('taskId')],
      get: { responses: { '200': one(task) } },
    },
  },
});

describe("a member whose default is the parent's", () => {
  it("takes the project's defaultPriority when left out, and keeps one sent", async () => {
    const app = request(createMockApp({ contract, apiKeys: [] }));
    for (const defaultPriority of [1, 4, 5]) {
      const made = await app.post('/projects').send({ name: `p${defaultPriority}`, defaultPriority });
      expect(made.status).toBe(201);
      const left = await app.post(`/projects/${made.body.id}/tasks`).send({ title: 'a' });
      expect(left.body.priority).toBe(defaultPriority);
    }
    const made = await app.post('/projects').send({ name: 'core', defaultPriority: 5 });
    const sent = await app.post(`/projects/${made.body.id}/tasks`).send({ title: 'b', priority: 2 });
    expect(sent.body.priority).toBe(2);
  });
});
