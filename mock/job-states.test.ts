// A job whose schema names its state `state` (no `status` member): the mock starts, answers the
// 202 with a Location, and the job read there moves to its end state.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const job = {
  type: 'object',
  required: ['job_id', 'state'],
  properties: { job_id: { type: 'string' }, state: { type: 'string', enum: ['queued', 'running', 'done'] } },
};
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'exports', version: '1' },
  paths: {
    '/exports': {
      post: {
        responses: {
          '202': {
            description: 'started',
            headers: { Location: { required: true, schema: { type: 'string' } } },
            content: json(job),
          },
        },
      },
    },
    '/jobs/{job_id}': {
      parameters: [{ name: 'job_id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'the job', content: json(job) }, '404': { description: 'none' } } },
    },
  },
});

describe('a job named by `state`', () => {
  it('starts, and its Location reads a job with a state of the enum', async () => {
    const app = createMockApp({ contract });
    const started = await request(app).post('/exports');
    expect(started.status).toBe(202);
    const read = await request(app).get(String(started.headers.location));
    expect(read.status).toBe(200);
    expect(['queued', 'running', 'done']).toContain(read.body.state);
  });
});
