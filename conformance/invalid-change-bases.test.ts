// Invalid changes of an existing item are built on the item's own values where the change body takes
// them: a note's `authorId` then names a member that exists, and a title past its maxLength is the
// body's only fault. A service that checks authors before titles would otherwise refuse every one
// for its made-up author, and one that never checks a changed title's length would pass.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const title = { type: 'string', minLength: 1, maxLength: 20 };
const authorId = { type: 'string', minLength: 1, maxLength: 20 };
const member = { type: 'object', required: ['id'], properties: { id: { type: 'string', readOnly: true } } };
const note = {
  type: 'object',
  required: ['id', 'title', 'authorId'],
  properties: { id: { type: 'string', readOnly: true }, title, authorId },
};
const body = (required: string[]) =>
  json({ type: 'object', additionalProperties: false, required, properties: { title, authorId } });

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'notes', version: '1' },
  paths: {
    '/members': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: member }) } } },
    },
    '/notes': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: note }) } } },
      post: {
        description: '`authorId` must name an existing member; otherwise `422`.',
        requestBody: { required: true, content: body(['title', 'authorId']) },
        responses: { '201': { description: 'made', content: json(note) }, '400': none, '422': none },
      },
    },
    '/notes/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(note) }, '404': none } },
      patch: {
        description: '`authorId`, when sent, must name an existing member; otherwise `422`.',
        requestBody: { required: true, content: body([]) },
        responses: { '200': { description: 'changed', content: json(note) }, '400': none, '404': none, '422': none },
      },
    },
  },
});

function notes(titleUnchecked: boolean) {
  const members = new Set(['m1', 'm2']);
  const stored = new Map<string, Record<string, unknown>>();
  const fits = (value: unknown) => typeof value === 'string' && value.length >= 1 && [...value].length <= 20;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const [root, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (root === 'members')
      return sendJson(
        res,
        200,
        [...members].map((one) => ({ id: one })),
      );
    if (root !== 'notes') return sendJson(res, 404, {});
    if (req.method === 'GET' && id === undefined) return sendJson(res, 200, [...stored.values()]);
    const found = id === undefined ? undefined : stored.get(id);
    if (id !== undefined && !found) return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, found);
    const sent = parseObject(text);
    const creating = id === undefined;
    const keys = Object.keys(sent ?? {});
    const titleOk =
      'title' in (sent ?? {})
        ? titleUnchecked && !creating
          ? typeof sent!.title === 'string'
          : fits(sent!.title)
        : !creating;
    const authorOk = 'authorId' in (sent ?? {}) ? fits(sent!.authorId) : !creating;
    if (!sent || keys.some((key) => key !== 'title' && key !== 'authorId') || !titleOk || !authorOk)
      return sendJson(res, 400, {});
    if (sent.authorId !== undefined && !members.has(String(sent.authorId))) return sendJson(res, 422, {});
    if (creating) {
      const made = { id: `n${stored.size + 1}`, title: sent.title, authorId: sent.authorId };
      stored.set(made.id, made);
      return sendJson(res, 201, made);
    }
    Object.assign(found!, sent);
    return sendJson(res, 200, found);
  };
}

const run = (titleUnchecked: boolean) => runConformance({ target: { app: notes(titleUnchecked) }, contract, seed: 3 });

describe('invalid changes built on the item', () => {
  it('pass a service that checks a changed title', async () => {
    const report = await run(false);
    expect(report.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });

  it("name a service that takes a changed title past its maxLength, its author the item's own", async () => {
    const report = await run(true);
    expect(
      report.violations.filter((v) => v.code === 'negative_data_rejection' || v.code === 'invalid_input_accepted')
        .length,
    ).toBeGreaterThan(0);
  });
});
