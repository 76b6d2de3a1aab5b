// Changes under documents whose change schemas differ from the item's (Twilio's and Box's shapes),
// and ids under patterned path parameters: through HTTP.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { expressAround } from './adapters/app.js';
import { mockListener } from './adapters/server.js';
import { createMockService } from './adapters/service.js';
import { createMockApp } from './index.js';
import type { MockCore } from './pipeline/core.js';

const KEY = 'changes-Key-77';
const AUTH = { authorization: `Bearer ${KEY}` };
const json = (schema: object) => ({ 'application/json': { schema } });

const parent = {
  type: 'object',
  required: ['id', 'type'],
  properties: { id: { type: 'string' }, type: { type: 'string', enum: ['folder'] } },
  additionalProperties: false,
};
const folder = {
  type: 'object',
  required: ['id', 'name', 'owner', 'parent'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    owner: { type: 'string', minLength: 1 },
    parent,
    color: { type: 'string', enum: ['red', 'blue'] },
  },
};
// A PUT narrower than the item: no owner, a parent given by its id alone, any color text.
const folderChange = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    parent: { type: 'object', properties: { id: { type: 'string' }, path: { type: 'string' } } },
    color: { type: 'string' },
  },
};
const idParameter = {
  name: 'folderId',
  in: 'path',
  required: true,
  // Unanchored, as Twilio writes its sids.
  schema: { type: 'string', pattern: 'FD[0-9a-f]{8}' },
};

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'folders', version: '1' },
  components: { securitySchemes: { key: { type: 'http', scheme: 'bearer' } } },
  security: [{ key: [] }],
  paths: {
    '/folders': {
      get: { responses: { '200': { description: 'ok', content: json({ type: 'array', items: folder }) } } },
      post: {
        requestBody: { required: true, content: json({ ...folder, required: ['name', 'owner', 'parent'] }) },
        responses: { '201': { description: 'made', content: json(folder) } },
      },
    },
    '/folders/{folderId}': {
      parameters: [idParameter],
      get: { responses: { '200': { description: 'ok', content: json(folder) }, '404': { description: 'none' } } },
      put: {
        requestBody: { required: true, content: json(folderChange) },
        responses: { '200': { description: 'ok', content: json(folder) }, '400': { description: 'bad' } },
      },
      delete: { responses: { '204': { description: 'gone' } } },
      patch: {
        requestBody: { required: true, content: { 'application/merge-patch+json': { schema: folderChange } } },
        responses: { '200': { description: 'ok', content: json(folder) }, '400': { description: 'bad' } },
      },
    },
    '/folders/{folderId}/share': {
      parameters: [idParameter],
      post: {
        responses: {
          '202': {
            description: 'queued',
            content: json({ type: 'object', properties: { queued: { type: 'boolean' } } }),
          },
        },
      },
    },
  },
});

async function created() {
  const app = createMockApp({ contract, apiKeys: [KEY], seed: null });
  const made = await request(app)
    .post('/folders')
    .set(AUTH)
    .send({ name: 'Docs', owner: 'ana', parent: { id: 'p1', type: 'folder' }, color: 'red' });
  expect(made.status).toBe(201);
  return { app, item: made.body as Record<string, unknown> };
}

describe('changes whose schema is not the item schema', () => {
  it('gives ids the item path parameter accepts, whole, and finds the item by them', async () => {
    const { app, item } = await created();
    expect(item.id).toMatch(/^FD[0-9a-f]{8}/);
    expect(String(item.id)).toMatch(/^[\w.-]+$/);
    expect((await request(app).get(`/folders/${item.id}`).set(AUTH)).status).toBe(200);
  });

  it('keeps from the old item what a PUT leaves out and the item requires, nested members too', async () => {
    const { app, item } = await created();
    const put = await request(app)
      .put(`/folders/${item.id}`)
      .set(AUTH)
      .send({ name: 'Papers', parent: { id: 'p2' } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ id: item.id, name: 'Papers', owner: 'ana', parent: { id: 'p2', type: 'folder' } });
    expect((await request(app).get(`/folders/${item.id}`).set(AUTH)).body).toEqual(put.body);
  });

  it('keeps its own view of a related object sent in a shape the item does not hold', async () => {
    const { app, item } = await created();
    const put = await request(app)
      .put(`/folders/${item.id}`)
      .set(AUTH)
      .send({ name: 'Papers', parent: { id: 'p3', path: '/p3' }, color: 'red' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: 'Papers', parent: { id: 'p1', type: 'folder' } });
    // A scalar the item cannot hold is refused, and nothing changes.
    const wrong = await request(app).put(`/folders/${item.id}`).set(AUTH).send({ name: 'Papers', color: 'green' });
    expect(wrong.status).toBe(400);
    expect((await request(app).get(`/folders/${item.id}`).set(AUTH)).body).toEqual(put.body);
  });

  it('keeps nothing a merge patch removes by name: such a change is refused', async () => {
    const { app, item } = await created();
    const patched = await request(app)
      .patch(`/folders/${item.id}`)
      .set({ ...AUTH, 'content-type': 'application/merge-patch+json' })
      .send(JSON.stringify({ parent: null }));
    expect(patched.status).toBe(400);
    expect((await request(app).get(`/folders/${item.id}`).set(AUTH)).body).toEqual(item);
  });
});

