// A page envelope that holds its own number and size beside its total (`meta: {page, perPage,
// total}`) says the page answered, never numbers generated for the template.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOfDocument } from '../fixtures/mock-of-document.js';

const DOCUMENT = `openapi: 3.0.3
info: { title: Notes, version: '1' }
paths:
  /notes:
    get:
      parameters:
        - { name: page, in: query, schema: { type: integer, minimum: 1, default: 1 } }
        - { name: per_page, in: query, schema: { type: integer, minimum: 1, maximum: 50, default: 10 } }
      responses:
        '200':
          description: a page
          content:
            application/json:
              schema:
                type: object
                required: [meta, data]
                properties:
                  meta:
                    type: object
                    required: [page, perPage, total]
                    properties: { page: { type: integer }, perPage: { type: integer }, total: { type: integer } }
                  data: { type: array, items: { $ref: '#/components/schemas/Note' } }
    post:
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
      responses: { '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } } }
components:
  schemas:
    Note:
      type: object
      required: [id, text]
      properties: { id: { type: integer, readOnly: true }, text: { type: string } }
`;

describe('page numbers in the envelope', () => {
  it('name the page answered and its size', async () => {
    const app = await mockOfDocument(DOCUMENT, 'notes');
    for (let i = 0; i < 3; i++)
      await request(app)
        .post('/notes')
        .send({ text: `n${i}` })
        .expect(201);
    const first = (await request(app).get('/notes').expect(200)).body;
    expect(first.meta).toMatchObject({ page: 1, perPage: 10 });
    const second = (await request(app).get('/notes?page=2&per_page=2').expect(200)).body;
    expect(second.meta).toMatchObject({ page: 2, perPage: 2, total: second.meta.total });
    expect(second.data).toHaveLength(Math.max(0, Math.min(2, second.meta.total - 2)));
  });
});

const OFFSETS = DOCUMENT.replace(
  `        - { name: page, in: query, schema: { type: integer, minimum: 1, default: 1 } }
        - { name: per_page, in: query, schema: { type: integer, minimum: 1, maximum: 50, default: 10 } }`,
  `        - { name: offset, in: query, schema: { type: integer, minimum: 0, default: 0 } }
        - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 50, default: 20 } }`,
).replace(
  `                type: object
                required: [meta, data]
                properties:
                  meta:
                    type: object
                    required: [page, perPage, total]
                    properties: { page: { type: integer }, perPage: { type: integer }, total: { type: integer } }
                  data: { type: array, items: { $ref: '#/components/schemas/Note' } }`,
  `                type: object
                required: [items, total, offset, limit]
                properties:
                  items: { type: array, items: { $ref: '#/components/schemas/Note' } }
                  total: { type: integer }
                  offset: { type: integer, minimum: 0 }
                  limit: { type: integer, minimum: 1 }`,
);

describe('offsets in the envelope', () => {
  it('name the offset answered and its limit', async () => {
    const app = await mockOfDocument(OFFSETS, 'offsets');
    expect((await request(app).get('/notes').expect(200)).body).toMatchObject({ offset: 0, limit: 20 });
    expect((await request(app).get('/notes?offset=1&limit=2').expect(200)).body).toMatchObject({ offset: 1, limit: 2 });
  });
});
