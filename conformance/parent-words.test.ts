// A child's member named as its parent whose words say what of the parent it holds ("organization":
// "The slug of the organization the ticket belongs to") holds the path's value: a service that fills
// it with another organization's slug is caught (parent_not_named); one that fills it right passes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const ticket = {
  type: 'object',
  required: ['id', 'organization', 'title'],
  properties: {
    id: { type: 'string', readOnly: true },
    organization: { type: 'string', readOnly: true, description: 'The slug of the organization it belongs to.' },
    title: { type: 'string', minLength: 1, maxLength: 40 },
  },
};
const slug = { name: 'slug', in: 'path', required: true, schema: { type: 'string' }, example: 'acme' };
const organization = {
  type: 'object',
  required: ['slug'],
  properties: { slug: { type: 'string', readOnly: true } },
};
const none = { '404': { description: 'none' } };
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'desk', version: '1' },
  paths: {
    '/organizations': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: organization }) } } },
    },
    '/organizations/{slug}': {
      parameters: [slug],
      get: { responses: { '200': { description: 'one', content: json(organization) }, ...none } },
    },
    '/organizations/{slug}/tickets': {
      parameters: [slug],
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: ticket }) }, ...none } },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['title'],
            properties: { title: ticket.properties.title },
          }),
        },
        responses: { '201': { description: 'opened', content: json(ticket) }, '400': { description: 'bad' }, ...none },
      },
    },
    '/organizations/{slug}/tickets/{id}': {
      parameters: [slug, { name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(ticket) }, ...none } },
    },
  },
});

/** Organizations acme and globex; `misnamed` plants the fault: every ticket names globex. */
function desk(misnamed = false) {
  const tickets: { id: string; organization: string; title: string }[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [top, org, sub, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (top === 'organizations' && org === undefined && req.method === 'GET')
      return sendJson(res, 200, [{ slug: 'acme' }, { slug: 'globex' }]);
    if (top === 'organizations' && sub === undefined && req.method === 'GET' && ['acme', 'globex'].includes(org!))
      return sendJson(res, 200, { slug: org });
    if (top !== 'organizations' || sub !== 'tickets' || rest.length > 0 || !['acme', 'globex'].includes(org!))
      return sendJson(res, 404, {});
    if (id === undefined && req.method === 'GET')
      return sendJson(
        res,
        200,
        tickets.filter((one) => one.organization === org),
      );
    if (id === undefined && req.method === 'POST') {
      const title = body?.title;
      if (typeof title !== 'string' || title.length < 1 || [...title].length > 40 || Object.keys(body!).length !== 1)
        return sendJson(res, 400, {});
      const made = { id: `t${tickets.length + 1}`, organization: misnamed ? 'globex' : org!, title };
      tickets.push({ ...made, organization: org! });
      return sendJson(res, 201, made);
    }
    const found = tickets.find((one) => one.id === id && one.organization === org);
    return found && req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 404, {});
  };
}

const run = (misnamed?: boolean) =>
  runConformance({ target: { app: desk(misnamed) }, contract: document, seed: 3, runs: 5 });
const codes = (result: Awaited<ReturnType<typeof run>>) => result.violations.map((v) => v.code);

describe('a parent named by its own word', () => {
  it('passes a desk whose tickets name the organization of their path', async () => {
    expect(codes(await run())).not.toContain('parent_not_named');
  });

  it('names one whose tickets name another organization', async () => {
    expect(codes(await run(true))).toContain('parent_not_named');
  });
});
