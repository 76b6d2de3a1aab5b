// A body member an action's words say the item then shows ("The body must carry a
// `rejectionReason`, which the report then shows") is one the action sets on the item.
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const report = {
  type: 'object',
  properties: {
    id: { type: 'string', readOnly: true },
    title: { type: 'string' },
    status: { type: 'string', enum: ['draft', 'submitted'], readOnly: true },
    rejectionReason: { type: 'string', nullable: true, readOnly: true },
  },
};
const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];

function setsOf(words: string) {
  const contract = contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'reports', version: '1' },
    paths: {
      '/reports': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: report }) } } },
        post: {
          requestBody: { content: json({ type: 'object', properties: { title: { type: 'string' } } }) },
          responses: { '201': { description: 'made', content: json(report) } },
        },
      },
      '/reports/{id}': {
        parameters: id,
        get: { responses: { '200': { description: 'one', content: json(report) }, '404': { description: 'none' } } },
      },
      '/reports/{id}/reject': {
        parameters: id,
        post: {
          description: words,
          requestBody: {
            content: json({
              type: 'object',
              properties: { rejectionReason: { type: 'string' }, note: { type: 'string' } },
            }),
          },
          responses: {
            '200': { description: 'back in draft', content: json(report) },
            '409': { description: 'state' },
          },
        },
      },
    },
  });
  const resource = inferApiModel(contract).resources.find(({ collection }) => collection.path === '/reports');
  return resource?.idioms.actions?.find((action) => action.verb === 'reject')?.sets;
}

describe('members an action says its item then shows', () => {
  it('reads the member named before "which the report then shows" as set', () => {
    const words =
      '`submitted` → `draft`. The body must carry a non-empty `rejectionReason` (else `400`), which the report then shows.';
    expect(setsOf(words)).toEqual(['rejectionReason']);
  });

  it('reads nothing where the words deny it or do not say it', () => {
    expect(
      setsOf('`submitted` → `draft`. The body carries a `rejectionReason`, which the report never shows.'),
    ).toBeUndefined();
    expect(setsOf('`submitted` → `draft`. The body carries a `rejectionReason`.')).toBeUndefined();
  });
});
