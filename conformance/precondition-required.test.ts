// A change that requires If-Match and documents 428: sent without the header, the answer is 428
// (Precondition Required, RFC 6585), not 412, which says a precondition sent failed.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const title = { type: 'string', minLength: 1, maxLength: 20 };
const note = {
  type: 'object',
  required: ['id', 'title'],
  properties: { id: { type: 'string', readOnly: true }, title },
};
const input = { type: 'object', additionalProperties: false, required: ['title'], properties: { title } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'notes', version: '1' },
  paths: {
    '/notes': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: note }) } } },
      post: {
        requestBody: { required: true, content: json(input) },
        responses: { '201': { description: 'made', content: json(note) }, '400': none },
      },
    },
    '/notes/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        responses: {
          '200': { description: 'one', headers: { ETag: { schema: { type: 'string' } } }, content: json(note) },
          '404': none,
        },
      },
      patch: {
        parameters: [{ name: 'If-Match', in: 'header', required: true, schema: { type: 'string' } }],
        requestBody: { required: true, content: json(input) },
        responses: {
          '200': { description: 'changed', content: json(note) },
          '400': none,
          '404': none,
          '412': none,
          '428': none,
        },
      },
    },
  },
});

function notes(answers412: boolean) {
  const all = new Map<string, { id: string; title: string; version: number }>();
  const tag = (one: { id: string; version: number }) => `"${one.id}-${one.version}"`;
  const fits = (value: unknown) => typeof value === 'string' && value.length >= 1 && [...value].length <= 20;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = parseObject(await readBody(req));
    const [root, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'notes' || rest.length > 0) return sendJson(res, 404, {});
    const shown = (one: { id: string; title: string }) => ({ id: one.id, title: one.title });
    if (id === undefined && req.method === 'GET') return sendJson(res, 200, [...all.values()].map(shown));
    if (id === undefined) {
      if (!sent || Object.keys(sent).join() !== 'title' || !fits(sent.title)) return sendJson(res, 400, {});
      const made = { id: `n${all.size + 1}`, title: String(sent.title), version: 1 };
      all.set(made.id, made);
      return sendJson(res, 201, shown(made));
    }
    const found = all.get(id);
    if (!found) return sendJson(res, 404, {});
    res.setHeader('ETag', tag(found));
    if (req.method === 'GET') return sendJson(res, 200, shown(found));
    const condition = req.headers['if-match'];
    if (condition === undefined) return sendJson(res, answers412 ? 412 : 428, {});
    if (condition !== '*' && condition !== tag(found)) return sendJson(res, 412, {});
    if (!sent || Object.keys(sent).join() !== 'title' || !fits(sent.title)) return sendJson(res, 400, {});
    found.title = String(sent.title);
    found.version++;
    res.setHeader('ETag', tag(found));
    return sendJson(res, 200, shown(found));
  };
}

const codes = async (answers412: boolean) =>
  (await runConformance({ target: { app: notes(answers412) }, contract, seed: 4 })).violations.map((v) => v.code);

describe('a change without the precondition it requires', () => {
  it('passes a service that answers 428', async () => {
    expect(await codes(false)).not.toContain('precondition_missing_412');
  });

  it('names one that answers 412', async () => {
    expect(await codes(true)).toContain('precondition_missing_412');
  });
});
