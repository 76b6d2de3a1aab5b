// Errors in JSON:API's shape say their real status and reason: `status` as the document's string,
// `source.pointer` at the member a refusal is about, and no source at all where it is about none
// (never a generated pointer at nothing).
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const errors = {
  type: 'object',
  required: ['errors'],
  properties: {
    errors: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['status', 'code', 'title'],
        properties: {
          status: { type: 'string', pattern: '^[1-5][0-9][0-9]$' },
          code: { type: 'string' },
          title: { type: 'string' },
          detail: { type: 'string' },
          source: {
            type: 'object',
            properties: { pointer: { type: 'string' }, parameter: { type: 'string' } },
          },
        },
      },
    },
  },
};
const refusal = (description: string) => ({ description, content: json(errors) });
const space = {
  type: 'object',
  required: ['key', 'name'],
  properties: { key: { type: 'string', pattern: '^[A-Z]{2,10}$' }, name: { type: 'string', minLength: 1 } },
};
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'spaces', version: '1' },
  paths: {
    '/spaces': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: space }) } } },
      post: {
        requestBody: { required: true, content: json(space) },
        responses: { '201': { description: 'made', content: json(space) }, '422': refusal('invalid') },
      },
    },
    '/spaces/{key}': {
      parameters: [{ name: 'key', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(space) }, '404': refusal('none') } },
    },
  },
});

describe('JSON:API errors from the mock', () => {
  it('a missing item: the status as a string, and no source', async () => {
    const app = createMockApp({ contract, apiKeys: [] });
    const missing = await request(app).get('/spaces/NOWHERE');
    expect(missing.status).toBe(404);
    const [entry] = missing.body.errors;
    expect(entry.status).toBe('404');
    expect(entry).not.toHaveProperty('source');
  });

  it('an invalid member: source.pointer names it', async () => {
    const app = createMockApp({ contract, apiKeys: [] });
    const refused = await request(app).post('/spaces').send({ key: 'lower', name: 'N' });
    expect(refused.status).toBe(422);
    const [entry] = refused.body.errors;
    expect(entry.status).toBe('422');
    expect(entry.source).toEqual({ pointer: '/key' });
  });
});
