// A creation whose body is the item's own schema: a readOnly state (`status`, declared as allOf of a
// shared enum) the client sends is ignored, the new item starts as the service says. A service that
// takes the sent state is named; one that ignores it passes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const STATES = ['draft', 'published', 'archived'];
const post = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'title', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    title: { type: 'string', minLength: 1, maxLength: 30 },
    status: { allOf: [{ $ref: '#/components/schemas/PostStatus' }], readOnly: true, default: 'draft' },
  },
};

const documentOf = (requestBody: unknown) => ({
  openapi: '3.0.3',
  info: {
    title: 'posts',
    version: '1',
    description: 'Members marked readOnly are set by the service; a request may carry them, but they are ignored.',
  },
  components: { schemas: { PostStatus: { type: 'string', enum: STATES } } },
  paths: {
    '/posts': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: post }) } } },
      post: {
        description: 'A new post is a `draft`.',
        requestBody: { required: true, content: json(requestBody) },
        responses: { '201': { description: 'made', content: json(post) }, '400': none },
      },
    },
    '/posts/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(post) }, '404': none } },
    },
  },
});
const contract = contractFromDocument(documentOf(post));
// A creation body that does not declare the state and takes members it does not name.
const open = contractFromDocument(
  documentOf({ type: 'object', required: ['title'], properties: { title: post.properties.title } }),
);

function posts(takesState: boolean) {
  const stored: Array<Record<string, unknown>> = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const [root, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'posts' || rest.length > 0) return sendJson(res, 404, {});
    if (id !== undefined) {
      const found = stored.find((one) => one.id === id);
      return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
    }
    if (req.method === 'GET') return sendJson(res, 200, stored);
    const body = parseObject(text);
    const titled = typeof body?.title === 'string' && body.title.length >= 1 && [...body.title].length <= 30;
    const known = body && Object.keys(body).every((name) => ['id', 'title', 'status'].includes(name));
    if (!body || !titled || !known || (body.status !== undefined && !STATES.includes(String(body.status))))
      return sendJson(res, 400, {});
    const status = takesState && typeof body.status === 'string' ? body.status : 'draft';
    const made = { id: `p${stored.length + 1}`, title: body.title, status };
    stored.push(made);
    return sendJson(res, 201, made);
  };
}

describe('a readOnly state sent in a creation', () => {
  it('passes a service that ignores it', async () => {
    const result = await runConformance({ target: { app: posts(false) }, contract, seed: 3 });
    expect(result.violations.map((v) => `${v.operation} ${v.code}: ${v.message}`)).toEqual([]);
  });

  it('names a service that takes it where the creation body does not declare it', async () => {
    const result = await runConformance({ target: { app: posts(true) }, contract: open, seed: 3 });
    expect(result.violations.map((v) => v.operation)).toContain('POST /posts');
    const ignoring = await runConformance({ target: { app: posts(false) }, contract: open, seed: 3 });
    expect(ignoring.violations.map((v) => `${v.operation} ${v.code}: ${v.message}`)).toEqual([]);
  });

  it('names a service that takes it', async () => {
    const result = await runConformance({ target: { app: posts(true) }, contract, seed: 3 });
    expect(result.violations.map((v) => v.operation)).toContain('POST /posts');
  });
});

// A job whose `kind` the service always sets to what its 202 example shows (`zip`): sent back as
// that very value, its echo tells nothing; another value of the enum does.
const job = {
  type: 'object',
  required: ['id', 'kind'],
  properties: { id: { type: 'string' }, kind: { type: 'string', enum: ['processing', 'zip'] } },
};
const jobs = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'jobs', version: '1' },
  paths: {
    '/downloads': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: job }) } } },
      post: {
        requestBody: { required: true, content: json({ type: 'object', properties: { note: { type: 'string' } } }) },
        responses: {
          '202': {
            description: 'started',
            content: { 'application/json': { schema: job, example: { id: 'job_1', kind: 'zip' } } },
          },
          '400': none,
        },
      },
    },
  },
});

function downloads(takesKind: boolean) {
  const stored: Array<Record<string, unknown>> = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    if (req.url !== '/downloads') return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, stored);
    if (!body || (body.note !== undefined && typeof body.note !== 'string')) return sendJson(res, 400, {});
    const kind = takesKind && typeof body.kind === 'string' ? body.kind : 'zip';
    const made = { id: `job_${stored.length + 1}`, kind };
    stored.push(made);
    return sendJson(res, 202, made);
  };
}

describe('a service-assigned member its answers document', () => {
  it('is sent as a value the answers do not show: a service that sets its own passes', async () => {
    const result = await runConformance({ target: { app: downloads(false) }, contract: jobs, seed: 3 });
    expect(result.violations.map((v) => `${v.operation} ${v.code}: ${v.message}`)).toEqual([]);
  });

  it('names a service that takes the value sent', async () => {
    const result = await runConformance({ target: { app: downloads(true) }, contract: jobs, seed: 3 });
    expect(result.violations.map((v) => `${v.operation} ${v.code}`)).toContain('POST /downloads client_value_taken');
  });
});
