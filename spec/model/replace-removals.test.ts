// A replacing PUT whose words say a left-out member is removed: its optional members without a
// default or a null are read as gone once left out; a PUT that merges, or words that say nothing
// of removal, give none.
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../index.js';
import { replaceRemovalsOf } from './replace-resets.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const body = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string' },
    description: { type: 'string', maxLength: 500 },
    visibility: { type: 'string', enum: ['team', 'public'], default: 'team' },
  },
};

function putOf(description: string) {
  const contract = contractFromDocument({
    openapi: '3.1.0',
    info: { title: 'spaces', version: '1' },
    paths: {
      '/spaces/{slug}': {
        parameters: [{ name: 'slug', in: 'path', required: true, schema: { type: 'string' } }],
        put: {
          description,
          requestBody: { content: json(body) },
          responses: { '200': { description: 'replaced', content: json(body) } },
        },
      },
    },
  });
  return contract.operations.find((operation) => operation.method === 'PUT')!;
}

describe('members a replacing PUT removes when left out', () => {
  it('reads the optional members without a default, where the words say they are removed', () => {
    const words = 'Replaces the writable members; a writable member that is not sent is removed.';
    expect(replaceRemovalsOf(putOf(words))).toEqual(['description']);
    // A sentence wrapped in the document's source reads as one line.
    const wrapped = 'Replaces the space: an optional member that is omitted from the request body is\n  removed.';
    expect(replaceRemovalsOf(putOf(wrapped))).toEqual(['description']);
    const afterwards = 'Replaces the space: a space replaced without `description` has no description afterwards.';
    expect(replaceRemovalsOf(putOf(afterwards))).toEqual(['description']);
  });

  it('reads none where the words do not replace or say nothing of removal', () => {
    expect(replaceRemovalsOf(putOf('Updates the members sent; a member that is not sent is removed.'))).toEqual([]);
    expect(replaceRemovalsOf(putOf('Replaces the space with the body.'))).toEqual([]);
  });
});
