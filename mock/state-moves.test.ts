// A PATCH that moves an item's state does what the words say a move does: closing stamps the
// state's instant, reopening empties it where the words make it "null while it is open".
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const state = { type: 'string', enum: ['open', 'closed'] };
const issue = {
  type: 'object',
  required: ['id', 'title', 'state', 'closedAt'],
  properties: {
    id: { type: 'integer', readOnly: true },
    title: { type: 'string' },
    state,
    closedAt: {
      type: 'string',
      format: 'date-time',
      nullable: true,
      readOnly: true,
      description: 'When the issue was closed; null while it is open.',
    },
  },
};
const one = { description: 'one', content: json(issue) };
const document = {
  openapi: '3.0.3',
  info: { title: 'issues', version: '1' },
  paths: {
    '/issues': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: issue }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({ type: 'object', required: ['title'], properties: { title: { type: 'string' } } }),
        },
        responses: { '201': one },
      },
    },
    '/issues/{issueId}': {
      parameters: [{ name: 'issueId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': one, '404': { description: 'none' } } },
      patch: {
        requestBody: {
          required: true,
          content: json({ type: 'object', properties: { title: { type: 'string' }, state } }),
        },
        responses: { '200': one, '404': { description: 'none' } },
      },
    },
  },
};

async function closedThenOpened() {
  const app = createMockApp({ contract: contractFromDocument(document), apiKeys: [] });
  const made = await request(app).post('/issues').send({ title: 'T' });
  expect(made.status).toBe(201);
  expect(made.body).toMatchObject({ state: 'open', closedAt: null });
  const at = `/issues/${made.body.id}`;
  const closed = await request(app).patch(at).send({ state: 'closed' });
  expect(closed.status).toBe(200);
  expect(closed.body.state).toBe('closed');
  expect(Number.isNaN(Date.parse(closed.body.closedAt))).toBe(false);
  const opened = await request(app).patch(at).send({ state: 'open' });
  expect(opened.status).toBe(200);
  return { closed: closed.body, opened: opened.body, read: (await request(app).get(at)).body };
}

describe('a state moved by PATCH, in the mock', () => {
  it('stamps closedAt on closing and empties it on reopening, where the words say so', async () => {
    const { opened, read } = await closedThenOpened();
    expect(opened).toMatchObject({ state: 'open', closedAt: null });
    expect(read).toMatchObject({ state: 'open', closedAt: null });
  });
});
