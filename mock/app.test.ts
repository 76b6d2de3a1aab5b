import fc from 'fast-check';
import request, { type Response } from 'supertest';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { bodyMutations, valueArbitrary } from '../spec/generate/index.js';
import { loadContract } from '../spec/index.js';
import { expressAround, type MockApp, type MockOptions } from './adapters/app.js';
import { mockListener } from './adapters/server.js';
import { createMockService } from './adapters/service.js';
import type { MockCore } from './pipeline/core.js';
import { conformanceChecker } from './test-support/conformant.js';

const contract = await loadContract();
const checker = conformanceChecker(contract);
const AUTH = { Authorization: 'Bearer dev-key' };
const newCategory = contract.operations.find((op) => op.id === 'createCategory')!.requestBody!.content[0]!.validator!;
const isValidNewCategory = (value: unknown) => newCategory.validate(value).length === 0;

interface Call {
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent as is, without JSON encoding. */
  raw?: string | Buffer;
}

type Target = Parameters<typeof request>[0];

// One suite, every entry path: the Express app embedders get, and the running server's listener
// (requests under the base path go straight to the steps, the rest to the app).
const ENTRY_PATHS: ReadonlyArray<[string, (core: MockCore, app: MockApp) => Target]> = [
  ['the Express app', (_core, app) => app],
  ["the server's direct path", (core) => mockListener(core)],
];

function client(target: Target) {
  return async (method: string, path: string, call: Call = {}): Promise<Response> => {
    let pending = request(target)[method.toLowerCase() as 'get'](path);
    for (const [name, value] of Object.entries(call.headers ?? {})) pending = pending.set(name, value);
    // serialize(identity): superagent would JSON-encode a Buffer sent as application/json.
    if (call.raw !== undefined) pending = pending.serialize((data: unknown) => data as string).send(call.raw as string);
    else if (call.body !== undefined)
      pending = pending
        .set('Content-Type', pending.get('Content-Type') ?? 'application/json')
        .send(JSON.stringify(call.body));
    const res = await pending;
    checker.expectConformant(res, method, path);
    return res;
  };
}

