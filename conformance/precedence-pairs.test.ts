// Two faults at once beyond a missing parent, where the words rank them (`404` → `422` → `428` →
// `409`): a change of an item that does not exist with an invalid body is 404; an invalid body
// without its If-Match is 422; an invalid body holding a key in use is 422. A service that checks
// in another order tells the client the wrong fault.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument, precedenceOf } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'refused' };
const space = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'title'],
  properties: {
    key: { type: 'string', pattern: '^[a-z]{3,12}$' },
    title: { type: 'string', minLength: 1, maxLength: 40 },
  },
};
const change = {
  type: 'object',
  additionalProperties: false,
  properties: { title: { type: 'string', minLength: 1, maxLength: 40 } },
};
const key = { name: 'key', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z]{3,12}$' } };
const ifMatch = { name: 'If-Match', in: 'header', required: true, schema: { type: 'string' } };
const ORDER = 'Errors: `404` → `422` → `428`/`412` → `409`. A space `key` is chosen by the client.';

const document = {
  openapi: '3.0.3',
  info: { title: 'spaces', version: '1', description: ORDER },
  paths: {
    '/spaces': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: space }) } } },
      post: {
        requestBody: { required: true, content: json(space) },
        responses: {
          '201': { description: 'made', content: json(space) },
          '409': { description: 'The key is in use.' },
          '422': { description: 'The body breaks the schema.' },
        },
      },
    },
    '/spaces/{key}': {
      parameters: [key],
      get: { responses: { '200': { description: 'one', content: json(space) }, '404': none } },
      patch: {
        parameters: [ifMatch],
        requestBody: { required: true, content: json(change) },
        responses: {
          '200': { description: 'changed', content: json(space) },
          '404': none,
          '412': none,
          '422': { description: 'The body breaks the schema.' },
          '428': none,
        },
      },
    },
  },
};

type Fault = 'none' | 'conflict-first' | 'precondition-first' | 'lookup-last';

/** Spaces checked in the words' order, or (the fault) with one check moved ahead. */
function spaces(fault: Fault) {
  const items = new Map<string, { key: string; title: string }>();
  const title = (value: unknown) => typeof value === 'string' && value.length > 0 && [...value].length <= 40;
  const etag = (item: object) => `"${createHash('sha1').update(JSON.stringify(item)).digest('hex').slice(0, 12)}"`;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const body = parseObject(text);
    const [root, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'spaces' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...items.values()]);
      const keyOk = typeof body?.key === 'string' && /^[a-z]{3,12}$/.test(body.key);
      const inUse = keyOk && items.has(body!.key as string);
      if (fault === 'conflict-first' && inUse) return sendJson(res, 409, {});
      const extra = body ? Object.keys(body).some((member) => member !== 'key' && member !== 'title') : true;
      if (!body || !keyOk || !title(body.title) || extra) return sendJson(res, 422, {});
      if (inUse) return sendJson(res, 409, {});
      const made = { key: body.key as string, title: body.title as string };
      items.set(made.key, made);
      return sendJson(res, 201, made);
    }
    const found = items.get(decodeURIComponent(id));
    if (req.method === 'GET') {
      if (!found) return sendJson(res, 404, {});
      res.setHeader('etag', etag(found));
      return sendJson(res, 200, found);
    }
    if (req.method !== 'PATCH') return sendJson(res, 405, {});
    const invalid =
      !body || Object.keys(body).some((member) => member !== 'title') || ('title' in body && !title(body.title));
    if (fault === 'lookup-last' && invalid) return sendJson(res, 422, {});
    if (!found) return sendJson(res, 404, {});
    const condition = req.headers['if-match'];
    if (fault === 'precondition-first' && condition === undefined) return sendJson(res, 428, {});
    if (invalid) return sendJson(res, 422, {});
    if (condition === undefined) return sendJson(res, 428, {});
    if (condition !== '*' && condition !== etag(found)) return sendJson(res, 412, {});
    if (typeof body!.title === 'string') found.title = body!.title;
    res.setHeader('etag', etag(found));
    return sendJson(res, 200, found);
  };
}

const codesOf = async (fault: Fault) =>
  (
    await runConformance({ target: { app: spaces(fault) }, contract: contractFromDocument(document), seed: 5 })
  ).violations.map((violation) => `${violation.code} ${violation.operation}`);

describe('the order of refusals, pair by pair', () => {
  it('is read from a list after its opening line, from "the first of", and with a status named twice in a row', () => {
    const ranks = (words: string) => {
      const contract = contractFromDocument({ ...document, info: { ...document.info, description: words } });
      return precedenceOf(contract, contract.operations[0]!);
    };
    expect(
      ranks(
        'When a request has more than one thing wrong, you get the first one that applies:\n\n1. `401` - no key.\n2. `404` - no item; malformed ids are answered `404` too.\n3. `422` - a bad body.',
      ),
    ).toEqual([[401], [404], [422]]);
    expect(ranks('When several apply, the first of **401, 404, 422, 409** is answered.')).toEqual([
      [401],
      [404],
      [422],
      [409],
    ]);
    expect(
      ranks('Order of checks: authentication (401); path (404); body schema (422); other 422 rules; conflicts (409).'),
    ).toEqual([[401], [404], [422], [409]]);
  });

  it('passes spaces that check in the words order', async () => {
    expect(await codesOf('none')).toEqual([]);
  });

  it.each([
    ['conflict-first', 'a key in use checked before the body', 'validation_after_later_status POST /spaces'],
    ['precondition-first', 'If-Match checked before the body', 'validation_after_later_status PATCH /spaces/{key}'],
    ['lookup-last', 'the body checked before the item is looked up', 'precedence_not_followed PATCH /spaces/{key}'],
  ] as const)('names spaces with %s (%s)', async (fault, _why, expected) => {
    expect(await codesOf(fault)).toEqual([expected]);
  });
});
