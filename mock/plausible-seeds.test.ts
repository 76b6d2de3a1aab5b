// Seeded items the document shows nothing of read like a real service's: names a person would give,
// instants near today, addresses at example.com, the owner the caller, the author's values kept.
import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown, example?: unknown) => ({
  'application/json': { schema, ...(example === undefined ? {} : { example }) },
});
const vet = {
  type: 'object',
  required: ['id', 'name', 'email', 'startsAt', 'city', 'tags', 'petName', 'createdBy', 'grade'],
  properties: {
    id: { type: 'string', format: 'uuid', readOnly: true },
    name: { type: 'string', minLength: 1, maxLength: 80 },
    email: { type: 'string', format: 'email' },
    startsAt: { type: 'string', format: 'date-time' },
    city: { type: 'string' },
    tags: { type: 'array', items: { type: 'string', maxLength: 20 } },
    petName: { type: 'string', example: 'Biscuit' },
    createdBy: { type: 'string', readOnly: true, description: 'The login of the user who created it.' },
    grade: { type: 'string', pattern: '^[A-F]$' },
  },
};
const document = {
  openapi: '3.1.0',
  info: { title: 'vets', version: '1' },
  components: { schemas: { Vet: vet } },
  paths: {
    '/me': {
      get: {
        responses: {
          '200': {
            description: 'The caller.',
            content: json(
              { type: 'object', required: ['login'], properties: { login: { type: 'string' } } },
              { login: 'dana' },
            ),
          },
        },
      },
    },
    '/vets': {
      get: {
        responses: {
          '200': { description: 'ok', content: json({ type: 'array', items: { $ref: '#/components/schemas/Vet' } }) },
        },
      },
      post: {
        requestBody: { content: json({ $ref: '#/components/schemas/Vet' }) },
        responses: { '201': { description: 'made', content: json({ $ref: '#/components/schemas/Vet' }) } },
      },
    },
  },
};

const DAY = 86_400_000;

describe('generated seed items', () => {
  it('read like a real service’s, each member fitting its schema', async () => {
    const app = createMockApp({ contract: contractFromDocument(document) });
    const before = Date.now();
    const seeded = (await request(app).get('/vets')).body as Array<Record<string, unknown>>;
    expect(seeded.length).toBeGreaterThan(1);
    const names = seeded.map((item) => item.name);
    expect(new Set(names).size).toBe(seeded.length);
    for (const item of seeded) {
      expect(item.name).toMatch(/^Vet \d+$/);
      expect(item.email).toMatch(/^vet\d+@example\.com$/);
      expect(Math.abs(Date.parse(item.startsAt as string) - before)).toBeLessThan(60 * DAY);
      expect(item.city).toMatch(/^[A-Z][a-z]+$/);
      expect(item.tags).toEqual([expect.stringMatching(/^tag-\d+$/)]);
      // The author's example, the caller's login, and a pattern's value as drawn.
      expect(item.petName).toBe('Biscuit');
      expect(item.createdBy).toBe('dana');
      expect(item.grade).toMatch(/^[A-F]$/);
    }
  });

  it('never leave a schema’s bounds: a name too long for "Vet 1" keeps its drawn value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4 }), async (maxLength) => {
        const tight = structuredClone(document);
        tight.components.schemas.Vet.properties.name = { type: 'string', minLength: 1, maxLength };
        const app = createMockApp({ contract: contractFromDocument(tight) });
        const seeded = (await request(app).get('/vets')).body as Array<Record<string, unknown>>;
        expect(seeded.length).toBeGreaterThan(0);
        for (const item of seeded) expect((item.name as string).length).toBeLessThanOrEqual(maxLength);
      }),
      { numRuns: 4 },
    );
  });
});