describe.each(ENTRY_PATHS)('through %s', (_name, entry) => {
  function mock(options: Partial<MockOptions> = {}) {
    const core = createMockService({ contract, ...options });
    const app = expressAround(core);
    const target = entry(core, app);
    return { app, target, call: client(target) };
  }

  const json = { ...AUTH, 'Content-Type': 'application/json' };

  let api: ReturnType<typeof mock>;
  beforeEach(() => {
    api = mock();
  });

  afterAll(() => {
    // Every test above sent its responses through the checker.
    expect(checker.checked).toBeGreaterThan(100);
  });

  describe('listing categories', () => {
    it('returns the seeded categories', async () => {
      const res = await api.call('GET', '/v1/categories', { headers: AUTH });
      expect(res.status).toBe(200);
      expect(res.body.map((c: { name: string }) => c.name)).toEqual([
        'Dog',
        'Cat',
        'Rabbit',
        'Bird',
        'Fish',
        'Reptile',
        'Hamster',
        'Guinea pig',
      ]);
    });

    it('starts empty when asked to', async () => {
      const { call } = mock({ seed: null });
      expect((await call('GET', '/v1/categories', { headers: AUTH })).body).toEqual([]);
    });

    it('ignores query parameters the document does not define', async () => {
      expect((await api.call('GET', '/v1/categories?limit=1', { headers: AUTH })).body).toHaveLength(8);
    });

    it('answers HEAD like GET, without a body', async () => {
      const res = await request(api.target).head('/v1/categories').set(AUTH);
      expect(res.status).toBe(200);
      expect(res.text ?? '').toBe('');
    });
  });

  describe('authentication', () => {
    it.each([
      ['no header', {}],
      ['another scheme', { Authorization: 'Basic ZGV2LWtleQ==' }],
      ['the key without a scheme', { Authorization: 'dev-key' }],
      ['an empty bearer', { Authorization: 'Bearer' }],
      ['a wrong key', { Authorization: 'Bearer nope' }],
      ['a key with a character added', { Authorization: 'Bearer dev-keyx' }],
      ['a key with a character removed', { Authorization: 'Bearer dev-ke' }],
      ['a key in another case', { Authorization: 'Bearer DEV-KEY' }],
    ])('rejects %s with 401 and a Bearer challenge', async (_label, headers) => {
      const res = await api.call('GET', '/v1/categories', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'unauthorized', status: 401 });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    });

    it('accepts the scheme in any letter case', async () => {
      expect((await api.call('GET', '/v1/categories', { headers: { Authorization: 'bearer dev-key' } })).status).toBe(
        200,
      );
    });

    it('checks credentials before looking at the body', async () => {
      const res = await api.call('POST', '/v1/categories', {
        headers: { 'Content-Type': 'application/json' },
        raw: '{"name": ',
      });
      expect(res.status).toBe(401);
    });

    it('accepts every configured key and no other', async () => {
      const { call } = mock({ apiKeys: ['alpha', 'beta'] });
      expect((await call('GET', '/v1/categories', { headers: { Authorization: 'Bearer beta' } })).status).toBe(200);
      expect((await call('GET', '/v1/categories', { headers: AUTH })).status).toBe(401);
    });

    it('requires the key on unspecified operations too', async () => {
      expect((await api.call('GET', '/v1/store/orders')).status).toBe(401);
    });
  });

  describe('creating a category', () => {
    it('assigns an id, echoes the fields and lists the category next', async () => {
      const res = await api.call('POST', '/v1/categories', {
        headers: json,
        body: { name: 'Ferret', description: 'Mustelids.' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: 9, name: 'Ferret', description: 'Mustelids.' });
      const list = await api.call('GET', '/v1/categories', { headers: AUTH });
      expect(list.body.at(-1)).toEqual(res.body);
    });

    it('ignores a client-sent id, even one that collides', async () => {
      const res = await api.call('POST', '/v1/categories', { headers: json, body: { name: 'Ferret', id: 1 } });
      expect(res.body.id).toBe(9);
      const list = await api.call('GET', '/v1/categories', { headers: AUTH });
      expect(list.body[0]).toEqual({ id: 1, name: 'Dog', description: 'Dogs of every breed.' });
    });

    it('keeps only the fields of the schema, and a __proto__ key never reaches a prototype', async () => {
      const res = await api.call('POST', '/v1/categories', {
        headers: json,
        raw: '{"name":"x","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: 9, name: 'x' });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('accepts a charset parameter in the Content-Type', async () => {
      expect(
        (
          await api.call('POST', '/v1/categories', {
            headers: { ...AUTH, 'Content-Type': 'application/json; charset=UTF-8' },
            body: { name: 'a' },
          })
        ).status,
      ).toBe(201);
    });

    it('assigns unique, increasing ids to concurrent creations and loses none', async () => {
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          api.call('POST', '/v1/categories', { headers: json, body: { name: `c${i}` } }),
        ),
      );
      const ids = results.map((r) => r.body.id as number);
      expect(new Set(ids).size).toBe(50);
      const list = await api.call('GET', '/v1/categories', { headers: AUTH });
      expect(list.body).toHaveLength(58);
      for (const r of results) expect(list.body).toContainEqual(r.body);
    });

    it('refuses creations past the store cap with a code of its own', async () => {
      const { call } = mock({ maxItems: 9 });
      expect((await call('POST', '/v1/categories', { headers: json, body: { name: 'ninth' } })).status).toBe(201);
      const full = await call('POST', '/v1/categories', { headers: json, body: { name: 'tenth' } });
      expect(full.status).toBe(400);
      expect(full.body.code).toBe('store_full');
    });
  });

  describe('bad bodies get 400 with a code of their own', () => {
    it.each([
      ['malformed JSON', { raw: '{"name": "x"', headers: json }, 'malformed_json'],
      ['an empty body', { raw: '', headers: json }, 'empty_body'],
      ['whitespace only', { raw: '  \n', headers: json }, 'empty_body'],
      [
        'a text/plain body',
        { raw: '{"name":"x"}', headers: { ...AUTH, 'Content-Type': 'text/plain' } },
        'unsupported_media_type',
      ],
      ['no Content-Type', { raw: Buffer.from('{"name":"x"}'), headers: AUTH }, 'unsupported_media_type'],
      [
        'a Latin-1 charset',
        { raw: '{"name":"x"}', headers: { ...AUTH, 'Content-Type': 'application/json; charset=latin1' } },
        'unsupported_charset',
      ],
      [
        'invalid UTF-8',
        { raw: Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), headers: json },
        'invalid_encoding',
      ],
      ['a number for name', { body: { name: 5 }, headers: json }, 'invalid_body'],
      ['null for description', { body: { name: 'x', description: null }, headers: json }, 'invalid_body'],
      ['no name', { body: { description: 'x' }, headers: json }, 'invalid_body'],
      ['an array', { body: [{ name: 'x' }], headers: json }, 'invalid_body'],
      ['a string', { body: 'x', headers: json }, 'invalid_body'],
      ['null', { raw: 'null', headers: json }, 'invalid_body'],
    ] as Array<[string, Call, string]>)('%s', async (_label, call, code) => {
      const res = await api.call('POST', '/v1/categories', call);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
    });

    it('names the field and the problem', async () => {
      const res = await api.call('POST', '/v1/categories', { headers: json, body: { name: 5 } });
      expect(res.body.message).toContain('/name must be string');
      const missing = await api.call('POST', '/v1/categories', { headers: json, body: {} });
      expect(missing.body.message).toContain('/name is required');
    });

    it('refuses a body over the size limit', async () => {
      const { call } = mock({ bodyLimitBytes: 100 });
      const res = await call('POST', '/v1/categories', { headers: json, body: { name: 'x'.repeat(200) } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('payload_too_large');
    });
  });

  describe('off the contract', () => {
    it('answers an unknown path with 404 Error', async () => {
      const res = await api.call('GET', '/v1/dogs', { headers: AUTH });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
      expect((await api.call('GET', '/categories', { headers: AUTH })).status).toBe(404);
    });

    it('answers another method with 405 Error and an Allow header', async () => {
      const res = await api.call('DELETE', '/v1/categories', { headers: AUTH });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, POST, HEAD');
    });

    it('answers unspecified operations with another error status when asked', async () => {
      const { call } = mock({ unspecifiedStatus: 404 });
      const res = await call('GET', '/v1/store/orders', { headers: AUTH });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('unspecified_operation');
    });

    it('answers unspecified operations with 501 Error', async () => {
      for (const path of ['/v1/pets/7', '/v1/store/orders']) {
        const res = await api.call('GET', path, { headers: AUTH });
        expect(res.status).toBe(501);
        expect(res.body.code).toBe('not_implemented');
      }
    });
  });

  describe('frontend work', () => {
    const origin = 'http://localhost:5173';

    it('reflects the origin, on errors too', async () => {
      const ok = await api.call('GET', '/v1/categories', { headers: { ...AUTH, Origin: origin } });
      expect(ok.headers['access-control-allow-origin']).toBe(origin);
      const denied = await api.call('GET', '/v1/categories', { headers: { Origin: origin } });
      expect(denied.headers['access-control-allow-origin']).toBe(origin);
      expect(denied.headers['access-control-expose-headers']).toContain('WWW-Authenticate');
    });

    it('answers a preflight without a key', async () => {
      const res = await request(api.target).options('/v1/categories').set({
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type',
      });
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-methods']).toContain('POST');
      expect(res.headers['access-control-allow-headers']).toMatch(/authorization/i);
      expect(res.headers['access-control-allow-headers']).toMatch(/content-type/i);
    });

    it('keeps to an allow-list of origins', async () => {
      const { call } = mock({ cors: { origins: ['https://app.example'] } });
      expect(
        (await call('GET', '/v1/categories', { headers: { ...AUTH, Origin: 'https://app.example' } })).headers[
          'access-control-allow-origin'
        ],
      ).toBe('https://app.example');
      expect(
        (await call('GET', '/v1/categories', { headers: { ...AUTH, Origin: 'https://evil.example' } })).headers[
          'access-control-allow-origin'
        ],
      ).toBeUndefined();
    });

    it('forces a documented status with Prefer, and ignores an undocumented one', async () => {
      const forced = await api.call('GET', '/v1/categories', { headers: { ...AUTH, Prefer: 'code=401' } });
      expect(forced.status).toBe(401);
      expect(forced.headers['preference-applied']).toBe('code=401');
      const bad = await api.call('POST', '/v1/categories', {
        headers: { ...json, Prefer: 'code=400' },
        body: { name: 'x' },
      });
      expect(bad.status).toBe(400);
      const ignored = await api.call('GET', '/v1/categories', { headers: { ...AUTH, Prefer: 'code=500' } });
      expect(ignored.status).toBe(200);
      expect(ignored.headers['preference-applied']).toBeUndefined();
    });

    it('serves the document as YAML and JSON', async () => {
      const yaml = await request(api.target).get('/openapi.yaml');
      expect(yaml.text).toContain('operationId: listCategories');
      const doc = await request(api.target).get('/openapi.json');
      expect(doc.body.info.version).toBe('1.0.0');
    });
  });

  describe('sessions isolate parallel tests', () => {
    it('gives each session its own copy of the seed', async () => {
      await api.call('POST', '/v1/categories', {
        headers: { ...json, 'X-Mock-Session': 'a' },
        body: { name: 'only in a' },
      });
      const a = await api.call('GET', '/v1/categories', { headers: { ...AUTH, 'X-Mock-Session': 'a' } });
      const b = await api.call('GET', '/v1/categories', { headers: { ...AUTH, 'X-Mock-Session': 'b' } });
      const shared = await api.call('GET', '/v1/categories', { headers: AUTH });
      expect(a.body).toHaveLength(9);
      expect(b.body).toHaveLength(8);
      expect(shared.body).toHaveLength(8);
    });

    it('resets one session or all, behind the key', async () => {
      await api.call('POST', '/v1/categories', { headers: { ...json, 'X-Mock-Session': 'a' }, body: { name: 'x' } });
      await api.call('POST', '/v1/categories', { headers: json, body: { name: 'y' } });
      expect((await request(api.target).post('/__mock/reset')).status).toBe(401);
      const one = await request(api.target)
        .post('/__mock/reset')
        .set({ ...AUTH, 'X-Mock-Session': 'a' });
      expect(one.body).toEqual({ reset: 'session', session: 'a' });
      expect(
        (await api.call('GET', '/v1/categories', { headers: { ...AUTH, 'X-Mock-Session': 'a' } })).body,
      ).toHaveLength(8);
      expect((await api.call('GET', '/v1/categories', { headers: AUTH })).body).toHaveLength(9);
      await request(api.target).post('/__mock/reset').set(AUTH);
      expect((await api.call('GET', '/v1/categories', { headers: AUTH })).body).toHaveLength(8);
    });
  });

  describe('properties', () => {
    it('any schema-valid NewCategory gets 201, echoed, and is listed next', async () => {
      const bodies = valueArbitrary(newCategory.schema, { style: 'wild' });
      await fc.assert(
        fc.asyncProperty(bodies, async (body) => {
          const { call } = mock();
          const res = await call('POST', '/v1/categories', { headers: json, body });
          expect(res.status).toBe(201);
          const { id, ...fields } = res.body as Record<string, unknown>;
          expect(fields).toEqual(body);
          const list = await call('GET', '/v1/categories', { headers: AUTH });
          expect(list.body).toContainEqual({ id, ...(body as object) });
        }),
        { numRuns: 60 },
      );
    });

    it('any invalid body gets 400 Error and leaves the list unchanged', async () => {
      const { call } = mock();
      const before = (await call('GET', '/v1/categories', { headers: AUTH })).text;
      const baseline = { name: 'Dog' };
      const mutations = bodyMutations(newCategory.schema, isValidNewCategory, baseline);
      const cases = fc.tuple(valueArbitrary(newCategory.schema, { style: 'wild' }), fc.constantFrom(...mutations));
      await fc.assert(
        fc.asyncProperty(cases, async ([valid, mutation]) => {
          const payload = mutation.apply(valid);
          fc.pre(payload.kind === 'raw' || !isValidNewCategory(payload.value));
          const res = await call('POST', '/v1/categories', {
            headers: json,
            raw: payload.kind === 'raw' ? payload.text : JSON.stringify(payload.value),
          });
          expect(res.status).toBe(400);
          expect(res.body.status).toBe(400);
        }),
        { numRuns: 80 },
      );
      expect((await call('GET', '/v1/categories', { headers: AUTH })).text).toBe(before);
    });
  });
});
