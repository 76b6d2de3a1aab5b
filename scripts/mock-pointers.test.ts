// The mock's refusal of one invalid member points at it where the document's error has a
// `pointer`: the runner's pointer check then finds nothing to say of the mock.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { createMockApp } from '../mock/index.js';
import { contractFromDocument } from '../spec/index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const members = {
  title: { type: 'string', minLength: 1, maxLength: 20 },
  tag: { type: 'string', enum: ['home', 'work'] },
};
const note = {
  type: 'object',
  required: ['id', 'title', 'tag'],
  properties: { id: { type: 'integer', readOnly: true }, ...members },
};
const problem = {
  type: 'object',
  required: ['title', 'status'],
  properties: {
    title: { type: 'string' },
    status: { type: 'integer' },
    errors: {
      type: 'array',
      items: { type: 'object', required: ['pointer'], properties: { pointer: { type: 'string' } } },
    },
  },
};
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'notes', version: '1' },
  paths: {
    '/notes': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: note }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['title', 'tag'],
            properties: members,
          }),
        },
        responses: {
          '201': { description: 'made', content: json(note) },
          '400': {
            description: 'invalid: each entry points at a member refused',
            content: { 'application/problem+json': { schema: problem } },
          },
        },
      },
    },
  },
});

describe("the mock's refusal of one invalid member", () => {
  it('points at that member, and the runner finds nothing to say of it', async () => {
    const app = createMockApp({ contract, apiKeys: [] });
    const answer = await request(app)
      .post('/notes')
      .send({ title: 'x'.repeat(21), tag: 'home' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].pointer).toBe('/title');
    const result = await runConformance({ target: { app }, contract, seed: 5 });
    expect(result.violations.filter((v) => v.code === 'refusal_points_at_other_member')).toEqual([]);
  });
});
