// A change that takes If-Match where the document lists no 412 (Twilio's TaskRouter updates): the
// 412 a service gives the stale If-Match the run sends on purpose is HTTP's own answer (RFC 9110), a
// note, not an undocumented status.
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { createMockApp } from '../mock/index.js';
import { contractFromDocument } from '../spec/index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const task = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
};
const etag = { ETag: { schema: { type: 'string' } } };
const answer = { description: 'ok', headers: etag, content: json(task) };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'tasks', version: '1' },
  paths: {
    '/tasks': {
      get: { responses: { '200': { description: 'ok', content: json({ type: 'array', items: task }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({ type: 'object', required: ['name'], properties: { name: { type: 'string' } } }),
        },
        responses: { '201': answer, '400': { description: 'bad' } },
      },
    },
    '/tasks/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': answer, '404': { description: 'none' } } },
      patch: {
        parameters: [{ name: 'If-Match', in: 'header', schema: { type: 'string' } }],
        requestBody: { required: true, content: json({ type: 'object', properties: { name: { type: 'string' } } }) },
        responses: { '200': answer, '400': { description: 'bad' }, '404': { description: 'none' } },
      },
    },
  },
});

describe('a stale If-Match refused with 412 the document does not list', () => {
  it('is a note, and the run passes', async () => {
    const result = await runConformance({ target: { app: createMockApp({ contract }) }, contract, seed: 3 });
    expect(result.violations).toEqual([]);
    expect(result.notes.map((note) => note.message)).toContainEqual(
      expect.stringContaining('412 for a stale If-Match'),
    );
  });
});
