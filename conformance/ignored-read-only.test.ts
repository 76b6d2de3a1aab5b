// A change whose body names only the writable members, yet takes others, where the words say
// "`state` and the other `readOnly` members are ignored": the run sends the item's readOnly
// members in a change too, and a service that takes one (a state set by a PATCH) is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const state = { type: 'string', enum: ['open', 'closed'] };
const ticket = {
  type: 'object',
  required: ['id', 'title', 'state'],
  properties: {
    id: { type: 'string', readOnly: true },
    title: { type: 'string', minLength: 1, maxLength: 30 },
    state: { allOf: [state], readOnly: true },
  },
};
const edit = { type: 'object', properties: { title: ticket.properties.title } };
const documentSaying = (words: string) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'tickets', version: '1' },
    paths: {
      '/tickets': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: ticket }) } } },
        post: {
          requestBody: { required: true, content: json({ ...edit, required: ['title'] }) },
          responses: { '201': { description: 'made', content: json(ticket) }, '400': { description: 'bad' } },
        },
      },
      '/tickets/{ticketId}': {
        parameters: [{ name: 'ticketId', in: 'path', required: true, schema: { type: 'string' } }],
        get: { responses: { '200': { description: 'one', content: json(ticket) }, '404': { description: 'none' } } },
        patch: {
          description: words,
          requestBody: { required: true, content: json(edit) },
          responses: {
            '200': { description: 'changed', content: json(ticket) },
            '400': { description: 'bad' },
            '404': { description: 'none' },
          },
        },
      },
    },
  });

function desk(takesState: boolean) {
  const all: Record<string, unknown>[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const body = parseObject(text);
    const [, id] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    const title = body?.title;
    const titled = typeof title === 'string' && title.length >= 1 && [...title].length <= 30;
    if (req.method === 'GET') {
      if (!id) return send(res, 200, all);
      const found = all.find((one) => one.id === id);
      return found ? send(res, 200, found) : send(res, 404, {});
    }
    if (req.method === 'POST' && !id) {
      if (!titled) return send(res, 400, {});
      const made = { id: `t${all.length + 1}`, title, state: 'open' };
      all.push(made);
      return send(res, 201, made);
    }
    const found = all.find((one) => one.id === id);
    if (req.method !== 'PATCH' || !found) return send(res, 404, {});
    if (!body || (title !== undefined && !titled)) return send(res, 400, {});
    if (title !== undefined) found.title = title;
    if (takesState && (body.state === 'open' || body.state === 'closed')) found.state = body.state;
    return send(res, 200, found);
  };
}

const IGNORED = 'Members present replace the current values. `state` and the other `readOnly` members are ignored.';
const taken = async (words: string, takesState: boolean) =>
  (
    await runConformance({ target: { app: desk(takesState) }, contract: documentSaying(words), seed: 6, runs: 3 })
  ).violations
    .filter((v) => v.code === 'client_value_taken')
    .map((v) => `${v.operation} ${String(v.fields?.property ?? '')}`);

describe('readOnly members sent in a change the words say ignores them', () => {
  it('names a service whose PATCH takes the state, and passes one that ignores it', async () => {
    expect((await taken(IGNORED, true)).some((one) => one.includes('state'))).toBe(true);
    expect(await taken(IGNORED, false)).toEqual([]);
  });

  it('reads the rule where the sentence after the readOnly one says so', async () => {
    const words =
      'Members marked `readOnly` are filled in by the server. If a client sends them in a request body they are ignored silently.';
    expect((await taken(words, true)).some((one) => one.includes('state'))).toBe(true);
  });

  it('sends none where the words do not say so', async () => {
    expect(await taken('Members present replace the current values.', true)).toEqual([]);
  });
});
