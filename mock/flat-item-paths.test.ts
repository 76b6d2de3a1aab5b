// Items made under a parent and read by their id alone (`POST /racks/{code}/books`,
// `GET /books/{bookId}`): found under whichever parent holds them, one id counter for every parent,
// the seed's ids never given again under another parent.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const rack = { type: 'object', required: ['code'], properties: { code: { type: 'string', pattern: '^[a-z]{3}$' } } };
const book = {
  type: 'object',
  required: ['id', 'title', 'rackCode'],
  properties: {
    id: { type: 'string', pattern: '^bk_[a-z0-9]+$', readOnly: true },
    title: { type: 'string', minLength: 1, maxLength: 30 },
    rackCode: { type: 'string', readOnly: true },
  },
};
const code = [{ name: 'code', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z]{3}$' } }];
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'racks', version: '1' },
  paths: {
    '/racks': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: rack }) } } },
      post: {
        requestBody: { content: json(rack) },
        responses: { '201': { description: 'made', content: json(rack) } },
      },
    },
    '/racks/{code}': {
      parameters: code,
      get: { responses: { '200': { description: 'one', content: json(rack) } } },
    },
    '/racks/{code}/books': {
      parameters: code,
      get: { responses: { '200': { description: 'its books', content: json({ type: 'array', items: book }) } } },
      post: {
        requestBody: {
          content: json({ type: 'object', required: ['title'], properties: { title: book.properties.title } }),
        },
        responses: { '201': { description: 'made', content: json(book) } },
      },
    },
    '/books/{bookId}': {
      parameters: [{ name: 'bookId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(book) }, '404': { description: 'none' } } },
    },
  },
});

describe('items read by their id alone', () => {
  it('reads each made book at its own path with its own rack, none taking a seeded id', async () => {
    const app = createMockApp({ contract, apiKeys: [] });
    const racks = (await request(app).get('/racks')).body as { code: string }[];
    const seeded = new Set<string>();
    for (const { code: one } of racks)
      for (const item of (await request(app).get(`/racks/${one}/books`)).body as { id: string }[]) seeded.add(item.id);
    await request(app).post('/racks').send({ code: 'new' }).expect(201);
    for (let time = 0; time < 5; time++) {
      const made = await request(app)
        .post('/racks/new/books')
        .send({ title: `t${time}` })
        .expect(201);
      expect(seeded.has(made.body.id)).toBe(false);
      const read = await request(app).get(`/books/${made.body.id}`).expect(200);
      expect(read.body).toMatchObject({ title: `t${time}`, rackCode: 'new' });
    }
  });
});
