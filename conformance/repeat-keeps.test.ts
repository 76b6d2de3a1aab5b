// Writes the words say change nothing when repeated: "Adding a tag the note has already changes
// nothing", "Deleting an archived note again answers `204` and changes nothing (`archivedAt` keeps
// its first value)". The run sends each twice and reads the note after each. A desk that adds the
// tag twice, or stamps the archive time again, is named; one that answers the same is not.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const text = { type: 'string', minLength: 1, maxLength: 20 };
const note = {
  type: 'object',
  required: ['id', 'title', 'tags', 'archivedAt'],
  properties: {
    id: { type: 'string', readOnly: true },
    title: text,
    tags: { type: 'array', items: { type: 'string' }, readOnly: true },
    archivedAt: { type: 'string', format: 'date-time', nullable: true, readOnly: true },
  },
};
const input = (name: string) => ({
  type: 'object',
  additionalProperties: false,
  required: [name],
  properties: { [name]: text },
});
const at = [{ name: 'noteId', in: 'path', required: true, schema: { type: 'string' } }];

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'notes', version: '1' },
  paths: {
    '/notes': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: note }) } } },
      post: {
        requestBody: { required: true, content: json(input('title')) },
        responses: { '201': { description: 'made', content: json(note) }, '400': none },
      },
    },
    '/notes/{noteId}': {
      parameters: at,
      get: { responses: { '200': { description: 'one, archived too', content: json(note) }, '404': none } },
      delete: {
        summary: 'Archive a note',
        description:
          'Sets `archivedAt`; the note stays readable. Deleting an archived note again answers `204` and changes nothing (`archivedAt` keeps its first value).',
        responses: { '204': { description: 'archived' }, '404': none },
      },
    },
    '/notes/{noteId}/tags': {
      parameters: at,
      post: {
        operationId: 'tagNote',
        description: 'Adds `tag` to the note. Adding a tag the note has already changes nothing.',
        requestBody: { required: true, content: json(input('tag')) },
        responses: { '200': { description: 'tagged', content: json(note) }, '400': none, '404': none },
      },
    },
  },
});

type Note = { id: string; title: string; tags: string[]; archivedAt: string | null };
type Fault = 'tags twice' | 'archives again' | undefined;

function desk(fault: Fault) {
  const notes = new Map<string, Note>();
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
    if (root !== 'notes' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...notes.values()]);
      if (!valid(body, 'title')) return sendJson(res, 400, {});
      const made = { id: `n${++last}`, title: String(body!.title), tags: [], archivedAt: null };
      notes.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = notes.get(decodeURIComponent(key));
    if (!found) return sendJson(res, 404, {});
    if (verb === undefined && req.method === 'GET') return sendJson(res, 200, found);
    if (verb === undefined && req.method === 'DELETE') {
      // A later instant each time, as a clock would give one.
      const now = new Date(Date.now() + last++ * 1000).toISOString();
      found.archivedAt = fault === 'archives again' ? now : (found.archivedAt ?? now);
      return sendJson(res, 204);
    }
    if (verb !== 'tags' || req.method !== 'POST') return sendJson(res, 404, {});
    if (!valid(body, 'tag')) return sendJson(res, 400, {});
    const tag = String(body!.tag);
    if (fault === 'tags twice' || !found.tags.includes(tag)) found.tags.push(tag);
    return sendJson(res, 200, found);
  };
}

const run = (fault?: Fault) => runConformance({ target: { app: desk(fault) }, contract, seed: 6 });

describe('writes the words say change nothing when repeated', () => {
  it('reads the tagging and the deletion as such', () => {
    const notes = inferApiModel(contract).resources.find((r) => r.collection.path === '/notes');
    expect(notes?.idioms.keptOnRepeat?.map(({ verb }) => verb)).toEqual(['tags', 'delete']);
  });

  it('reads nothing from a refusal\'s words ("`409` (nothing changes) when the note is already archived")', () => {
    const refusal = inferApiModel(
      contractFromDocument({
        ...(contract.document as Record<string, unknown>),
        paths: {
          ...(contract.document.paths as Record<string, unknown>),
          '/notes/{noteId}/tags': {
            parameters: at,
            post: {
              description: 'Adds `tag` to the note; `409` (nothing changes) when the note is already archived.',
              requestBody: { required: true, content: json(input('tag')) },
              responses: { '200': { description: 'tagged', content: json(note) }, '409': none },
            },
          },
        },
      }),
    ).resources.find((r) => r.collection.path === '/notes');
    expect(refusal?.idioms.keptOnRepeat?.map(({ verb }) => verb)).toEqual(['delete']);
  });

  it('passes a desk that keeps the note as it was, with both steps run', async () => {
    const result = await run();
    expect(result.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((u) => u.scenario === 'repeats')).toEqual([]);
  });

  it.each([
    ['tags twice', 'tags'],
    ['archives again', 'archivedAt'],
  ] as const)('names a desk that %s', async (fault, member) => {
    const found = (await run(fault)).violations.filter((v) => v.code === 'repeat_changed_item');
    expect(found.map((v) => v.message).join('\n')).toContain(member);
  });
});
