// Items a PUT makes at a key the client chooses (201 for a new key, 200 for one in use) are judged as
// creations: the owner the service fills in is the caller `GET /me` names, and a default the client
// left out is applied.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const input = {
  type: 'object',
  required: ['title'],
  additionalProperties: false,
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 40 },
    status: { type: 'string', enum: ['draft', 'live', 'archived'], default: 'draft' },
  },
};
const page = {
  type: 'object',
  required: ['slug', 'title', 'status', 'createdBy'],
  properties: {
    slug: { type: 'string', readOnly: true },
    title: { type: 'string' },
    status: { type: 'string', enum: ['draft', 'live', 'archived'] },
    createdBy: { type: 'string', readOnly: true, description: 'The login of the caller who made it.' },
  },
};
const none = { description: 'none' };
const slug = { name: 'slug', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z0-9-]{3,30}$' } };
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'pages', version: '1' },
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
    '/pages': {
      get: { responses: { '200': { description: 'pages', content: json({ type: 'array', items: page }) } } },
    },
    '/pages/{slug}': {
      parameters: [slug],
      get: { responses: { '200': { description: 'a page', content: json(page) }, '404': { description: 'none' } } },
      put: {
        description: 'Creates the page at the slug (201) or replaces it (200).',
        requestBody: { required: true, content: json(input) },
        responses: {
          '200': { description: 'replaced', content: json(page) },
          '201': { description: 'created', content: json(page) },
          '400': { description: 'bad' },
        },
      },
    },
    '/pages/{slug}/publish': {
      parameters: [slug],
      post: {
        description: '`draft` → `live`. From any other status: 409.',
        responses: { '200': { description: 'live', content: json(page) }, '404': none, '409': { description: 'no' } },
      },
    },
    '/pages/{slug}/archive': {
      parameters: [slug],
      post: {
        description: '`live` → `archived`. From any other status: 409.',
        responses: {
          '200': { description: 'archived', content: json(page) },
          '404': none,
          '409': { description: 'no' },
        },
      },
    },
  },
});

type Fault = 'none' | 'other-owner' | 'no-default' | 'publish-any';

function pages(fault: Fault) {
  const stored = new Map<string, Record<string, unknown>>();
  const send = sendJson;
  return (req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const [first, key, action, extra] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
      if (first === 'me' && !key && req.method === 'GET') return send(res, 200, { login: 'ada' });
      if (first !== 'pages' || extra) return send(res, 404, {});
      if (!key) return req.method === 'GET' ? send(res, 200, [...stored.values()]) : send(res, 404, {});
      if (!/^[a-z0-9-]{3,30}$/.test(key)) return send(res, req.method === 'PUT' ? 400 : 404, {});
      if (extra === undefined && action) {
        const item = stored.get(key);
        if (req.method !== 'POST' || !item) return send(res, 404, {});
        const moves: Record<string, [string, string]> = { publish: ['draft', 'live'], archive: ['live', 'archived'] };
        const move = moves[action];
        if (!move) return send(res, 404, {});
        if (item.status !== move[0] && !(fault === 'publish-any' && action === 'publish')) return send(res, 409, {});
        item.status = move[1];
        return send(res, 200, item);
      }
      if (req.method === 'GET') return stored.has(key) ? send(res, 200, stored.get(key)) : send(res, 404, {});
      if (req.method !== 'PUT') return send(res, 404, {});
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text);
      } catch {
        return send(res, 400, {});
      }
      const { title, status } = body ?? {};
      const fits =
        typeof body === 'object' &&
        body !== null &&
        Object.keys(body).every((name) => name === 'title' || name === 'status') &&
        typeof title === 'string' &&
        title.length >= 1 &&
        [...title].length <= 40 &&
        (status === undefined || status === 'draft' || status === 'live' || status === 'archived');
      if (!fits) return send(res, 400, {});
      const existing = stored.get(key);
      const page = {
        slug: key,
        title,
        status: status ?? (fault === 'no-default' ? 'live' : 'draft'),
        createdBy: existing?.createdBy ?? (fault === 'other-owner' ? 'bob' : 'ada'),
      };
      stored.set(key, page);
      return send(res, existing ? 200 : 201, page);
    });
  };
}

const run = (fault: Fault) =>
  runConformance({
    target: { app: pages(fault) },
    contract: document,
    seed: 6,
    runs: 5,
  });
const codes = async (fault: Fault) => (await run(fault)).violations.map((violation) => violation.code);

describe('items a PUT makes at a key the client chooses', () => {
  it('passes a service that fills them in as the document says', async () => {
    expect((await run('none')).violations).toEqual([]);
  });

  it('names an owner that is not the caller', async () => {
    expect(await codes('other-owner')).toContain('owner_not_caller');
  });

  it('names an action taken from a state its words do not start it from', async () => {
    expect(await codes('publish-any')).toContain('action_accepted_from_other_state');
  });

  it('names a default left out and not applied', async () => {
    expect(await codes('no-default')).toContain('default_not_applied');
  });
});
