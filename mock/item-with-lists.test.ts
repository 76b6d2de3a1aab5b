// An item that holds a list of objects with ids (Box's retention policy and its
// custom_notification_recipients) is read as an item, not as a list of its recipients: the mock
// answered the read from generated data (another id, still there after DELETE) before. And a POST
// on the item's sub-path answering the item (Box's sign request cancel) is its action, not a
// creation of its own.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const user = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } };
const policy = {
  type: 'object',
  required: ['id', 'name'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    status: { type: 'string', enum: ['active', 'cancelled'] },
    recipients: { type: 'array', items: user },
  },
};
const item = { '200': { description: 'ok', content: json(policy) }, '404': { description: 'none' } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'policies', version: '1' },
  paths: {
    '/policies': {
      get: {
        responses: {
          '200': {
            description: 'ok',
            content: json({ type: 'object', properties: { entries: { type: 'array', items: policy } } }),
          },
        },
      },
      post: {
        requestBody: {
          required: true,
          content: json({ type: 'object', required: ['name'], properties: { name: { type: 'string' } } }),
        },
        responses: { '201': { description: 'made', content: json(policy) } },
      },
    },
    '/policies/{policyId}': {
      parameters: [{ name: 'policyId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: item },
      delete: { responses: { '204': { description: 'gone' }, '404': { description: 'none' } } },
    },
    '/policies/{policyId}/cancel': {
      parameters: [{ name: 'policyId', in: 'path', required: true, schema: { type: 'string' } }],
      // An optional body, as Box's cancel takes one (a reason).
      post: {
        requestBody: { content: json({ type: 'object', properties: { reason: { type: 'string' } } }) },
        responses: item,
      },
    },
  },
});

describe('an item holding a list of objects with ids', () => {
  it('is the collection’s read, not a list of its own', () => {
    const paths = inferApiModel(contract).collections.map((c) => c.path);
    expect(paths).toEqual(['/policies']);
  });

  it('is read back as created, cancelled by its action, and gone after DELETE', async () => {
    const app = createMockApp({ contract });
    const made = await request(app).post('/policies').send({ name: 'Keep a year' });
    expect(made.status).toBe(201);
    const read = await request(app).get(`/policies/${made.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: made.body.id, name: 'Keep a year' });
    const cancelled = await request(app).post(`/policies/${made.body.id}/cancel`);
    expect(cancelled.body).toMatchObject({ id: made.body.id, status: 'cancelled' });
    expect((await request(app).get(`/policies/${made.body.id}`)).body.status).toBe('cancelled');
    expect((await request(app).delete(`/policies/${made.body.id}`)).status).toBe(204);
    expect((await request(app).get(`/policies/${made.body.id}`)).status).toBe(404);
  });
});
