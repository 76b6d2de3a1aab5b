// A PATCH read by its media type, through HTTP: JSON Merge Patch (RFC 7396) removes a member sent
// as null and merges object members; whatever the change, the item stays what the document says.
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../spec/index.js';
import { createMockApp } from './index.js';

const DOCUMENT = fileURLToPath(new URL('../fixtures/documents/merge-patch-openapi.yaml', import.meta.url));
const AUTH = { Authorization: 'Bearer dev-key' };

async function contactApp() {
  const app = createMockApp({ contract: await loadContract(DOCUMENT), seed: null });
  const created = await request(app)
    .post('/v1/contacts')
    .set(AUTH)
    .send({ name: 'Ann', nickname: 'an', address: { street: 'Main', city: 'Oslo' } });
  expect(created.status).toBe(201);
  return { app, path: `/v1/contacts/${created.body.id}`, id: created.body.id };
}

const mergePatch = (app: Parameters<typeof request>[0], path: string, body: unknown) =>
  request(app).patch(path).set(AUTH).set('Content-Type', 'application/merge-patch+json').send(JSON.stringify(body));

describe('PATCH as application/merge-patch+json', () => {
  it('removes a member sent as null and merges an object member, in the answer and the next read', async () => {
    const { app, path, id } = await contactApp();
    const patched = await mergePatch(app, path, { nickname: null, address: { city: 'Bergen' } });
    expect(patched.status).toBe(200);
    const expected = { id, name: 'Ann', address: { street: 'Main', city: 'Bergen' } };
    expect(patched.body).toEqual(expected);
    expect((await request(app).get(path).set(AUTH)).body).toEqual(expected);
  });

  it('removes a whole object member, and nested members one by one', async () => {
    const { app, path, id } = await contactApp();
    expect((await mergePatch(app, path, { address: { street: null } })).body).toEqual({
      id,
      name: 'Ann',
      nickname: 'an',
      address: { city: 'Oslo' },
    });
    expect((await mergePatch(app, path, { address: null })).body).toEqual({ id, name: 'Ann', nickname: 'an' });
  });

  it('refuses a null the patch schema does not allow, and leaves the item as it was', async () => {
    const { app, path } = await contactApp();
    const refused = await mergePatch(app, path, { name: null });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'invalid_body', status: 400 });
    expect((await request(app).get(path).set(AUTH)).body.name).toBe('Ann');
  });

  it('refuses plain JSON where the document takes merge patch only', async () => {
    const { app, path } = await contactApp();
    const refused = await request(app).patch(path).set(AUTH).send({ nickname: null });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('unsupported_media_type');
  });
});
