// A POST without a body that answers 202 beside a list of the same items starts a job the list then
// holds (an export started): a creation, read as asynchronous. Without such a list it stays what the
// item does.
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../contract/compile-contract.js';
import { apiModelOf } from './infer.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const job = {
  type: 'object',
  required: ['id', 'status'],
  properties: { id: { type: 'string' }, status: { type: 'string', enum: ['queued', 'running', 'done'] } },
};
const started = { '202': { description: 'started', content: json(job) } };

const modelOf = (listed: boolean) =>
  apiModelOf(
    contractFromDocument({
      openapi: '3.0.3',
      info: { title: 'exports', version: '1' },
      paths: {
        '/spaces': {
          get: {
            responses: {
              '200': {
                description: 'all',
                content: json({ type: 'array', items: { type: 'object', properties: { key: { type: 'string' } } } }),
              },
            },
          },
        },
        '/spaces/{key}/exports': {
          parameters: [{ name: 'key', in: 'path', required: true, schema: { type: 'string' } }],
          ...(listed
            ? { get: { responses: { '200': { description: 'jobs', content: json({ type: 'array', items: job }) } } } }
            : {}),
          post: { responses: started },
        },
      },
    }),
  );

describe('a bodiless 202 creation', () => {
  it('beside a list of its items makes a job that list holds', () => {
    const exports = modelOf(true).resources.find((r) => r.collection.path === '/spaces/{key}/exports');
    expect(exports?.collection.create?.success.status).toBe(202);
    expect(exports?.idioms.asynchronous?.terminal).toBe('done');
  });

  it('with no such list is no collection', () => {
    expect(modelOf(false).resources.map((r) => r.collection.path)).not.toContain('/spaces/{key}/exports');
  });
});
