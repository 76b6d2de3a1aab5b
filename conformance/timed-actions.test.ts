// An action the words allow only once a time of the item has passed ("only once `closesAt` has
// passed") is taken by the run on an item of its own whose time is an hour ahead: a service that
// takes it fails, one that refuses it passes; an action the words put no time on is read as none.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const input = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'closesAt'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 30 },
    closesAt: { type: 'string', format: 'date-time' },
  },
};
const auction = {
  type: 'object',
  required: ['id', 'title', 'closesAt', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    ...input.properties,
    status: { type: 'string', enum: ['open', 'settled'], readOnly: true },
  },
};
const idParameter = [{ name: 'auctionId', in: 'path', required: true, schema: { type: 'string' } }];
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'auctions', version: '1' },
  paths: {
    '/auctions': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: auction }) } } },
      post: {
        requestBody: { required: true, content: json(input) },
        responses: { '201': { description: 'made', content: json(auction) }, '400': { description: 'bad' } },
      },
    },
    '/auctions/{auctionId}': {
      parameters: idParameter,
      get: { responses: { '200': { description: 'one', content: json(auction) }, '404': { description: 'none' } } },
    },
    '/auctions/{auctionId}/settle': {
      parameters: idParameter,
      post: {
        summary: 'Settle an auction (`open` -> `settled`)',
        description: 'Only once `closesAt` has passed; `409` otherwise.',
        responses: {
          '200': { description: 'settled', content: json(auction) },
          '404': { description: 'none' },
          '409': { description: 'not yet closed, or settled' },
        },
      },
    },
  },
});

/** Auctions; `early` is the fault: an auction is settled whatever its closing time. */
function house(early = false) {
  const auctions: Record<string, unknown>[] = [];
  const send = sendJson;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const parts = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (parts[0] !== 'auctions') return send(res, 404, {});
    if (parts.length === 1 && req.method === 'GET') return send(res, 200, auctions);
    if (parts.length === 1 && req.method === 'POST') {
      const { title, closesAt } = body ?? {};
      const valid =
        body !== undefined &&
        Object.keys(body).every((key) => key === 'title' || key === 'closesAt') &&
        typeof title === 'string' &&
        title.length >= 1 &&
        [...title].length <= 30 &&
        typeof closesAt === 'string' &&
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i.test(closesAt) &&
        !Number.isNaN(Date.parse(closesAt));
      if (!valid) return send(res, 400, {});
      const made = { id: `a${auctions.length + 1}`, title, closesAt, status: 'open' };
      auctions.push(made);
      return send(res, 201, made);
    }
    const found = auctions.find((one) => one.id === parts[1]);
    if (!found) return send(res, 404, {});
    if (parts.length === 2 && req.method === 'GET') return send(res, 200, found);
    if (parts[2] === 'settle' && req.method === 'POST') {
      const closed = Date.parse(String(found.closesAt)) <= Date.now();
      if (found.status !== 'open' || (!closed && !early)) return send(res, 409, {});
      found.status = 'settled';
      return send(res, 200, found);
    }
    return send(res, 404, {});
  };
}

const run = (early?: boolean) =>
  runConformance({ target: { app: house(early) }, contract: document, seed: 4, runs: 5 });

describe('actions allowed only once a time has passed', () => {
  it('reads the time the words wait for', () => {
    const auctions = inferApiModel(document).resources.find(({ collection }) => collection.path === '/auctions');
    expect(auctions?.idioms.timedActions).toEqual([
      { verb: 'settle', member: 'closesAt', words: 'Only once closesAt has passed' },
    ]);
  });

  it('passes a service that refuses the action before that time, with the step run', async () => {
    const result = await run();
    expect(result.violations.filter((v) => v.code === 'action_taken_too_early')).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((step) => step.scenario === 'timed actions')).toEqual([]);
  });

  it('fails a service that takes it early', async () => {
    const result = await run(true);
    expect(result.violations.map((v) => v.code)).toContain('action_taken_too_early');
  });
});
