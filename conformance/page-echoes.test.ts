// A paged list's envelope that names the paging values it used: the limit and offset it echoes are
// the ones sent, else the documented defaults; a list asked without a limit holds no more than the
// default. A limit above the maximum, clamped by the service, is not judged.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const note = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'notes', version: '1' },
  paths: {
    '/notes': {
      get: {
        description: 'Lists notes, `limit` at a time from position `offset`.',
        parameters: [
          { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 20, default: 5 } },
        ],
        responses: {
          '200': {
            description: 'a page: `offset` and `limit` are the values used',
            content: json({
              type: 'object',
              required: ['items', 'total', 'offset', 'limit'],
              properties: {
                items: { type: 'array', items: note },
                total: { type: 'integer' },
                offset: { type: 'integer' },
                limit: { type: 'integer' },
              },
            }),
          },
          '422': { description: 'bad query' },
        },
      },
    },
  },
});

interface Fault {
  /** The limit used when none is sent. */
  readonly defaultLimit?: number;
  /** The limit the envelope names, whatever was used. */
  readonly echoedLimit?: number;
  /** Answers a limit above the maximum clamped to it instead of refusing it. */
  readonly clamps?: boolean;
}

/** Twelve notes, paged by offset and limit. */
function notes(fault: Fault) {
  const all = Array.from({ length: 12 }, (_, n) => ({ id: `n${n}` }));
  return async (req: IncomingMessage, res: ServerResponse) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    const whole = (name: string) => query.get(name) !== null && /^\d{1,4}$/.test(query.get(name)!);
    let limit = query.has('limit') ? Number(query.get('limit')) : (fault.defaultLimit ?? 5);
    const offset = query.has('offset') ? Number(query.get('offset')) : 0;
    if (fault.clamps && whole('limit') && limit > 20) limit = 20;
    if (
      (query.has('limit') && !(whole('limit') && limit >= 1 && limit <= 20)) ||
      (query.has('offset') && !whole('offset'))
    )
      return sendJson(res, 422, {});
    const items = all.slice(offset, offset + limit);
    return sendJson(res, 200, { items, total: all.length, offset, limit: fault.echoedLimit ?? limit });
  };
}

const codes = async (fault: Fault) =>
  (await runConformance({ target: { app: notes(fault) }, contract, seed: 3 })).violations.map((v) => v.code);

describe("a paged list's envelope", () => {
  it('naming the values used, and the defaults, passes', async () => {
    expect(await codes({})).toEqual([]);
  });

  it('a limit clamped to the maximum passes', async () => {
    expect(await codes({ clamps: true })).not.toContain('page_echo_off');
  });

  it('another default limit than documented is named, and the longer page', async () => {
    const found = await codes({ defaultLimit: 10 });
    expect(found).toContain('page_echo_off');
    expect(found).toContain('page_over_default_limit');
  });

  it('a limit echoed other than the one used is named', async () => {
    expect(await codes({ echoedLimit: 7 })).toContain('page_echo_off');
  });
});
