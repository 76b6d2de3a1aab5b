// A collection keyed by the client (a warehouse's `key`, in its path and its creation's body): the
// mock makes the item at the key sent, refuses a key in use with the documented conflict and keeps
// the first item, and a PUT at a free key makes the item there (201), then replaces it (200).
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument, loadContract } from '../spec/index.js';
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

  it('a key a softly deleted item keeps, where the words say so, gets the conflict too', async () => {
    const json = (schema: unknown) => ({ 'application/json': { schema } });
    const slug = { type: 'string', pattern: '^[a-z]{3,12}$' };
    const event = { type: 'object', required: ['slug', 'title'], properties: { slug, title: { type: 'string' } } };
    const documentSaying = (words: string) =>
      contractFromDocument({
        openapi: '3.0.3',
        info: { title: 'events', version: '1' },
        components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } } },
        security: [{ key: [] }],
        paths: {
          '/events': {
            get: { responses: { '200': { description: 'live', content: json({ type: 'array', items: event }) } } },
            post: {
              description: 'Creates the event named by `slug`; a slug in use gives `409`.',
              requestBody: {
                required: true,
                content: json({ type: 'object', required: ['slug', 'title'], properties: event.properties }),
              },
              responses: { '201': { description: 'made', content: json(event) }, '409': { description: 'taken' } },
            },
          },
          '/events/{slug}': {
            parameters: [{ name: 'slug', in: 'path', required: true, schema: slug }],
            get: {
              responses: { '200': { description: 'one', content: json(event) }, '410': { description: 'deleted' } },
            },
            delete: { description: words, responses: { '204': { description: 'deleted' } } },
          },
        },
      });
    const remade = async (words: string) => {
      const app = createMockApp({ contract: documentSaying(words), apiKeys: [KEY] });
      await request(app).post('/events').set(headers).send({ slug: 'gala', title: 'First' }).expect(201);
      await request(app).delete('/events/gala').set(headers).expect(204);
      return (await request(app).post('/events').set(headers).send({ slug: 'gala', title: 'Again' })).status;
    };
    expect(await remade('A soft delete. Its slug stays taken, even after deletion.')).toBe(409);
    expect(await remade('A soft delete.')).toBe(201);
  });
});
