// A collection keyed by the client (a warehouse's `key`, in its path and its creation's body): the
// mock makes the item at the key sent, refuses a key in use with the documented conflict and keeps
// the first item, and a PUT at a free key makes the item there (201), then replaces it (200).
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../spec/index.js';
import { createMockApp } from './index.js';

const contract = await loadContract(
  fileURLToPath(new URL('../fixtures/panels/keyed-shop/openapi.yaml', import.meta.url)),
);
const KEY = 'client-keys-test';
const headers = { 'X-Api-Key': KEY, 'Content-Type': 'application/json' };

describe('a collection keyed by the client', () => {
  it('makes the item at the key sent; the same key again gets 409 and changes nothing', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const first = await request(app).post('/v1/warehouses').set(headers).send({ key: 'ZZQ', name: 'First' });
    expect(first.status).toBe(201);
    expect(first.body.key).toBe('ZZQ');
    expect(first.headers.location).toMatch(/\/warehouses\/ZZQ$/);
    const again = await request(app).post('/v1/warehouses').set(headers).send({ key: 'ZZQ', name: 'Second' });
    expect(again.status).toBe(409);
    const read = await request(app).get('/v1/warehouses/ZZQ').set(headers);
    expect(read.status).toBe(200);
    expect(read.body.name).toBe('First');
  });

  it('a PUT at a free key makes the item (201), the same PUT again replaces it (200)', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const made = await request(app).put('/v1/warehouses/NEWKEY').set(headers).send({ key: 'NEWKEY', name: 'Made' });
    expect(made.status).toBe(201);
    expect(made.headers.location).toMatch(/\/warehouses\/NEWKEY$/);
    const replaced = await request(app).put('/v1/warehouses/NEWKEY').set(headers).send({ name: 'Replaced' });
    expect(replaced.status).toBe(200);
    const read = await request(app).get('/v1/warehouses/NEWKEY').set(headers);
    expect(read.body).toMatchObject({ key: 'NEWKEY', name: 'Replaced' });
  });
});
