// The challenge of a 401 is the document's where its header's schema pins one the mock's own would
// break (`WWW-Authenticate: {type: string, const: Bearer}`); elsewhere the mock's RFC 6750 challenge
// with its realm stays.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const documentWith = (challenge?: Record<string, unknown>) =>
  contractFromDocument({
    openapi: '3.1.0',
    info: { title: 'notes', version: '1' },
    components: { securitySchemes: { key: { type: 'http', scheme: 'bearer' } } },
    security: [{ key: [] }],
    paths: {
      '/notes': {
        get: {
          responses: {
            '200': { description: 'all', content: { 'application/json': { schema: { type: 'array' } } } },
            '401': {
              description: 'no key',
              ...(challenge ? { headers: { 'WWW-Authenticate': { required: true, schema: challenge } } } : {}),
            },
          },
        },
      },
    },
  });

describe('the challenge of a 401', () => {
  it("is the value the document's header schema pins", async () => {
    const app = createMockApp({ contract: documentWith({ type: 'string', const: 'Bearer' }), apiKeys: ['k'] });
    const missing = await request(app).get('/notes');
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    const wrong = await request(app).get('/notes').set('Authorization', 'Bearer nope');
    expect(wrong.headers['www-authenticate']).toBe('Bearer');
  });

  it("stays the mock's own where the schema takes it", async () => {
    const app = createMockApp({ contract: documentWith({ type: 'string' }), apiKeys: ['k'] });
    expect((await request(app).get('/notes')).headers['www-authenticate']).toMatch(/^Bearer realm=/);
    const bare = createMockApp({ contract: documentWith(), apiKeys: ['k'] });
    expect((await request(bare).get('/notes')).headers['www-authenticate']).toMatch(/^Bearer realm=/);
  });
});
