// A job's start reads its body as a creation does: malformed JSON and a body its schema refuses are
// refused, a member naming an item that does not exist gets the documented refusal, the members
// the job shares with the body are kept (the venue it reports on), and its owner is the caller, the
// login the current-user operation answers.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const venue = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string', minLength: 1 } },
};
const job = {
  type: 'object',
  required: ['id', 'status', 'venueId', 'requestedBy', 'result'],
  properties: {
    id: { type: 'string', readOnly: true },
    status: { type: 'string', enum: ['pending', 'done'] },
    venueId: { type: 'string', nullable: true },
    requestedBy: { type: 'string', readOnly: true, description: 'The login of the caller who started the job.' },
    result: { type: 'object', nullable: true, description: 'null until the job is done.' },
  },
};
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'box office', version: '1' },
  components: { securitySchemes: { key: { type: 'http', scheme: 'bearer' } } },
  security: [{ key: [] }],
  paths: {
    '/me': {
      get: {
        responses: {
          '200': {
            description: 'the caller',
            content: json({ type: 'object', required: ['login'], properties: { login: { type: 'string' } } }),
          },
        },
      },
    },
    '/venues': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: venue }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({ type: 'object', required: ['name'], properties: { name: venue.properties.name } }),
        },
        responses: { '201': { description: 'made', content: json(venue) }, '400': { description: 'bad' } },
      },
    },
    '/venues/{venueId}': {
      parameters: [{ name: 'venueId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(venue) }, '404': { description: 'none' } } },
    },
    '/reports': {
      post: {
        description: 'Starts a report over the venue `venueId` names; an unknown venue is refused with 422.',
        requestBody: {
          required: false,
          content: json({
            type: 'object',
            additionalProperties: false,
            properties: { venueId: { type: 'string', minLength: 1 } },
          }),
        },
        responses: {
          '202': {
            description: 'started',
            headers: { Location: { schema: { type: 'string' } } },
            content: json(job),
          },
          '400': { description: 'bad' },
          '422': { description: 'unknown venue' },
        },
      },
    },
    '/jobs/{jobId}': {
      parameters: [{ name: 'jobId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'the job', content: json(job) }, '404': { description: 'none' } } },
    },
  },
});
const KEY = 'job-bodies-test';
const auth = { Authorization: `Bearer ${KEY}` };

describe("a job's start reads its body", () => {
  it('refuses malformed JSON, a body its schema refuses and a venue that does not exist', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const start = () => request(app).post('/reports').set(auth).set('content-type', 'application/json');
    expect((await start().send('{"venueId": ')).status).toBe(400);
    expect((await start().send({ venueId: '' })).status).toBe(400);
    expect((await start().send({ venueId: 'no-such-venue' })).status).toBe(422);
  });

  it("keeps the venue it reports on, and its owner is the caller's login", async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const venueMade = await request(app).post('/venues').set(auth).send({ name: 'Hall' });
    const me = await request(app).get('/me').set(auth);
    const started = await request(app).post('/reports').set(auth).send({ venueId: venueMade.body.id });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ venueId: venueMade.body.id, requestedBy: me.body.login, result: null });
    // Read until done: the venue and the owner stay what they were.
    const path = new URL(started.headers.location!, 'http://x').pathname;
    let read = await request(app).get(path).set(auth);
    for (let tries = 0; read.body.status !== 'done' && tries < 40; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      read = await request(app).get(path).set(auth);
    }
    expect(read.body).toMatchObject({ status: 'done', venueId: venueMade.body.id, requestedBy: me.body.login });
  });
});
