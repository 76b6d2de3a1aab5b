// A cursor the service never gave: where the words refuse it ("An unknown cursor answers 400"), a
// service that pages from it anyway is named; where they are silent, taking it is fair.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const note = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
const contractSaying = (words: string, overview?: string) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'notes', version: '1', ...(overview ? { description: overview } : {}) },
    paths: {
      '/notes': {
        get: {
          description: `Pass the nextCursor of one page as cursor for the next. ${words}`,
          parameters: [
            { name: 'cursor', in: 'query', schema: { type: 'string' } },
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 10 } },
          ],
          responses: {
            '200': {
              description: 'a page',
              content: json({
                type: 'object',
                required: ['data', 'nextCursor'],
                properties: { data: { type: 'array', items: note }, nextCursor: { type: 'string', nullable: true } },
              }),
            },
            '400': { description: 'bad query' },
          },
        },
      },
    },
  });

/** Five notes, paged by an opaque cursor; an unknown one refused, or (the fault) read as none. */
function notes(takesAnyCursor: boolean) {
  const all = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }));
  return async (req: IncomingMessage, res: ServerResponse) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    const limit = Number(query.get('limit') ?? 2);
    if (query.has('limit') && !(Number.isInteger(limit) && limit >= 1 && limit <= 10)) return sendJson(res, 400, {});
    const cursor = query.get('cursor');
    const known = cursor === null ? 0 : /^c(\d)$/.test(cursor) ? Number(cursor.slice(1)) : undefined;
    if (known === undefined && !takesAnyCursor) return sendJson(res, 400, {});
    const start = known ?? 0;
    const next = start + limit < all.length ? `c${start + limit}` : null;
    return sendJson(res, 200, { data: all.slice(start, start + limit), nextCursor: next });
  };
}

const codes = async (words: string, takesAnyCursor: boolean, overview?: string) =>
  (
    await runConformance({ target: { app: notes(takesAnyCursor) }, contract: contractSaying(words, overview), seed: 2 })
  ).violations.map((v) => v.code);

describe('a made-up cursor', () => {
  const refused = 'An unknown or malformed cursor answers 400.';

  it('refused as the words say passes', async () => {
    expect(await codes(refused, false)).toEqual([]);
  });

  it('taken where the words refuse it is named', async () => {
    expect(await codes(refused, true)).toContain('made_up_cursor_taken');
  });

  it("taken where the document's overview refuses it for every list is named", async () => {
    const overview = '## Pages\n\nA cursor that this server did not issue for the same list is `400`.';
    expect(await codes('', true, overview)).toContain('made_up_cursor_taken');
    expect(await codes('', false, overview)).toEqual([]);
  });

  it('taken where the words are silent passes', async () => {
    expect(await codes('', true)).toEqual([]);
  });
});
