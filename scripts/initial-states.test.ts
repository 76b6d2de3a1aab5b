// The state a creation's words give a new item ("Creates an event in state `draft`"): a service
// that starts it elsewhere is named; the mock starts it there, even where the enum lists another
// state first; a request that sends the state itself is not judged by it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { createMockApp } from '../mock/index.js';
import { contractFromDocument, inferApiModel, initialStateOf } from '../spec/index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const event = {
  type: 'object',
  required: ['id', 'title', 'state'],
  properties: {
    id: { type: 'string', readOnly: true },
    title: { type: 'string', minLength: 1, maxLength: 30 },
    state: { type: 'string', enum: ['published', 'draft', 'cancelled'], readOnly: true },
  },
};
const eventId = { name: 'eventId', in: 'path', required: true, schema: { type: 'string' } };

const document = (words: string) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'events', version: '1' },
    paths: {
      '/events': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: event }) } } },
        post: {
          description: words,
          requestBody: { required: true, content: json(event) },
          responses: { '201': { description: 'made', content: json(event) }, '400': none },
        },
      },
      '/events/{eventId}': {
        parameters: [eventId],
        get: { responses: { '200': { description: 'one', content: json(event) }, '404': none } },
      },
      '/events/{eventId}/publish': {
        parameters: [eventId],
        post: {
          description: 'Publishes a `draft` event (409 otherwise).',
          responses: { '200': { description: 'published', content: json(event) }, '404': none, '409': none },
        },
      },
    },
  });
const SAID = 'Creates an event in state `draft`.';

/** Events starting in `start` (draft is right). */
function events(start: string) {
  const made = new Map<string, { id: string; title: string; state: string }>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, verb, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'events' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...made.values()]);
      const title = body?.title;
      if (typeof title !== 'string' || title.length < 1 || [...title].length > 30) return sendJson(res, 400, {});
      const item = { id: `e${made.size + 1}`, title, state: start };
      made.set(item.id, item);
      return sendJson(res, 201, item);
    }
    const found = made.get(decodeURIComponent(key));
    if (!found) return sendJson(res, 404, {});
    if (!verb) return sendJson(res, 200, found);
    if (verb !== 'publish' || found.state !== 'draft') return sendJson(res, verb === 'publish' ? 409 : 404, {});
    found.state = 'published';
    return sendJson(res, 200, found);
  };
}

const codes = async (start: string, words = SAID) =>
  (
    await runConformance({ target: { app: events(start) }, contract: document(words), seed: 3, runs: 5 })
  ).violations.map((v) => v.code);

describe("a new item's state, as the creation's words give it", () => {
  it('is read from the words', () => {
    const read = (words: string) => {
      const contract = document(words);
      return initialStateOf(inferApiModel(contract).collections[0]!, contract);
    };
    expect(read(SAID)).toMatchObject({ member: 'state', value: 'draft' });
    expect(read('New events start as `draft`.')).toMatchObject({ value: 'draft' });
    expect(read('Creates an event.')).toBeUndefined();
  });

  it('passes a service that starts it there, and names one that does not', async () => {
    expect(await codes('draft')).not.toContain('initial_state_off');
    expect(await codes('published')).toContain('initial_state_off');
    expect(await codes('published', 'Creates an event.')).not.toContain('initial_state_off');
  });

  it('is where the mock starts it, though the enum lists another state first', async () => {
    const contract = document(SAID);
    const app = request(createMockApp({ contract, apiKeys: [] }));
    const made = await app.post('/events').send({ title: 'Launch' });
    expect(made.status).toBe(201);
    expect(made.body.state).toBe('draft');
  });
});
