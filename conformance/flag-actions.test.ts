// Actions that move a yes/no member (`archive` sets `archived`, `unarchive` clears it), with the
// rules their words put on it: "Unarchiving a document that is not archived answers 409", "Archived
// documents are frozen; patching one answers 409". A hand-written server of the document passes;
// each faulty copy is named. The mock of the same document passes too.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { mockOfContract } from '../fixtures/mock-of-document.js';
import { contractFromDocument, explainedModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const input = {
  type: 'object',
  additionalProperties: false,
  required: ['title'],
  properties: { title: { type: 'string', minLength: 1, maxLength: 40 } },
};
const patch = { ...input, required: [], minProperties: 1 };
const documentSchema = {
  type: 'object',
  required: ['id', 'title', 'archived', 'archivedAt'],
  properties: {
    id: { type: 'string', readOnly: true },
    title: { type: 'string' },
    archived: { type: 'boolean', readOnly: true },
    archivedAt: { type: 'string', format: 'date-time', nullable: true, readOnly: true },
  },
};
const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];
const one = { description: 'one', content: json(documentSchema) };
const refused = { description: 'refused', content: json({ type: 'object' }) };
const action = (description: string) => ({
  parameters: id,
  post: { description, responses: { '200': one, '404': refused, '409': refused } },
});

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'documents', version: '1' },
  paths: {
    '/documents': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: documentSchema }) } } },
      post: {
        requestBody: { required: true, content: json(input) },
        responses: { '201': one, '400': refused },
      },
    },
    '/documents/{id}': {
      parameters: id,
      get: { responses: { '200': one, '404': refused } },
      patch: {
        description: 'Changes the title. Archived documents are frozen; patching one answers 409.',
        requestBody: { required: true, content: json(patch) },
        responses: { '200': one, '400': refused, '404': refused, '409': refused },
      },
    },
    '/documents/{id}/archive': action('Archives the document and sets `archivedAt`.'),
    '/documents/{id}/unarchive': action(
      'Brings an archived document back; `archivedAt` becomes null. Unarchiving a document that is not archived answers 409.',
    ),
  },
});

type Fault = 'patch-archived' | 'unarchive-live' | 'archive-unset' | 'unarchive-keeps-time';

/** The document's server, written by hand from its words; `fault` plants one break. */
function documents(fault?: Fault) {
  const items = new Map<string, Record<string, unknown>>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const [, first, itemId, verb] = (req.url ?? '').split('?')[0]!.split('/');
    const body = parseObject(await readBody(req));
    if (first !== 'documents') return send(res, 404, {});
    if (itemId === undefined) {
      if (req.method === 'GET') return send(res, 200, [...items.values()]);
      const title = body?.title;
      if (req.method !== 'POST' || typeof title !== 'string' || title.length < 1 || title.length > 40)
        return send(res, 400, {});
      if (Object.keys(body ?? {}).some((key) => key !== 'title')) return send(res, 400, {});
      const made = { id: `d${items.size + 1}`, title, archived: false, archivedAt: null };
      items.set(made.id, made);
      return send(res, 201, made);
    }
    const item = items.get(itemId);
    if (!item) return send(res, 404, {});
    if (verb === undefined && req.method === 'GET') return send(res, 200, item);
    if (verb === undefined && req.method === 'PATCH') {
      const title = body?.title;
      const valid =
        body &&
        Object.keys(body).length > 0 &&
        Object.keys(body).every((key) => key === 'title') &&
        typeof title === 'string' &&
        title.length >= 1 &&
        title.length <= 40;
      if (!valid) return send(res, 400, {});
      if (item.archived && fault !== 'patch-archived') return send(res, 409, {});
      item.title = title;
      return send(res, 200, item);
    }
    if (req.method !== 'POST') return send(res, 404, {});
    if (verb === 'archive') {
      if (item.archived) return send(res, 409, {});
      item.archived = fault !== 'archive-unset';
      item.archivedAt = new Date().toISOString();
      return send(res, 200, item);
    }
    if (verb === 'unarchive') {
      if (!item.archived && fault !== 'unarchive-live') return send(res, 409, {});
      item.archived = false;
      if (fault !== 'unarchive-keeps-time') item.archivedAt = null;
      return send(res, 200, item);
    }
    return send(res, 404, {});
  };
}

const codesOf = async (fault?: Fault) =>
  (await runConformance({ target: { app: documents(fault) }, contract, seed: 3, runs: 5 })).violations.map(
    (violation) => violation.code,
  );

describe('actions on a yes/no member', () => {
  it('reads archive and unarchive as moves of `archived`, unarchive starting only from an archived one', () => {
    const model = JSON.parse(explainedModel(contract, undefined, 'json'));
    const documents = model.resources.find((r: { path: string }) => r.path === '/documents');
    expect(documents.actions).toEqual([
      expect.objectContaining({ verb: 'archive', member: 'archived', target: true }),
      expect.objectContaining({ verb: 'unarchive', member: 'archived', target: false, from: [true] }),
    ]);
    // Its words refuse no archive: it may start anywhere.
    expect(documents.actions[0]).not.toHaveProperty('from');
    expect(documents.ownLocks).toEqual([
      expect.objectContaining({ member: 'archived', allowed: [false], status: 409 }),
    ]);
  });

  it('passes the server written from the words', async () => {
    expect(await codesOf()).toEqual([]);
  });

  it.each<[Fault, RegExp]>([
    ['patch-archived', /state_lock|locked/],
    ['unarchive-live', /action/],
    ['archive-unset', /action/],
    ['unarchive-keeps-time', /action/],
  ])('names a server that breaks it: %s', async (fault) => {
    expect((await codesOf(fault)).length).toBeGreaterThan(0);
  });

  it('passes the mock of the same document', async () => {
    const app = mockOfContract(contract);
    const result = await runConformance({ target: { app }, contract, seed: 3, runs: 5 });
    expect(result.violations.map((violation) => violation.code)).toEqual([]);
  });
});
