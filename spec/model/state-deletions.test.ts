// A DELETE whose words keep the item ("it is not removed") against one whose words refuse it in some
// states ("A room with a reservation in status `booked` is not deleted: 409"): only the first keeps
// the item readable after a DELETE that succeeded.
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const room = { type: 'object', properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } } };

function stateDeletionOf(words: string) {
  const contract = contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'rooms', version: '1' },
    paths: {
      '/rooms': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: room }) } } },
        post: {
          requestBody: { content: json(room) },
          responses: { '201': { description: 'made', content: json(room) } },
        },
      },
      '/rooms/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: { responses: { '200': { description: 'one', content: json(room) }, '404': { description: 'none' } } },
        delete: {
          description: words,
          responses: { '204': { description: 'gone' }, '404': { description: 'none' }, '409': { description: 'held' } },
        },
      },
    },
  });
  return inferApiModel(contract).resources.find((r) => r.collection.path === '/rooms')?.idioms.stateDeletion;
}

describe('a DELETE that keeps its item', () => {
  it('is read from "it is not removed"', () => {
    expect(stateDeletionOf('Closes the room; it is not removed.')).toBeDefined();
  });

  it('is not read from a refusal in some states', () => {
    expect(
      stateDeletionOf('Deletes the room. A room with a reservation in status `booked` is not deleted: 409.'),
    ).toBeUndefined();
  });
});
