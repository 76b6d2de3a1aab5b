// An item the client makes straight into a later state (`state: done`) carries that state's instant
// (`doneAt`), stamped at its creation; one made in its first state has it null.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const input = {
  type: 'object',
  additionalProperties: false,
  required: ['title'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 30 },
    state: { type: 'string', enum: ['open', 'done'], default: 'open' },
  },
};
const task = {
  type: 'object',
  required: ['id', 'title', 'state', 'doneAt'],
  properties: {
    id: { type: 'string', readOnly: true },
    ...input.properties,
    doneAt: { type: 'string', format: 'date-time', nullable: true, readOnly: true },
  },
};
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'tasks', version: '1' },
  paths: {
    '/tasks': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: task }) } } },
      post: {
        requestBody: { required: true, content: json(input) },
        responses: { '201': { description: 'made', content: json(task) }, '400': { description: 'bad' } },
      },
    },
  },
});

describe("a new item's state instant", () => {
  it('is stamped where it is made in that state, and null otherwise', async () => {
    const app = createMockApp({ contract, apiKeys: [], seed: null });
    const before = Date.now();
    const done = await request(app).post('/tasks').send({ title: 'shipped', state: 'done' });
    expect(done.status).toBe(201);
    expect(Date.parse(done.body.doneAt)).toBeGreaterThanOrEqual(before - 1000);
    const open = await request(app).post('/tasks').send({ title: 'later' });
    expect(open.body).toMatchObject({ state: 'open', doneAt: null });
  });
});
