// A collection whose creation only accepts (202) and whose items move to a terminal state on read
// (a report): once done, it holds what a finished job holds, its `completedAt` now and its optional
// `result`, not `completedAt: null` beside `status: done`; `cancelledAt` stays as it was.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const instant = { type: 'string', format: 'date-time', nullable: true };
const report = {
  type: 'object',
  required: ['id', 'status', 'completedAt', 'cancelledAt'],
  properties: {
    id: { type: 'string', readOnly: true },
    status: { type: 'string', enum: ['queued', 'running', 'done'], readOnly: true },
    completedAt: { ...instant, readOnly: true },
    cancelledAt: { ...instant, readOnly: true },
    result: { type: 'object', required: ['total'], properties: { total: { type: 'integer', minimum: 0 } } },
  },
};
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'reports', version: '1' },
  paths: {
    '/reports': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: report }) } } },
      post: {
        requestBody: { content: json({ type: 'object', properties: {} }) },
        responses: { '202': { description: 'accepted', content: json(report) } },
      },
    },
    '/reports/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(report) }, '404': { description: 'none' } } },
    },
  },
});

describe('a report accepted and then done', () => {
  it('holds its completion instant and its result once done', async () => {
    const app = createMockApp({ contract });
    const started = await request(app).post('/reports').send({});
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ completedAt: null, cancelledAt: null });
    let read = await request(app).get(`/reports/${started.body.id}`);
    for (let tries = 0; tries < 3 && read.body.status !== 'done'; tries++)
      read = await request(app).get(`/reports/${started.body.id}`);
    expect(read.body.status).toBe('done');
    expect(Date.parse(read.body.completedAt)).not.toBeNaN();
    expect(read.body.cancelledAt).toBeNull();
    expect(read.body.result).toEqual({ total: expect.any(Number) });
  });
});

describe('a job whose read is its own path, its result null until done', () => {
  const exportJob = {
    type: 'object',
    required: ['id', 'status', 'result'],
    properties: {
      id: { type: 'string' },
      status: { type: 'string', enum: ['pending', 'running', 'done'] },
      result: {
        type: 'string',
        format: 'uri',
        nullable: true,
        description: '`null` until done; then its URL.',
        example: null,
      },
    },
  };
  const jobs = contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'exports', version: '1' },
    paths: {
      '/exports': {
        post: {
          responses: {
            '202': {
              description: 'started',
              headers: { Location: { required: true, schema: { type: 'string' } } },
              content: json(exportJob),
            },
          },
        },
      },
      '/exports/{jobId}': {
        parameters: [{ name: 'jobId', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          responses: { '200': { description: 'the job', content: json(exportJob) }, '404': { description: 'none' } },
        },
      },
    },
  });

  it('yields a result once done, though the example shows it null', async () => {
    const app = createMockApp({ contract: jobs });
    const started = await request(app).post('/exports').send({});
    expect(started.status).toBe(202);
    let read = await request(app).get(started.headers.location as string);
    for (let tries = 0; tries < 20 && read.body.status !== 'done'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      read = await request(app).get(started.headers.location as string);
    }
    expect(read.body.status).toBe('done');
    expect(typeof read.body.result).toBe('string');
  });
});
