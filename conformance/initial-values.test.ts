// A value the creation's words give a member the service sets ("`seats_taken` = 0"): a new item
// holding another is named; one holding it passes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const event = {
  type: 'object',
  required: ['id', 'title', 'seats_taken'],
  properties: {
    id: { type: 'string', readOnly: true },
    title: { type: 'string', minLength: 1, maxLength: 30 },
    seats_taken: { type: 'integer', minimum: 0, readOnly: true },
  },
};
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'events', version: '1' },
  paths: {
    '/events': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: event }) } } },
      post: {
        description: 'Creates an event. The server sets `seats_taken` = 0.',
        requestBody: {
          required: true,
          content: json({ type: 'object', required: ['title'], properties: { title: event.properties.title } }),
        },
        responses: { '201': { description: 'made', content: json(event) }, '400': { description: 'invalid' } },
      },
    },
  },
});

function events(seats: number) {
  const all: Record<string, unknown>[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    if (req.method === 'GET') return sendJson(res, 200, all);
    const title = body?.title;
    if (!body || Object.keys(body).join() !== 'title' || typeof title !== 'string' || !title || [...title].length > 30)
      return sendJson(res, 400, {});
    const made = { id: `e${all.length + 1}`, title, seats_taken: seats };
    all.push(made);
    return sendJson(res, 201, made);
  };
}

const codes = async (seats: number) =>
  (await runConformance({ target: { app: events(seats) }, contract, seed: 3 })).violations.map((v) => v.code);

describe('a value the words give a new item', () => {
  it('held passes', async () => {
    expect(await codes(0)).toEqual([]);
  });

  it('another is named', async () => {
    expect(await codes(3)).toContain('initial_value_off');
  });
});
