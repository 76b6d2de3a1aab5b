// A DELETE whose words keep the item readable with its deletion instant set ("The learner stays
// readable ..., with `deletedAt` set to the instant of deletion"): read after the DELETE, the item
// must hold that instant; a service that leaves it null is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const learner = {
  type: 'object',
  required: ['id', 'name', 'deletedAt'],
  properties: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', minLength: 1, maxLength: 20 },
    deletedAt: { type: 'string', format: 'date-time', nullable: true, readOnly: true },
  },
};
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'learners', version: '1' },
  paths: {
    '/learners': {
      get: {
        parameters: [{ name: 'includeDeleted', in: 'query', schema: { type: 'boolean' } }],
        responses: { '200': { description: 'all', content: json({ type: 'array', items: learner }) } },
      },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['name'],
            properties: { name: learner.properties.name },
          }),
        },
        responses: { '201': { description: 'made', content: json(learner) }, '400': { description: 'bad' } },
      },
    },
    '/learners/{learnerId}': {
      parameters: [{ name: 'learnerId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(learner) }, '404': { description: 'no' } } },
      delete: {
        description:
          'Soft deletion. The learner stays readable with `GET /learners/{learnerId}`, with `deletedAt` set to the instant of deletion; it is left out of `GET /learners` unless `includeDeleted=true`. Deleting a learner that is already deleted answers `404`.',
        responses: { '204': { description: 'deleted' }, '404': { description: 'no' } },
      },
    },
  },
});

/** Learners kept on deletion; `unstamped` plants a fault: deletedAt stays null; `listed` another: a
 * deleted learner stays in the plain list. */
function school(unstamped: boolean, listed = false) {
  const learners: { id: string; name: string; deletedAt: string | null; gone?: boolean }[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const url = new URL(req.url ?? '/', 'http://school');
    const [top, id, ...rest] = url.pathname.split('/').filter(Boolean);
    if (top !== 'learners' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined && req.method === 'GET') {
      const all = url.searchParams.get('includeDeleted') === 'true';
      return sendJson(
        res,
        200,
        all || listed ? learners : learners.filter((one) => one.deletedAt === null && !one.gone),
      );
    }
    if (id === undefined && req.method === 'POST') {
      const name = body?.name;
      if (typeof name !== 'string' || name.length < 1 || [...name].length > 20 || Object.keys(body!).length !== 1)
        return sendJson(res, 400, {});
      const made = { id: `l${learners.length + 1}`, name, deletedAt: null };
      learners.push(made);
      return sendJson(res, 201, made);
    }
    const found = learners.find((one) => one.id === id);
    if (!found) return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, found);
    if (req.method !== 'DELETE' || found.deletedAt !== null || found.gone) return sendJson(res, 404, {});
    if (unstamped) found.gone = true;
    else found.deletedAt = new Date().toISOString();
    return sendJson(res, 204, undefined);
  };
}

const failures = async (unstamped: boolean, listed = false) =>
  (
    await runConformance({ target: { app: school(unstamped, listed) }, contract: document, seed: 7, runs: 5 })
  ).violations
    .filter((v) => v.severity !== 'note')
    .map((v) => v.code);

describe('a deletion that keeps the item with its instant', () => {
  it('passes a school that stamps the learner it keeps', async () => {
    expect(await failures(false)).toEqual([]);
  });

  it('names one that keeps it without its deletion instant', async () => {
    expect(await failures(true)).toContain('deleted_item_unstamped');
  });

  it('names one that keeps listing it where the words leave it out of the plain list', async () => {
    expect(await failures(false, true)).toContain('deleted_item_still_listed');
  });
});
