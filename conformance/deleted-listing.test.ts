// A list's switch for deleted items: notes deleted softly are left out of the list, and listed again
// with `includeDeleted=true`. A desk that honours the switch passes; one that ignores it is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const note = {
  type: 'object',
  required: ['id', 'text'],
  properties: {
    id: { type: 'string', readOnly: true },
    text: { type: 'string', minLength: 1, maxLength: 30 },
    deletedAt: { type: 'string', format: 'date-time', nullable: true, readOnly: true },
  },
};
const noteId = [{ name: 'noteId', in: 'path', required: true, schema: { type: 'string' } }];
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'notes', version: '1' },
  paths: {
    '/notes': {
      get: {
        parameters: [
          {
            name: 'includeDeleted',
            in: 'query',
            description: 'Also list soft-deleted notes.',
            schema: { type: 'boolean', default: false },
          },
        ],
        responses: { '200': { description: 'all', content: json({ type: 'array', items: note }) } },
      },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['text'],
            properties: { text: note.properties.text },
          }),
        },
        responses: { '201': { description: 'made', content: json(note) }, '400': { description: 'bad' } },
      },
    },
    '/notes/{noteId}': {
      parameters: noteId,
      get: { responses: { '200': { description: 'one', content: json(note) }, '404': { description: 'none' } } },
      delete: {
        description:
          'Soft deletion: `deletedAt` is set; the note then answers 404 and is listed only with `includeDeleted=true`.',
        responses: { '204': { description: 'gone' }, '404': { description: 'none' } },
      },
    },
  },
});

/** A note desk; `ignored` plants the fault: the switch lists deleted notes nowhere. */
function desk(ignored = false) {
  const notes: { id: string; text: string; deletedAt: string | null }[] = [];
  const send = sendJson;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const url = new URL(req.url ?? '/', 'http://desk');
    const [top, id, ...rest] = url.pathname.split('/').filter(Boolean);
    if (top !== 'notes' || rest.length > 0) return send(res, 404, {});
    if (id === undefined && req.method === 'GET') {
      const flag = url.searchParams.get('includeDeleted');
      if (flag !== null && flag !== 'true' && flag !== 'false') return send(res, 400, {});
      const all = flag === 'true' && !ignored;
      return send(
        res,
        200,
        notes.filter((one) => all || one.deletedAt === null),
      );
    }
    if (id === undefined && req.method === 'POST') {
      const text = body?.text;
      if (typeof text !== 'string' || text.length < 1 || [...text].length > 30 || Object.keys(body!).length !== 1)
        return send(res, 400, {});
      const made = { id: `n${notes.length + 1}`, text, deletedAt: null };
      notes.push(made);
      return send(res, 201, made);
    }
    const found = notes.find((one) => one.id === id && one.deletedAt === null);
    if (!found) return send(res, 404, {});
    if (req.method === 'GET') return send(res, 200, found);
    if (req.method !== 'DELETE') return send(res, 404, {});
    found.deletedAt = new Date().toISOString();
    return send(res, 204);
  };
}

const run = (ignored?: boolean) =>
  runConformance({ target: { app: desk(ignored) }, contract: document, seed: 2, runs: 5 });
const codes = (result: Awaited<ReturnType<typeof run>>) => result.violations.map((v) => v.code);

describe("a list's switch for deleted items", () => {
  it('passes a desk that lists a deleted note with includeDeleted=true', async () => {
    expect(codes(await run())).toEqual([]);
  });

  it('names a desk that ignores the switch', async () => {
    expect(codes(await run(true))).toContain('deleted_not_listed');
  });
});
