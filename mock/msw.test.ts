// The MSW handlers as a frontend's unit test meets them: setupServer with the contract handlers,
// plain fetch to the document's production URL, nothing listening anywhere.
import { readFileSync } from 'node:fs';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultSpecPath, loadContract } from '../spec/index.js';
import { contractHandlers } from './msw.js';

const KEY = 'unit-test-key';
const handlers = await contractHandlers({ apiKeys: [KEY] });
const server = setupServer(...handlers);
const base = 'https://production.invalid/v1';
const auth = { Authorization: `Bearer ${KEY}` };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => handlers.reset());

describe('contractHandlers', () => {
  it('answers under the document’s first server URL by default', () => {
    expect(handlers.baseUrl).toBe(base);
    // One handler per operation, and one for the rest of the base path.
    expect(handlers).toHaveLength(handlers.contract.operations.length + 1);
  });

  it('lists, creates and reads back, with the state a real service keeps', async () => {
    const before = (await (await fetch(`${base}/categories`, { headers: auth })).json()) as Array<{ name: string }>;
    expect(before.length).toBeGreaterThan(0);
    const created = await fetch(`${base}/categories`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Hamsters', description: 'Small and round.' }),
    });
    expect(created.status).toBe(201);
    const item = (await created.json()) as { id: number; name: string; description: string };
    expect(item).toMatchObject({ name: 'Hamsters', description: 'Small and round.' });
    const after = (await (await fetch(`${base}/categories`, { headers: auth })).json()) as Array<{ id: number }>;
    expect(after).toHaveLength(before.length + 1);
    expect(after.map((category) => category.id)).toContain(item.id);
  });

  it('refuses a request without the key: 401 in the document’s Error shape, with a challenge', async () => {
    const response = await fetch(`${base}/categories`);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const body = (await response.json()) as { code: string; message: string; status: number };
    expect(body).toMatchObject({ status: 401 });
    expect(Object.keys(body).sort()).toEqual(['code', 'message', 'status']);
  });

  it('refuses an invalid body with a 400 Error and stores nothing', async () => {
    const response = await fetch(`${base}/categories`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 42 }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400, code: expect.any(String) });
    const list = (await (await fetch(`${base}/categories`, { headers: auth })).json()) as unknown[];
    expect(list.some((category) => (category as { name: unknown }).name === 42)).toBe(false);
  });

  it('answers an undocumented path under the base with the mock’s 404 Error', async () => {
    const response = await fetch(`${base}/nothing-here`, { headers: auth });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404 });
  });

  it('keeps a journal of what was sent, the key redacted, and resets it', async () => {
    await fetch(`${base}/categories?limit=1`, { headers: auth });
    const [entry] = handlers.requests();
    expect(entry).toMatchObject({ method: 'GET', path: '/v1/categories', status: 200 });
    expect(JSON.stringify(handlers.requests())).not.toContain(KEY);
    handlers.reset();
    expect(handlers.requests()).toEqual([]);
  });

  it('forces a documented status with Prefer: code=', async () => {
    const response = await fetch(`${base}/categories`, { headers: { ...auth, Prefer: 'code=401' } });
    expect(response.status).toBe(401);
  });
});

describe('contractHandlers options', () => {
  it('serves another document at a given base, with its own session and an empty store', async () => {
    const contract = await loadContract('fixtures/library-openapi.yaml');
    const library = await contractHandlers({
      contract,
      apiKeys: [KEY],
      baseUrl: 'http://localhost:5173/api',
      session: 'alice',
      seed: null,
    });
    const local = setupServer(...library);
    server.close();
    local.listen({ onUnhandledRequest: 'error' });
    try {
      const list = contract.operations.find((operation) => operation.method === 'GET' && !operation.path.includes('{'));
      expect(list).toBeDefined();
      const response = await fetch(`http://localhost:5173/api${list!.path}`, { headers: auth });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([]);
      expect(library.requests()).toHaveLength(1);
      expect(library.requests('')).toHaveLength(0);
    } finally {
      local.close();
      server.listen({ onUnhandledRequest: 'error' });
    }
  });

  it('answers a relative base on any origin, and leaves other paths alone', async () => {
    const relative = await contractHandlers({ apiKeys: [KEY], baseUrl: '/api/' });
    expect(relative.baseUrl).toBe('/api');
    const local = setupServer(...relative);
    server.close();
    local.listen({ onUnhandledRequest: 'error' });
    try {
      for (const origin of ['http://localhost:5173', 'https://app.example.test']) {
        const response = await fetch(`${origin}/api/categories`, { headers: auth });
        expect(response.status).toBe(200);
      }
      await expect(fetch('http://localhost:5173/other/categories', { headers: auth })).rejects.toThrow();
    } finally {
      local.close();
      server.listen({ onUnhandledRequest: 'error' });
    }
  });

  it('fetches a document from a URL (YAML as published)', async () => {
    const published = 'https://docs.invalid/pet-catalog/openapi.yaml';
    server.use(http.get(published, () => HttpResponse.text(readFileSync(defaultSpecPath(), 'utf8'))));
    const fetched = await contractHandlers({ document: published, baseUrl: 'https://other.invalid/v1' });
    expect(fetched.contract.operations.map((operation) => operation.id)).toEqual(
      handlers.contract.operations.map((operation) => operation.id),
    );
    expect(fetched.baseUrl).toBe('https://other.invalid/v1');
  });

  it('takes a document as an object, and refuses one that names other files', async () => {
    const document = structuredClone(handlers.contract.document) as Record<string, unknown>;
    const fromObject = await contractHandlers({ document });
    expect(fromObject.contract.operations.map((operation) => operation.id)).toEqual(
      handlers.contract.operations.map((operation) => operation.id),
    );
    const split = { ...document, components: { schemas: { Category: { $ref: 'schemas/category.yaml' } } } };
    await expect(contractHandlers({ document: split })).rejects.toThrow(/names another file/);
  });
});
