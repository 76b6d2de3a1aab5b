// An action whose body names another item ("`labelId` must name an existing label; otherwise
// `422`"): the run makes a note and sends the action naming a label that exists nowhere. A desk that
// attaches it anyway is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const text = { type: 'string', minLength: 1, maxLength: 20 };
const label = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name: text },
};
const note = {
  type: 'object',
  required: ['id', 'title', 'labelIds'],
  properties: {
    id: { type: 'string', readOnly: true },
    title: text,
    labelIds: { type: 'array', items: { type: 'string' }, readOnly: true },
  },
};
const input = (name: string) => ({
  type: 'object',
  additionalProperties: false,
  required: [name],
  properties: { [name]: text },
});
const id = (name: string) => [{ name, in: 'path', required: true, schema: { type: 'string' } }];
const collection = (item: unknown, body: unknown) => ({
  get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: item }) } } },
  post: {
    requestBody: { required: true, content: json(body) },
    responses: { '201': { description: 'made', content: json(item) }, '400': none },
  },
});

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'notes', version: '1' },
  paths: {
    '/labels': collection(label, input('name')),
    '/labels/{labelId}': {
      parameters: id('labelId'),
      get: { responses: { '200': { description: 'one', content: json(label) }, '404': none } },
    },
    '/notes': collection(note, input('title')),
    '/notes/{noteId}': {
      parameters: id('noteId'),
      get: { responses: { '200': { description: 'one', content: json(note) }, '404': none } },
    },
    '/notes/{noteId}/label': {
      parameters: id('noteId'),
      post: {
        operationId: 'labelNote',
        description: 'Attaches a label to the note. `labelId` must name an existing label; otherwise `422`.',
        requestBody: { required: true, content: json(input('labelId')) },
        responses: { '200': { description: 'labelled', content: json(note) }, '400': none, '404': none, '422': none },
      },
    },
  },
});

function desk(attachesUnknown = false) {
  const labels = new Map<string, { id: string; name: string }>();
  const notes = new Map<string, { id: string; title: string; labelIds: string[] }>();
  let last = 0;
  const valid = (body: Record<string, unknown> | undefined, name: string) =>
    body !== undefined &&
    Object.keys(body).every((key) => key === name) &&
    typeof body[name] === 'string' &&
    [...(body[name] as string)].length >= 1 &&
    [...(body[name] as string)].length <= 20;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, verb, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    const items = root === 'labels' ? labels : root === 'notes' ? notes : undefined;
    if (!items || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...items.values()]);
      const name = root === 'labels' ? 'name' : 'title';
      if (!valid(body, name)) return sendJson(res, 400, {});
      const made =
        root === 'labels'
          ? { id: `l${++last}`, name: String(body![name]) }
          : { id: `n${++last}`, title: String(body![name]), labelIds: [] };
      items.set(made.id, made as never);
      return sendJson(res, 201, made);
    }
    const found = items.get(decodeURIComponent(key));
    if (!found) return sendJson(res, 404, {});
    if (verb === undefined) return req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 404, {});
    if (root !== 'notes' || verb !== 'label' || req.method !== 'POST') return sendJson(res, 404, {});
    if (!valid(body, 'labelId')) return sendJson(res, 400, {});
    const labelId = String(body!.labelId);
    if (!labels.has(labelId) && !attachesUnknown) return sendJson(res, 422, {});
    const labelled = found as { labelIds: string[] };
    if (!labelled.labelIds.includes(labelId)) labelled.labelIds.push(labelId);
    return sendJson(res, 200, found);
  };
}

const run = (fault?: boolean) => runConformance({ target: { app: desk(fault) }, contract, seed: 6 });

describe('an action naming an item that exists nowhere', () => {
  it('reads the reference and its refusal from the action words', () => {
    const notes = inferApiModel(contract).resources.find((r) => r.collection.path === '/notes');
    expect(
      notes?.idioms.actionReferences?.map(({ verb, member, collection, status }) => [verb, member, collection, status]),
    ).toEqual([['label', 'labelId', '/labels', 422]]);
  });

  it('passes a desk that refuses it, with the step run', async () => {
    const result = await run();
    expect(result.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((u) => u.scenario === 'action references')).toEqual([]);
    expect(result.reach?.stateChecksRan).toBeGreaterThan(0);
  });

  it('names a desk that attaches a label that exists nowhere', async () => {
    const found = (await run(true)).violations.filter((v) => v.code === 'unknown_reference_accepted');
    expect(found.map((v) => v.message).join('\n')).toMatch(/labelId/);
  });
});
