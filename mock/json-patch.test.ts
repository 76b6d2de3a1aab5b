// A PATCH sent as application/json-patch+json (RFC 6902), through HTTP: operations applied in
// order to the item, all or nothing; a patch that does not apply is a 409 and changes nothing.
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../spec/index.js';
import { createMockApp } from './index.js';

const DOCUMENT = fileURLToPath(new URL('../fixtures/documents/json-patch-openapi.yaml', import.meta.url));
const AUTH = { Authorization: 'Bearer dev-key' };
const contract = await loadContract(DOCUMENT);

async function taskApp() {
  const app = createMockApp({ contract, seed: null });
  const created = await request(app)
    .post('/v1/tasks')
    .set(AUTH)
    .send({ title: 'Write', notes: 'draft', tags: ['a', 'b'] });
  expect(created.status).toBe(201);
  return { app, path: `/v1/tasks/${created.body.id}`, task: created.body as Record<string, unknown> };
}

const jsonPatch = (app: Parameters<typeof request>[0], path: string, body: unknown) =>
  request(app).patch(path).set(AUTH).set('Content-Type', 'application/json-patch+json').send(JSON.stringify(body));

describe('PATCH as application/json-patch+json', () => {
  it('applies every operation in order, in the answer and the next read', async () => {
    const { app, path, task } = await taskApp();
    const patched = await jsonPatch(app, path, [
      { op: 'test', path: '/title', value: 'Write' },
      { op: 'replace', path: '/title', value: 'Edit' },
      { op: 'remove', path: '/notes' },
      { op: 'add', path: '/tags/-', value: 'c' },
      { op: 'move', from: '/tags/0', path: '/tags/2' },
      { op: 'copy', from: '/title', path: '/notes' },
    ]);
    expect(patched.status).toBe(200);
    const expected = { id: task.id, title: 'Edit', notes: 'Edit', tags: ['b', 'c', 'a'] };
    expect(patched.body).toEqual(expected);
    expect((await request(app).get(path).set(AUTH)).body).toEqual(expected);
  });

  it('answers 409 for a patch that does not apply, and changes nothing (all or nothing)', async () => {
    const { app, path, task } = await taskApp();
    for (const failing of [
      [
        { op: 'replace', path: '/title', value: 'Edit' },
        { op: 'test', path: '/notes', value: 'not the notes' },
      ],
      [{ op: 'remove', path: '/missing' }],
      [{ op: 'replace', path: '/tags/7', value: 'x' }],
      [{ op: 'move', from: '/tags', path: '/tags/0' }],
    ]) {
      const refused = await jsonPatch(app, path, failing);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'patch_conflict', status: 409 });
    }
    expect((await request(app).get(path).set(AUTH)).body).toEqual(task);
  });

  it('refuses a body that is not a patch (400), and a patch that leaves the item invalid', async () => {
    const { app, path, task } = await taskApp();
    expect((await jsonPatch(app, path, { title: 'Edit' })).status).toBe(400);
    expect((await jsonPatch(app, path, [{ op: 'jump', path: '/title' }])).status).toBe(400);
    expect((await jsonPatch(app, path, [{ op: 'replace', path: 'title', value: 'x' }])).status).toBe(400);
    const invalid = await jsonPatch(app, path, [{ op: 'remove', path: '/title' }]);
    expect(invalid.status).toBe(400);
    expect((await request(app).get(path).set(AUTH)).body).toEqual(task);
  });

  it('never changes the id, never stores a member the item has no property for, never a prototype', async () => {
    const { app, path, task } = await taskApp();
    const patched = await jsonPatch(app, path, [
      { op: 'replace', path: '/id', value: 999 },
      { op: 'add', path: '/admin', value: true },
      { op: 'add', path: '/__proto__', value: { polluted: true } },
    ]);
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual(task);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a patch whose copies would double a member again and again, and changes nothing', async () => {
    const { app, path, task } = await taskApp();
    const doubling = Array.from({ length: 40 }, () => ({ op: 'copy', from: '/tags', path: '/tags/-' }));
    const refused = await jsonPatch(app, path, doubling);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'patch_too_large', status: 400 });
    expect((await request(app).get(path).set(AUTH)).body).toEqual(task);
  });

  it('never answers 5xx, whatever list of operations is sent', async () => {
    const { app, path } = await taskApp();
    const pointer = fc.constantFrom(
      '',
      '/',
      '/title',
      '/notes',
      '/tags',
      '/tags/0',
      '/tags/-',
      '/tags/9',
      '/x/y',
      '/~1',
      'x',
    );
    const operation = fc.record(
      {
        op: fc.constantFrom('add', 'remove', 'replace', 'move', 'copy', 'test', 'other'),
        path: fc.oneof(pointer, fc.anything()),
        from: pointer,
        value: fc.oneof(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 })),
      },
      { requiredKeys: ['op', 'path'] },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { maxLength: 4 }), async (patch) => {
        const answer = await jsonPatch(app, path, patch);
        expect([200, 400, 409]).toContain(answer.status);
        expect(answer.body.status ?? 200).toBe(answer.status);
      }),
      { seed: 1, numRuns: 150 },
    );
  });
});
