// Two faults at once where the words order the refusals: invalid input below an item that does not
// exist is answered with the status the order puts first. The order is read from the words in its
// common forms; a status named twice (on both sides of another) has no one place and is left out.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument, precedenceOf } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const project = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string', minLength: 1, maxLength: 30 } },
};
const issue = {
  type: 'object',
  required: ['id', 'title'],
  properties: { id: { type: 'string', readOnly: true }, title: { type: 'string', minLength: 1, maxLength: 30 } },
};
const projectId = { name: 'projectId', in: 'path', required: true, schema: { type: 'string' } };

const documentSaying = (order: string) => ({
  openapi: '3.0.3',
  info: { title: 'tracker', version: '1', description: order },
  paths: {
    '/projects': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: project }) } } },
      post: {
        requestBody: { required: true, content: json(project) },
        responses: { '201': { description: 'made', content: json(project) }, '422': none },
      },
    },
    '/projects/{projectId}': {
      parameters: [projectId],
      get: { responses: { '200': { description: 'one', content: json(project) }, '404': none } },
    },
    '/projects/{projectId}/issues': {
      parameters: [projectId],
      get: {
        responses: { '200': { description: 'all', content: json({ type: 'array', items: issue }) }, '404': none },
      },
      post: {
        requestBody: { required: true, content: json(issue) },
        responses: { '201': { description: 'made', content: json(issue) }, '404': none, '422': none },
      },
    },
  },
});

/** A tracker that looks the project up first, or (the fault) validates the body first. */
function tracker(validatesFirst = false) {
  const projects = new Map<string, { id: string; name: string; issues: { id: string; title: string }[] }>();
  const valid = (value: unknown) => typeof value === 'string' && value.length > 0 && [...value].length <= 30;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, child, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'projects' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined) {
      if (req.method === 'GET')
        return sendJson(
          res,
          200,
          [...projects.values()].map(({ issues, ...p }) => p),
        );
      if (!body || !valid(body.name)) return sendJson(res, 422, {});
      const made = { id: `p${projects.size + 1}`, name: body.name as string, issues: [] };
      projects.set(made.id, made);
      return sendJson(res, 201, { id: made.id, name: made.name });
    }
    const found = projects.get(decodeURIComponent(id));
    const bad = req.method === 'POST' && (!body || !valid(body.title));
    if (validatesFirst && bad) return sendJson(res, 422, {});
    if (!found) return sendJson(res, 404, {});
    if (child === undefined) return sendJson(res, 200, { id: found.id, name: found.name });
    if (req.method === 'GET') return sendJson(res, 200, found.issues);
    if (bad) return sendJson(res, 422, {});
    const made = { id: `i${found.issues.length + 1}`, title: body!.title as string };
    found.issues.push(made);
    return sendJson(res, 201, made);
  };
}

const ORDER = 'When several errors apply, the first in this order wins: `401`, `404`, `422`.';
const run = (fault: boolean) =>
  runConformance({ target: { app: tracker(fault) }, contract: contractFromDocument(documentSaying(ORDER)), seed: 8 });

describe('the order of refusals', () => {
  it('is read in its common forms', () => {
    const ranks = (words: string) => {
      const contract = contractFromDocument(documentSaying(words));
      return precedenceOf(contract, contract.operations[0]!);
    };
    expect(ranks('Precedence: `401`, `404`, `400`, `422`.')).toEqual([[401], [404], [400], [422]]);
    expect(ranks('Errors: `401` → `404`/`410` → `400` → `422`.')).toEqual([[401], [404, 410], [400], [422]]);
    expect(
      ranks(
        'Chosen in this order (the first that applies wins):\n1. 401 - no key;\n2. 404 - no item;\n3. 422 - bad body.',
      ),
    ).toEqual([[401], [404], [422]]);
    // 400 stands on both sides of 404: it has no one place.
    expect(
      ranks(
        'The first in this order wins: key (`401`); a missing body (`400`); the item (`404`); the body (`400`); references (`422`).',
      ),
    ).toEqual([[401], [404], [422]]);
    expect(ranks('Errors are JSON.')).toBeUndefined();
  });

  it('passes a tracker that looks the project up before the body', async () => {
    expect((await run(false)).violations.map((v) => `${v.code} ${v.operation}`)).toEqual([]);
  });

  it('names a tracker that validates the body before looking the project up', async () => {
    expect((await run(true)).violations.map((v) => v.code)).toContain('precedence_not_followed');
  });
});
