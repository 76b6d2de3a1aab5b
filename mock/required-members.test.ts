// Required members a schema does not declare beside it (PagerDuty's custom field): a readOnly one
// declared only in an allOf branch is required in answers, not in requests; one declared nowhere is
// the service's to fill, so the mock's answers still validate against their own document.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const field = {
  allOf: [
    {
      type: 'object',
      properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } },
    },
  ],
  required: ['id', 'name', 'namespace'],
};
const wrapped = { type: 'object', required: ['field'], properties: { field } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'fields', version: '1' },
  paths: {
    '/fields': {
      get: {
        responses: {
          '200': {
            description: 'ok',
            content: json({ type: 'object', properties: { fields: { type: 'array', items: field } } }),
          },
        },
      },
      post: {
        requestBody: { required: true, content: json(wrapped) },
        responses: { '201': { description: 'made', content: json(wrapped) }, '400': { description: 'bad' } },
      },
    },
  },
});
const create = contract.operations.find((operation) => operation.method === 'POST')!;
const answer = create.responses.find((response) => response.status === '201')!.content[0]!.validator!;

describe('members required beside an allOf', () => {
  it('a readOnly one is not required in a request', () => {
    const validator = create.requestBody!.content[0]!.validator!;
    expect(validator.validate({ field: { name: 'env', namespace: 'incidents' } })).toEqual([]);
    expect(answer.validate({ field: { name: 'env', namespace: 'incidents' } }).map((i) => i.pointer)).toEqual([
      '/field/id',
    ]);
  });

  it('one declared nowhere is filled by the mock, whose answers validate', async () => {
    const app = createMockApp({ contract });
    const made = await request(app)
      .post('/fields')
      .send({ field: { name: 'env', namespace: 'incidents' } });
    expect(made.status).toBe(201);
    expect(answer.validate(made.body)).toEqual([]);
    const listed = await request(app).get('/fields');
    expect(listed.body.fields.length).toBeGreaterThan(0);
  });
});
