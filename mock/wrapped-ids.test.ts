// A wrapping member named as the item's path parameter is not the item's id (DigitalOcean's
// POST /v2/reserved_ipv6 answers {"reserved_ipv6": {...}} under /reserved_ipv6/{reserved_ipv6}):
// the mock's creation still answers what its document says.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const address = {
  type: 'object',
  properties: { ip: { type: 'string', format: 'ipv6' }, region_slug: { type: 'string' } },
};
const wrapped = { type: 'object', properties: { reserved_ipv6: address } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'addresses', version: '1' },
  components: { securitySchemes: { key: { type: 'http', scheme: 'bearer' } } },
  security: [{ key: [] }],
  paths: {
    '/reserved_ipv6': {
      get: {
        responses: {
          '200': {
            description: 'ok',
            content: json({ type: 'object', properties: { reserved_ipv6s: { type: 'array', items: address } } }),
          },
        },
      },
      post: {
        requestBody: {
          required: true,
          content: json({ type: 'object', required: ['region_slug'], properties: { region_slug: { type: 'string' } } }),
        },
        responses: { '201': { description: 'made', content: json(wrapped) } },
      },
    },
    '/reserved_ipv6/{reserved_ipv6}': {
      parameters: [{ name: 'reserved_ipv6', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'ok', content: json(wrapped) }, '404': { description: 'none' } } },
    },
  },
});

describe('a wrapping member named as the path parameter', () => {
  it('is answered as an object, as the document has it', async () => {
    const app = createMockApp({ contract, apiKeys: ['k'] });
    const made = await request(app)
      .post('/reserved_ipv6')
      .set('Authorization', 'Bearer k')
      .send({ region_slug: 'nyc3' });
    expect(made.status).toBe(201);
    expect(typeof made.body.reserved_ipv6).toBe('object');
    expect(made.body.reserved_ipv6).not.toBeNull();
  });
});
