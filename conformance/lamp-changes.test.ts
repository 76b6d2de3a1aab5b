// Changes to an item whose writable members are few. An ETag that follows the content stays put when
// a change stores what the item already holds: the ETag sequence's change must move a value (a
// colour of two drawn at random is the item's own half of the time). A merge patch's null must
// remove a member even after a replacement left every optional member out: one is set again first.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const color = { type: 'string', enum: ['red', 'green'] };
const note = { type: 'string', minLength: 1, maxLength: 40 };
const idParameter = [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }];
const ifMatch = { name: 'If-Match', in: 'header', schema: { type: 'string' } };

/** Lamps with a colour, and a note where `noted`. */
const documentOf = (noted: boolean) => {
  const writable = noted ? { color, note } : { color };
  const lamp = {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'color'],
    properties: { id: { type: 'integer', readOnly: true }, ...writable },
  };
  const etag = { ETag: { required: true, schema: { type: 'string' } } };
  const answer = (description: string) => ({ description, headers: etag, content: json(lamp) });
  const body = (required: string[]) =>
    json({ type: 'object', additionalProperties: false, required, properties: writable });
  const patched = noted ? { color, note: { ...note, nullable: true } } : { color };
  return contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'lamps', version: '1' },
    paths: {
      '/lamps': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: lamp }) } } },
        post: {
          requestBody: { required: true, content: body(['color']) },
          responses: { '201': answer('made'), '400': { description: 'bad' } },
        },
      },
      '/lamps/{id}': {
        parameters: idParameter,
        get: { responses: { '200': answer('one'), '404': { description: 'none' } } },
        put: {
          description: 'Replaces the lamp. A writable member that is not sent is removed.',
          parameters: [ifMatch],
          requestBody: { required: true, content: body(['color']) },
          responses: {
            '200': answer('replaced'),
            '400': { description: 'bad' },
            '404': { description: 'none' },
            '412': { description: 'stale' },
          },
        },
        patch: {
          description: 'A JSON merge patch (RFC 7396): a member sent as null is removed.',
          parameters: [ifMatch],
          requestBody: {
            required: true,
            content: {
              'application/merge-patch+json': {
                schema: {
                  type: 'object',
                  additionalProperties: false,
                  properties: patched,
                },
              },
            },
          },
          responses: {
            '200': answer('changed'),
            '400': { description: 'bad' },
            '404': { description: 'none' },
            '412': { description: 'stale' },
          },
        },
        delete: { responses: { '204': { description: 'gone' }, '404': { description: 'none' } } },
      },
    },
  });
};

type Fault = 'null-stored';
type Lamp = { id: number; color: string; note?: string | null };

function lamps(fault?: Fault) {
  const stored = new Map<number, Lamp>();
  let last = 0;
  // The ETag follows the content: a change that stores what the lamp holds keeps it.
  const tagOf = (item: Lamp) => `"${createHash('sha1').update(JSON.stringify(item)).digest('hex')}"`;
  const send = (res: ServerResponse, status: number, item?: Lamp) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (item) headers.etag = tagOf(item);
    res.writeHead(status, headers).end(item ? JSON.stringify(item) : status === 204 ? '' : '{}');
  };
  const valid = (given: Record<string, unknown> | undefined, whole: boolean, nulls: boolean) =>
    given !== undefined &&
    Object.keys(given).every((name) => name === 'color' || name === 'note') &&
    (given.color === undefined ? !whole : given.color === 'red' || given.color === 'green') &&
    (given.note === undefined ||
      (given.note === null && nulls) ||
      (typeof given.note === 'string' && given.note.length >= 1 && given.note.length <= 40));
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const [collection, idText, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (collection !== 'lamps' || rest.length > 0) return send(res, 404);
    if (idText === undefined) {
      if (req.method === 'GET')
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([...stored.values()]));
      if (req.method !== 'POST') return send(res, 405);
      const given = parseObject(text);
      if (!valid(given, true, false)) return send(res, 400);
      const item: Lamp = {
        id: ++last,
        color: String(given!.color),
        ...(given!.note ? { note: String(given!.note) } : {}),
      };
      stored.set(item.id, item);
      return send(res, 201, item);
    }
    const old = /^[1-9][0-9]{0,8}$/.test(idText) ? stored.get(Number(idText)) : undefined;
    if (!old) return send(res, 404);
    if (req.method === 'GET') return send(res, 200, old);
    if (req.method === 'DELETE') return stored.delete(old.id) ? send(res, 204) : send(res, 404);
    if (req.method !== 'PUT' && req.method !== 'PATCH') return send(res, 405);
    const match = req.headers['if-match'];
    if (match !== undefined && match !== '*' && match !== tagOf(old)) return send(res, 412);
    const given = parseObject(text);
    if (!valid(given, req.method === 'PUT', req.method === 'PATCH')) return send(res, 400);
    const merged: Lamp = req.method === 'PUT' ? { id: old.id, color: String(given!.color) } : { ...old };
    if (typeof given!.note === 'string') merged.note = given!.note;
    if (req.method === 'PATCH' && typeof given!.color === 'string') merged.color = given!.color;
    if (given!.note === null) {
      if (fault === 'null-stored') merged.note = null;
      else delete merged.note;
    }
    stored.set(old.id, merged);
    return send(res, 200, merged);
  };
}

const run = (seed: number, noted: boolean, fault?: Fault) =>
  runConformance({ target: { app: lamps(fault) }, contract: documentOf(noted), seed });

describe('changes to a lamp with few writable members', () => {
  it('pass a service whose ETag follows the content, whichever colour the run draws', async () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const result = await run(seed, false);
      expect({ seed, findings: result.violations.map((v) => `${v.code}: ${v.message}`) }).toEqual({
        seed,
        findings: [],
      });
    }
  });

  it('names a merge patch null stored as null after a replacement removed the optional member', async () => {
    const result = await run(3, true, 'null-stored');
    expect(result.violations.map((v) => v.message).join('\n')).toMatch(/note/);
  });
});