describe('CORS headers on every kind of answer', () => {
  const origin = 'http://localhost:5173';
  const ENTRY_PATHS = [
    ['the Express app', (core: MockCore) => expressAround(core)],
    ["the server's direct path", (core: MockCore) => mockListener(core)],
  ] as const;

  it.each(ENTRY_PATHS)('through %s', async (_name, entry) => {
    const target = entry(createMockService({ contract, apiKeys: [KEY], seed: null }));
    const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, headers: Record<string, string> = AUTH) =>
      request(target)
        [method](path)
        .set({ ...headers, Origin: origin });
    const made = await call('post', '/folders').send({ name: 'D', owner: 'o', parent: { id: 'p', type: 'folder' } });
    const at = `/folders/${made.body.id}`;
    const answers = [
      made, // created (sendJson)
      await call('get', at), // read
      await call('put', at).send({ name: 'E' }), // changed, the item answered
      await call('post', `${at}/share`), // answered from the document
      await call('get', '/folders', {}), // refused: no key (sendError)
      await call('put', at).send({ color: 'green' }), // refused: the item cannot hold it
      await call('get', '/nowhere'), // no such operation
      await call('delete', at), // removed, no body
    ];
    expect(answers.map((answer) => answer.status)).toEqual([201, 200, 200, 202, 401, 400, 404, 204]);
    for (const answer of answers) {
      expect(answer.headers['access-control-allow-origin']).toBe(origin);
      expect(answer.headers.vary).toBe('Origin');
    }
  });
});

describe('a change that takes more than the creation', () => {
  // DigitalOcean's projects: a POST takes the name, a PUT the name and is_default too.
  const note = {
    type: 'object',
    required: ['id', 'name'],
    properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, pinned: { type: 'boolean' } },
  };
  const notes = contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'notes', version: '1' },
    components: { securitySchemes: { key: { type: 'http', scheme: 'bearer' } } },
    security: [{ key: [] }],
    paths: {
      '/notes': {
        get: { responses: { '200': { description: 'ok', content: json({ type: 'array', items: note }) } } },
        post: {
          requestBody: {
            required: true,
            content: json({ type: 'object', required: ['name'], properties: { name: { type: 'string' } } }),
          },
          responses: { '201': { description: 'made', content: json(note) } },
        },
      },
      '/notes/{noteId}': {
        parameters: [{ name: 'noteId', in: 'path', required: true, schema: { type: 'integer' } }],
        get: { responses: { '200': { description: 'ok', content: json(note) }, '404': { description: 'none' } } },
        put: {
          requestBody: {
            required: true,
            content: json({
              type: 'object',
              required: ['name', 'pinned'],
              properties: { name: { type: 'string' }, pinned: { type: 'boolean' } },
            }),
          },
          responses: { '200': { description: 'ok', content: json(note) } },
        },
      },
    },
  });

  it('stores what the PUT takes though the POST does not', async () => {
    const app = createMockApp({ contract: notes, apiKeys: [KEY], seed: null });
    const made = await request(app).post('/notes').set(AUTH).send({ name: 'a' });
    expect(made.status).toBe(201);
    const put = await request(app).put(`/notes/${made.body.id}`).set(AUTH).send({ name: 'b', pinned: true });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ id: made.body.id, name: 'b', pinned: true });
    expect((await request(app).get(`/notes/${made.body.id}`).set(AUTH)).body).toEqual(put.body);
  });
});

describe('a related object named by a scalar in a change', () => {
  // DigitalOcean's load balancer: the PUT sends region "sfo1", the item holds region {slug, name}.
  const region = {
    type: 'object',
    required: ['slug'],
    properties: { slug: { type: 'string' }, name: { type: 'string' } },
  };
  const balancerOf = (required: string[]) => ({
    type: 'object',
    required,
    properties: { id: { type: 'string' }, name: { type: 'string' }, region },
  });
  const change = { type: 'object', properties: { name: { type: 'string' }, region: { type: 'string' } } };
  const balancers = (balancer: object) =>
    contractFromDocument({
      openapi: '3.0.3',
      info: { title: 'balancers', version: '1' },
      paths: {
        '/balancers': {
          get: { responses: { '200': { description: 'ok', content: json({ type: 'array', items: balancer }) } } },
          post: {
            requestBody: { required: true, content: json(change) },
            responses: { '201': { description: 'made', content: json(balancer) } },
          },
        },
        '/balancers/{id}': {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          get: { responses: { '200': { description: 'ok', content: json(balancer) }, '404': { description: 'none' } } },
          put: {
            requestBody: { required: true, content: json(change) },
            responses: { '200': { description: 'ok', content: json(balancer) }, '404': { description: 'none' } },
          },
        },
      },
    });

  it.each([
    ['the item holds one', ['id', 'name', 'region']],
    ['the item has none', ['id', 'name']],
  ])('keeps the item’s own view of it (%s), and takes the rest of the change', async (_case, required) => {
    const app = createMockApp({ contract: balancers(balancerOf(required)), apiKeys: [KEY], seed: null });
    const made = await request(app).post('/balancers').set(AUTH).send({ name: 'web', region: 'sfo1' });
    expect(made.status).toBe(201);
    const put = await request(app).put(`/balancers/${made.body.id}`).set(AUTH).send({ name: 'api', region: 'nyc3' });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ ...made.body, name: 'api' });
    expect((await request(app).get(`/balancers/${made.body.id}`).set(AUTH)).body).toEqual(put.body);
  });
});
