// Twilio's way: forms sent in PascalCase (FriendlyName), items answered in snake_case
// (friendly_name), and an update as a POST on the item's own path. The mock stores what the forms
// send and the update changes the stored item: it bound that POST as the creation of a collection of
// its own (answering the change, storing nothing), and dropped every PascalCase field.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { createMockApp } from './index.js';

const form = (properties: object) => ({
  'application/x-www-form-urlencoded': { schema: { type: 'object', properties } },
});
const task = {
  type: 'object',
  properties: {
    sid: { type: 'string', pattern: '^WT[0-9a-f]{32}$' },
    friendly_name: { type: 'string' },
    priority: { type: 'integer' },
  },
};
const answer = (status: string) => ({
  [status]: { description: 'ok', content: { 'application/json': { schema: task } } },
});
const fields = { FriendlyName: { type: 'string' }, Priority: { type: 'integer' } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'tasks', version: '1' },
  paths: {
    '/Tasks': {
      get: {
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': { schema: { type: 'object', properties: { tasks: { type: 'array', items: task } } } },
            },
          },
        },
      },
      post: { requestBody: { content: form(fields) }, responses: answer('201') },
    },
    '/Tasks/{Sid}': {
      parameters: [
        { name: 'Sid', in: 'path', required: true, schema: { type: 'string', pattern: '^WT[0-9a-f]{32}$' } },
      ],
      get: { responses: { ...answer('200'), '404': { description: 'none' } } },
      post: { requestBody: { content: form(fields) }, responses: { ...answer('200'), '404': { description: 'none' } } },
    },
  },
});

describe('forms in PascalCase, items in snake_case, updates by POST on the item', () => {
  it('is one resource: the POST on the item is its update', () => {
    const model = inferApiModel(contract);
    expect(model.collections.map((c) => c.path)).toEqual(['/Tasks']);
    expect(model.collections[0]!.update?.operation.method).toBe('POST');
  });

  it('stores what the forms send, and the update changes the stored item', async () => {
    const app = createMockApp({ contract });
    const made = await request(app).post('/Tasks').type('form').send({ FriendlyName: 'Call back', Priority: '3' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ friendly_name: 'Call back', priority: 3 });
    const changed = await request(app).post(`/Tasks/${made.body.sid}`).type('form').send({ Priority: '7' });
    expect(changed.body).toMatchObject({ sid: made.body.sid, friendly_name: 'Call back', priority: 7 });
    expect((await request(app).get(`/Tasks/${made.body.sid}`)).body).toEqual(changed.body);
  });
});
