// States a tag's description calls final ("`completed` and `cancelled` are final", in the tag the
// enrollment operations carry): every action is refused from them, as where the operations' own
// words say it.
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const enrollment = {
  type: 'object',
  required: ['id', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    status: { type: 'string', enum: ['active', 'completed', 'cancelled'], readOnly: true },
  },
};
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const documentWith = (tagWords: string) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'school', version: '1' },
    tags: [
      { name: 'Enrollments', description: tagWords },
      { name: 'Other', description: '`active` is final.' },
    ],
    paths: {
      '/enrollments': {
        get: {
          tags: ['Enrollments'],
          responses: { '200': { description: 'all', content: json({ type: 'array', items: enrollment }) } },
        },
        post: { tags: ['Enrollments'], responses: { '201': { description: 'made', content: json(enrollment) } } },
      },
      '/enrollments/{id}': {
        parameters: [id],
        get: { tags: ['Enrollments'], responses: { '200': { description: 'one', content: json(enrollment) } } },
      },
      '/enrollments/{id}/cancel': {
        parameters: [id],
        post: {
          tags: ['Enrollments'],
          responses: { '200': { description: 'cancelled', content: json(enrollment) }, '409': { description: 'no' } },
        },
      },
    },
  });
const refusedFrom = (tagWords: string) =>
  inferApiModel(documentWith(tagWords))
    .resources.find((resource) => resource.collection.path === '/enrollments')
    ?.idioms.actions?.find((action) => action.verb === 'cancel')?.refusedFrom;

describe('final states a tag the operations carry names', () => {
  it('refuses the actions from them', () => {
    expect(refusedFrom('An enrollment starts `active`. `completed` and `cancelled` are final.')).toEqual([
      'completed',
      'cancelled',
    ]);
  });

  it('reads none from a tag the operations do not carry', () => {
    expect(refusedFrom('An enrollment starts `active`.')).toBeUndefined();
  });
});
