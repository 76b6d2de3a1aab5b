// "Path and query parameters that do not match their schema are refused `400`": a page size past
// its maximum is such a parameter, so a service that clamps it instead is named. Where the words
// say nothing of it, clamping is a fair reading and only noted.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const note = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
const documentSaying = (overview: string) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'notes', version: '1', description: overview },
    paths: {
      '/notes': {
        get: {
          parameters: [
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 20, default: 10 } },
          ],
          responses: {
            '200': {
              description: 'a page',
              content: json({
                type: 'object',
                required: ['items'],
                properties: { items: { type: 'array', items: note } },
              }),
            },
            '400': { description: 'bad query' },
          },
        },
      },
      '/notes/{noteId}': {
        parameters: [{ name: 'noteId', in: 'path', required: true, schema: { type: 'string' } }],
        get: { responses: { '200': { description: 'one', content: json(note) }, '404': { description: 'none' } } },
      },
    },
  });

/** Thirty notes; a limit past 20 clamped to 20. */
function notes() {
  const all = Array.from({ length: 30 }, (_, index) => ({ id: `n${index + 1}` }));
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://notes');
    const [, id] = url.pathname.split('/').filter(Boolean);
    if (id) {
      const found = all.find((one) => one.id === id);
      return found ? send(res, 200, found) : send(res, 404, {});
    }
    const text = url.searchParams.get('limit');
    const limit = text === null ? 10 : Number(text);
    if (!Number.isInteger(limit) || limit < 1 || !/^\d+$/.test(text ?? '10')) return send(res, 400, {});
    return send(res, 200, { items: all.slice(0, Math.min(limit, 20)) });
  };
}

const failures = async (overview: string) =>
  (await runConformance({ target: { app: notes() }, contract: documentSaying(overview), seed: 4, runs: 3 })).violations
    .filter((v) => v.severity !== 'note')
    .map((v) => v.code);

describe('a page size past its maximum, where the words refuse what does not match its schema', () => {
  it('names a service that clamps it', async () => {
    expect(await failures('Path and query parameters that do not match their schema are refused `400`.')).toContain(
      'invalid_input_accepted',
    );
  });

  it('names it where the words answer values outside the range with a status in backticks', async () => {
    expect(await failures('Values of `limit` outside its range are answered `400`.')).toContain(
      'invalid_input_accepted',
    );
  });

  it('passes it where the words say nothing', async () => {
    expect(await failures('Lists are paged.')).toEqual([]);
  });
});
