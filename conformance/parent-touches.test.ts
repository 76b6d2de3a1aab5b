// A comment added moves its ticket's `updatedAt`, where the words say so ("Every change to a ticket
// (..., comment added) moves its `updatedAt` forward"). Under a ticket of the run's own, read a
// second after it was made, one comment is added and the ticket read again. Words that deny it
// ("but not the ticket's `updatedAt`") read nothing.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const text = { type: 'string', minLength: 1, maxLength: 30 };
const instant = { type: 'string', format: 'date-time', readOnly: true };
const ticket = {
  type: 'object',
  required: ['id', 'title', 'createdAt', 'updatedAt'],
  properties: { id: { type: 'string', readOnly: true }, title: text, createdAt: instant, updatedAt: instant },
};
const comment = {
  type: 'object',
  required: ['id', 'body'],
  properties: { id: { type: 'string', readOnly: true }, body: text },
};
const body = (properties: Record<string, unknown>) =>
  json({ type: 'object', additionalProperties: false, required: Object.keys(properties), properties });
const ticketId = [{ name: 'ticketId', in: 'path', required: true, schema: { type: 'string' } }];
const documentSaying = (overview: string) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'tickets', version: '1', description: overview },
    paths: {
      '/tickets': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: ticket }) } } },
        post: {
          requestBody: { required: true, content: body({ title: text }) },
          responses: { '201': { description: 'made', content: json(ticket) }, '400': { description: 'bad' } },
        },
      },
      '/tickets/{ticketId}': {
        parameters: ticketId,
        get: { responses: { '200': { description: 'one', content: json(ticket) }, '404': { description: 'none' } } },
      },
      '/tickets/{ticketId}/comments': {
        parameters: ticketId,
        get: {
          responses: {
            '200': { description: 'all', content: json({ type: 'array', items: comment }) },
            '404': { description: 'none' },
          },
        },
        post: {
          requestBody: { required: true, content: body({ body: text }) },
          responses: {
            '201': { description: 'added', content: json(comment) },
            '400': { description: 'bad' },
            '404': { description: 'none' },
          },
        },
      },
    },
  });

const SAID = 'Every change to a ticket (a comment added included) moves its `updatedAt` forward.';
const DENIED = 'A comment added changes the thread but not the ticket`s `updatedAt`.'.replace('`s', "'s");

function desk(commentsTouch: boolean) {
  const tickets = new Map<string, { item: Record<string, unknown>; comments: Record<string, unknown>[] }>();
  const fits = (value: unknown) => typeof value === 'string' && value.length >= 1 && [...value].length <= 30;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = parseObject(await readBody(req));
    const [, id, sub] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (!id) {
      if (req.method === 'GET')
        return send(
          res,
          200,
          [...tickets.values()].map((one) => one.item),
        );
      if (!sent || Object.keys(sent).length !== 1 || !fits(sent.title)) return send(res, 400, {});
      const now = new Date().toISOString();
      const item = { id: `t${tickets.size + 1}`, title: sent.title, createdAt: now, updatedAt: now };
      tickets.set(item.id, { item, comments: [] });
      return send(res, 201, item);
    }
    const found = tickets.get(id);
    if (!found) return send(res, 404, {});
    if (!sub) return req.method === 'GET' ? send(res, 200, found.item) : send(res, 404, {});
    if (req.method === 'GET') return send(res, 200, found.comments);
    if (!sent || Object.keys(sent).length !== 1 || !fits(sent.body)) return send(res, 400, {});
    const made = { id: `c${found.comments.length + 1}`, body: sent.body };
    found.comments.push(made);
    if (commentsTouch) found.item.updatedAt = new Date().toISOString();
    return send(res, 201, made);
  };
}

const kept = async (overview: string, commentsTouch: boolean) =>
  (
    await runConformance({ target: { app: desk(commentsTouch) }, contract: documentSaying(overview), seed: 3, runs: 3 })
  ).violations.filter((v) => v.code === 'parent_update_instant_kept').length;

describe("a child made moves its parent's update instant, where the words say so", () => {
  it('reads the words, and none that deny it', () => {
    const touch = (overview: string) =>
      inferApiModel(documentSaying(overview)).resources.find(({ collection }) => collection.path.endsWith('/comments'))
        ?.idioms.touchesParent;
    expect(touch(SAID)).toMatchObject({ member: 'updatedAt' });
    expect(touch(DENIED)).toBeUndefined();
    // Denied in other words: nothing else moves it, a comment leaves it alone.
    const others = [
      'Edits move `updatedAt`; nothing else moves it, in particular adding comments to a ticket.',
      'Edits move it forward; creating or removing comments leaves the ticket`s `updatedAt` alone.'.replace('`s', "'s"),
    ];
    for (const words of others) expect(touch(words), words).toBeUndefined();
  });

  it('passes a desk whose comments move it, and names one whose comments leave it', async () => {
    expect(await kept(SAID, true)).toBe(0);
    expect(await kept(SAID, false)).toBeGreaterThan(0);
  });

  it('judges nothing where the words deny it', async () => {
    expect(await kept(DENIED, false)).toBe(0);
  });
});
