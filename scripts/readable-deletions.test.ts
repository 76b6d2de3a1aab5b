// A deletion whose words keep the item readable ("the event stays readable with GET"): the item
// reads 2xx after DELETE, its deletion time set. The mock serves it so and passes; a service that
// answers such an item 404 is named, where a deletion the words do not keep readable reads 404.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { createMockApp } from '../mock/index.js';
import { contractFromDocument } from '../spec/index.js';

const one = { 'application/json': { schema: { $ref: '#/components/schemas/Event' } } };
const documentOf = (deletion: string) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'events', version: '1' },
    paths: {
      '/events': {
        get: {
          parameters: [{ name: 'includeDeleted', in: 'query', schema: { type: 'boolean', default: false } }],
          responses: {
            '200': {
              description: 'all',
              content: {
                'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Event' } } },
              },
            },
          },
        },
        post: {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/NewEvent' } } },
          },
          responses: { '201': { description: 'made', content: one }, '400': { description: 'bad' } },
        },
      },
      '/events/{eventId}': {
        parameters: [{ name: 'eventId', in: 'path', required: true, schema: { type: 'string' } }],
        get: { responses: { '200': { description: 'one', content: one }, '404': { description: 'none' } } },
        delete: {
          description: deletion,
          responses: { '204': { description: 'gone' }, '404': { description: 'none' } },
        },
      },
      '/events/{eventId}/restore': {
        parameters: [{ name: 'eventId', in: 'path', required: true, schema: { type: 'string' } }],
        post: {
          description: 'Sets `deletedAt` back to null. An event that is not deleted answers 409.',
          responses: {
            '200': { description: 'restored', content: one },
            '404': { description: 'none' },
            '409': { description: 'live' },
          },
        },
      },
    },
    components: {
      schemas: {
        NewEvent: {
          type: 'object',
          additionalProperties: false,
          required: ['title'],
          properties: { title: { type: 'string', minLength: 1, maxLength: 40 } },
        },
        Event: {
          type: 'object',
          required: ['id', 'title', 'deletedAt'],
          properties: {
            id: { type: 'string', readOnly: true },
            title: { type: 'string' },
            deletedAt: { type: 'string', format: 'date-time', nullable: true, readOnly: true },
          },
        },
      },
    },
  });

const READABLE = 'Sets `deletedAt`; the event stays readable with GET but leaves the list until restored.';

/** A service that answers 404 for the items it deleted, whatever the words say. */
const hidesDeleted = (app: (req: IncomingMessage, res: ServerResponse) => void) => {
  const deleted = new Set<string>();
  return (req: IncomingMessage, res: ServerResponse) => {
    const [, events, id, verb] = (req.url ?? '').split('?')[0]!.split('/');
    if (events === 'events' && id && !verb && req.method === 'DELETE') deleted.add(id);
    if (events === 'events' && id && verb === 'restore' && req.method === 'POST') deleted.delete(id);
    if (events === 'events' && id && !verb && req.method === 'GET' && deleted.has(id)) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
      return;
    }
    app(req, res);
  };
};

const codes = (result: Awaited<ReturnType<typeof runConformance>>) => result.violations.map((v) => v.code);

describe('a deletion the words keep readable', () => {
  it('passes the mock, which reads it stamped', async () => {
    const contract = documentOf(READABLE);
    const result = await runConformance({ target: { app: createMockApp({ contract }) }, contract, seed: 2 });
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });

  it('names a service that answers it 404', async () => {
    const contract = documentOf(READABLE);
    const result = await runConformance({
      target: { app: hidesDeleted(createMockApp({ contract })) },
      contract,
      seed: 2,
    });
    expect(codes(result)).toContain('deleted_item_unreadable');
  });

  it('passes that service where the words keep the item out of reads', async () => {
    const contract = documentOf('Sets `deletedAt`; the event answers 404 until restored.');
    const result = await runConformance({
      target: { app: hidesDeleted(createMockApp({ contract })) },
      contract,
      seed: 2,
    });
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });
});
