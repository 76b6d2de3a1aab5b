// One strong ETag on two different bodies of the same URL (RFC 9110 §8.8.3) is caught on any read,
// the run's own reads included; a body that only differs in member order, a weak tag, or tags that
// follow the body are not.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';
import { etagConflictFindings } from './judge/etag-conflicts.js';
import { EtagMemory } from './judge/etag-memory.js';
import type { Exchange } from './send/http.js';

const exchange = (etag: string, body: unknown, url = 'http://127.0.0.1/v1/items/1'): Exchange => ({
  ok: true,
  ms: 1,
  request: { method: 'GET', url, headers: { accept: 'application/json' } },
  response: { status: 200, headers: { etag }, text: JSON.stringify(body), bytes: 1 },
});

const reordered = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(reordered)
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(
          Object.entries(value)
            .reverse()
            .map(([k, v]) => [k, reordered(v)]),
        )
      : value;

describe('the ETag memory', () => {
  it('takes the same value in any member order as one body', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const memory = new EtagMemory();
        memory.note(exchange('"a"', value));
        const again = exchange('"a"', reordered(value));
        memory.note(again);
        return memory.take(again) === undefined;
      }),
    );
  });

  it('names where two bodies under one strong tag differ, once', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (before, after) => {
        fc.pre(before !== after);
        const memory = new EtagMemory();
        memory.note(exchange('"a"', { id: 1, sold: before }));
        const later = exchange('"a"', { id: 1, sold: after });
        memory.note(later);
        expect(memory.take(later)).toEqual({ etag: '"a"', at: '/sold', before, after, members: ['sold'] });
        expect(memory.take(later)).toBeUndefined();
      }),
    );
  });

  it('forgets what a deletion ends: the URL deleted and those below it, not its neighbours', () => {
    const memory = new EtagMemory();
    const deletion: Exchange = {
      ok: true,
      ms: 1,
      request: { method: 'DELETE', url: 'http://127.0.0.1/v1/spaces/a', headers: {} },
      response: { status: 204, headers: {}, text: '', bytes: 0 },
    };
    memory.note(exchange('"v1"', { n: 1 }, 'http://127.0.0.1/v1/spaces/a/items/1'));
    memory.note(exchange('"v1"', { n: 1 }, 'http://127.0.0.1/v1/spaces/ab/items/1'));
    memory.note(deletion);
    const madeAgain = exchange('"v1"', { n: 2 }, 'http://127.0.0.1/v1/spaces/a/items/1');
    memory.note(madeAgain);
    expect(memory.take(madeAgain)).toBeUndefined();
    const neighbour = exchange('"v1"', { n: 2 }, 'http://127.0.0.1/v1/spaces/ab/items/1');
    memory.note(neighbour);
    expect(memory.take(neighbour)).toEqual(expect.objectContaining({ at: '/n' }));
  });

  it('leaves weak tags, other URLs and other tags alone', () => {
    const memory = new EtagMemory();
    memory.note(exchange('W/"a"', { sold: 1 }));
    memory.note(exchange('"b"', { sold: 1 }));
    const cases = [
      exchange('W/"a"', { sold: 2 }),
      exchange('"b"', { sold: 2 }, 'http://127.0.0.1/v1/items/2'),
      exchange('"c"', { sold: 2 }),
    ];
    for (const seen of cases) memory.note(seen);
    expect(cases.map((seen) => memory.take(seen))).toEqual([undefined, undefined, undefined]);
  });
});

const json = (schema: unknown) => ({ 'application/json': { schema } });
const item = {
  type: 'object',
  required: ['id', 'name', 'reads'],
  properties: { id: { type: 'integer' }, name: { type: 'string', maxLength: 20 }, reads: { type: 'integer' } },
};
const etagHeader = { ETag: { required: true, schema: { type: 'string' } } };
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'read counters', version: '1' },
  paths: {
    '/items': {
      get: { responses: { '200': { description: 'ok', content: json({ type: 'array', items: item }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['name'],
            additionalProperties: false,
            properties: { name: item.properties.name },
          }),
        },
        responses: { '201': { description: 'made', content: json(item) }, '400': { description: 'bad' } },
      },
    },
    '/items/{id}': {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': { description: 'ok', headers: etagHeader, content: json(item) },
          '404': { description: 'none' },
        },
      },
    },
  },
});

/** Items that count their reads; `tagOfBody` false is the fault: one strong tag per item, whatever it shows. */
function counters(tagOfBody: boolean) {
  const all: Array<{ id: number; name: string; reads: number }> = [];
  const send = (res: ServerResponse, status: number, body: unknown, etag?: string) =>
    res.writeHead(status, { 'content-type': 'application/json', ...(etag ? { etag } : {}) }).end(JSON.stringify(body));
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method === 'GET' && path === '/items') return send(res, 200, all);
    const one = /^\/items\/(\d+)$/.exec(path);
    if (req.method === 'GET' && one) {
      const found = all.find((it) => it.id === Number(one[1]));
      if (!found) return send(res, 404, {});
      found.reads++;
      const tag = tagOfBody ? createHash('sha1').update(JSON.stringify(found)).digest('hex') : `item-${found.id}`;
      return send(res, 200, found, `"${tag}"`);
    }
    if (req.method !== 'POST' || path !== '/items') return send(res, 404, {});
    const body = parseObject(text);
    const valid =
      body !== undefined &&
      Object.keys(body).every((key) => key === 'name') &&
      typeof body.name === 'string' &&
      body.name.length <= 20;
    if (!body || !valid) return send(res, 400, {});
    const made = { id: all.length + 1, name: body.name as string, reads: 0 };
    all.push(made);
    send(res, 201, made);
  };
}

const codes = async (tagOfBody: boolean) =>
  (await runConformance({ target: { app: counters(tagOfBody) }, contract, seed: 7, runs: 5 })).violations.map(
    (violation) => violation.code,
  );

/** The severity of a conflict on `members`, for a read whose answers declare `headers`, in a
 * document whose overview says `overview`. */
const judged = (members: string[], headers = [{ name: 'ETag' }], overview = '') =>
  etagConflictFindings(
    {
      facts: { etagConflict: { etag: '"r1"', at: `/${members[0]}`, before: 0, after: 1, members } },
      testCase: { operation: { description: '', responses: [{ description: 'ok', headers }] } },
      contract: { document: { info: { description: overview } } },
    } as never,
    undefined,
  )?.map((found) => found.severity ?? 'failure');

describe('one strong ETag for two bodies, through a run', () => {
  it('passes a service whose tag follows the body', async () => {
    expect(await codes(true)).not.toContain('etag_kept_for_another_body');
  });

  it('catches a tag kept while the body changed', async () => {
    expect(await codes(false)).toContain('etag_kept_for_another_body');
  });

  it('says, not fails, a tag kept where only counts others move differ', () => {
    expect(judged(['comment_count'])).toEqual(['note']);
    expect(judged(['comment_count', 'title'])).toEqual(['failure']);
    expect(judged(['status'])).toEqual(['failure']);
  });

  it('says, not fails, a tag the document neither declares nor speaks of', () => {
    expect(judged(['status'], [])).toEqual(['note']);
    expect(judged(['status'], [], 'Every read answers an ETag.')).toEqual(['failure']);
  });
});
