// Every collection that has a list starts seeded, read-only ones too, with ids of the id's own
// format: in OpenAPI 3.1 an id is often a reference with siblings (`{$ref: Uuid, readOnly: true}`),
// read as an allOf around the referenced schema.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const vet = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { $ref: '#/components/schemas/Uuid', readOnly: true }, name: { type: 'string', minLength: 1 } },
};
const contract = contractFromDocument({
  openapi: '3.1.0',
  info: { title: 'vets', version: '1' },
  components: { schemas: { Uuid: { type: 'string', format: 'uuid' }, Vet: vet } },
  paths: {
    '/vets': {
      get: {
        responses: {
          '200': { description: 'ok', content: json({ type: 'array', items: { $ref: '#/components/schemas/Vet' } }) },
        },
      },
    },
    '/vets/{vetId}': {
      get: {
        parameters: [{ name: 'vetId', in: 'path', required: true, schema: { $ref: '#/components/schemas/Uuid' } }],
        responses: {
          '200': { description: 'ok', content: json({ $ref: '#/components/schemas/Vet' }) },
          '404': { description: 'none' },
        },
      },
    },
  },
});

describe('a collection clients cannot add to', () => {
  it('is seeded, with uuid ids a read finds', async () => {
    const app = createMockApp({ contract });
    const list = await request(app).get('/vets');
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);
    const [first] = list.body as Array<{ id: string }>;
    expect(first!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    const read = await request(app).get(`/vets/${first!.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(first);
  });
});
