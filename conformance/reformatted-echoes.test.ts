// A service-assigned instant the client sent comes back written another way (`…59Z` stored and
// answered as `…59.000Z`): it is still the client's value taken, mass assignment. Judged as
// instants, and a service that stamps its own instant passes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';
import { sameAsSent } from './judge/json-body.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const note = {
  type: 'object',
  required: ['id', 'text', 'createdAt'],
  properties: {
    id: { type: 'string', readOnly: true },
    text: { type: 'string', minLength: 1, maxLength: 20 },
    createdAt: { type: 'string', format: 'date-time', readOnly: true },
  },
};
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'notes', version: '1', description: 'Members marked `readOnly` are ignored when sent.' },
  paths: {
    '/notes': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: note }) } } },
      post: {
        requestBody: { required: true, content: json(note) },
        responses: { '201': { description: 'made', content: json(note) }, '400': { description: 'bad' } },
      },
    },
    '/notes/{noteId}': {
      parameters: [{ name: 'noteId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(note) }, '404': { description: 'none' } } },
    },
  },
});

function notes(takesCreatedAt: boolean) {
  const all: Record<string, unknown>[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [, id] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (req.method === 'GET') {
      if (!id) return send(res, 200, all);
      const found = all.find((one) => one.id === id);
      return found ? send(res, 200, found) : send(res, 404, {});
    }
    const text = body?.text;
    if (id || typeof text !== 'string' || text.length < 1 || [...text].length > 20) return send(res, 400, {});
    const sent = typeof body?.createdAt === 'string' ? Date.parse(body.createdAt) : Number.NaN;
    const at = takesCreatedAt && !Number.isNaN(sent) ? new Date(sent) : new Date();
    const made = { id: `n${all.length + 1}`, text, createdAt: at.toISOString() };
    all.push(made);
    return send(res, 201, made);
  };
}

const taken = async (takesCreatedAt: boolean) =>
  (await runConformance({ target: { app: notes(takesCreatedAt) }, contract: document, seed: 4, runs: 3 })).violations
    .filter((v) => v.code === 'client_value_taken')
    .map((v) => v.severity ?? 'failure');

describe('a service-assigned instant echoed in another writing', () => {
  it('is the same value as sent, whatever the digits and offset; another instant is not', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }), (date) => {
        const whole = new Date(Math.floor(date.getTime() / 1000) * 1000);
        const short = whole.toISOString().replace('.000Z', 'Z');
        expect(sameAsSent(whole.toISOString(), short)).toBe(true);
        expect(sameAsSent(new Date(whole.getTime() + 1000).toISOString(), short)).toBe(false);
      }),
    );
    expect(sameAsSent('2020-01-01T02:00:00+02:00', '2020-01-01T00:00:00Z')).toBe(true);
    expect(sameAsSent('12', '12.0')).toBe(false);
  });

  it('names a creation that takes the createdAt sent, and passes one that stamps its own', async () => {
    expect(await taken(true)).toContain('failure');
    expect(await taken(false)).toEqual([]);
  });
});
