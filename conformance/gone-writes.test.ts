// A soft-deleted item that its read answers `410 Gone`: a change of it (a PATCH, else a PUT), a
// second deletion, and a child made under it, where those operations document 410 too, must be
// refused. A service that takes either is named;
// one that answers 410 passes, and a change that does not document 410 is not judged.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const text = { type: 'string', minLength: 1, maxLength: 20 };
const noteInput = { type: 'object', additionalProperties: false, required: ['title'], properties: { title: text } };
const note = {
  type: 'object',
  required: ['id', 'title'],
  properties: { id: { type: 'string', readOnly: true }, title: text },
};
const comment = {
  type: 'object',
  required: ['id', 'body'],
  properties: { id: { type: 'string', readOnly: true }, body: text },
};
const commentInput = { type: 'object', additionalProperties: false, required: ['body'], properties: { body: text } };
const noteId = [{ name: 'noteId', in: 'path', required: true, schema: { type: 'string' } }];

/** The document, its change of a note a PATCH or a PUT (a replacement of the whole note). */
const contractOf = (change: 'patch' | 'put') =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'notes', version: '1' },
    paths: {
      '/notes': {
        get: { responses: { '200': { description: 'live', content: json({ type: 'array', items: note }) } } },
        post: {
          requestBody: { required: true, content: json(noteInput) },
          responses: { '201': { description: 'made', content: json(note) }, '400': none },
        },
      },
      '/notes/{noteId}': {
        parameters: noteId,
        get: { responses: { '200': { description: 'one', content: json(note) }, '404': none, '410': none } },
        [change]: {
          requestBody: { required: true, content: json(noteInput) },
          responses: { '200': { description: 'changed', content: json(note) }, '400': none, '404': none, '410': none },
        },
        delete: { responses: { '204': none, '404': none, '410': none } },
      },
      '/notes/{noteId}/comments': {
        parameters: noteId,
        get: {
          responses: {
            '200': { description: 'all', content: json({ type: 'array', items: comment }) },
            '404': none,
            '410': none,
          },
        },
        post: {
          requestBody: { required: true, content: json(commentInput) },
          responses: { '201': { description: 'made', content: json(comment) }, '400': none, '404': none, '410': none },
        },
      },
    },
  });

type Fault = 'patch-gone' | 'put-gone' | 'comment-gone' | 'delete-gone';

function notes(fault?: Fault) {
  const all = new Map<
    string,
    { id: string; title: string; deleted: boolean; comments: { id: string; body: string }[] }
  >();
  let last = 0;
  const fits = (value: unknown) => typeof value === 'string' && value.length >= 1 && [...value].length <= 20;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = parseObject(await readBody(req));
    const [root, id, sub, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'notes' || rest.length > 0 || (sub !== undefined && sub !== 'comments')) return sendJson(res, 404, {});
    if (id === undefined) {
      if (req.method === 'GET')
        return sendJson(
          res,
          200,
          [...all.values()].filter((n) => !n.deleted).map(({ id, title }) => ({ id, title })),
        );
      if (!sent || Object.keys(sent).join() !== 'title' || !fits(sent.title)) return sendJson(res, 400, {});
      const made = { id: `n${++last}`, title: String(sent.title), deleted: false, comments: [] };
      all.set(made.id, made);
      return sendJson(res, 201, { id: made.id, title: made.title });
    }
    const found = all.get(decodeURIComponent(id));
    if (!found) return sendJson(res, 404, {});
    const gone = found.deleted;
    if (sub === 'comments') {
      if (gone && !(fault === 'comment-gone' && req.method === 'POST')) return sendJson(res, 410, {});
      if (req.method === 'GET') return sendJson(res, 200, found.comments);
      if (!sent || Object.keys(sent).join() !== 'body' || !fits(sent.body)) return sendJson(res, 400, {});
      const made = { id: `c${++last}`, body: String(sent.body) };
      found.comments.push(made);
      return sendJson(res, 201, made);
    }
    const takenGone =
      (fault === 'patch-gone' && req.method === 'PATCH') ||
      (fault === 'put-gone' && req.method === 'PUT') ||
      (fault === 'delete-gone' && req.method === 'DELETE');
    if (gone && !takenGone) return sendJson(res, 410, {});
    if (req.method === 'GET') return sendJson(res, 200, { id: found.id, title: found.title });
    if (req.method === 'DELETE') {
      found.deleted = true;
      return sendJson(res, 204);
    }
    if (!sent || Object.keys(sent).join() !== 'title' || !fits(sent.title)) return sendJson(res, 400, {});
    found.title = String(sent.title);
    return sendJson(res, 200, { id: found.id, title: found.title });
  };
}

const run = (fault?: Fault, change: 'patch' | 'put' = 'patch') =>
  runConformance({ target: { app: notes(fault) }, contract: contractOf(change), seed: 2 });

describe('writes to an item gone after its deletion', () => {
  it('pass a service that answers them 410', async () => {
    const report = await run();
    expect(report.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });

  it.each(['patch-gone', 'comment-gone', 'delete-gone'] as const)('name a service whose fault is %s', async (fault) => {
    const report = await run(fault);
    expect(report.violations.some((v) => v.code === 'deleted_item_written')).toBe(true);
  });

  it('judge a replacement where the change is a PUT documenting 410', async () => {
    const fair = await run(undefined, 'put');
    expect(fair.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    const taken = await run('put-gone', 'put');
    expect(taken.violations.some((v) => v.code === 'deleted_item_written')).toBe(true);
  });
});
