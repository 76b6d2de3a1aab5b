// Children a parent takes only in one state ("Tickets are only sold while the event is `on_sale`
// (409 otherwise)"), where the action that moves the parent there is refused: the runner gives the
// parent a child to move it on, and that child needs the parent moved first. The run must end with a
// verdict, saying what it could not reach, not wait on itself.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const event = {
  type: 'object',
  required: ['id', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    status: { type: 'string', enum: ['draft', 'on_sale', 'closed'], readOnly: true },
  },
};
const ticket = {
  type: 'object',
  required: ['ticketNo', 'holder'],
  properties: { ticketNo: { type: 'integer', readOnly: true }, holder: { type: 'string', minLength: 1 } },
};
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const none = { '404': { description: 'none' } };
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'box office', version: '1' },
  paths: {
    '/events': {
      post: { responses: { '201': { description: 'made', content: json(event) } } },
    },
    '/events/{id}': {
      parameters: [id],
      get: { responses: { '200': { description: 'the event', content: json(event) }, ...none } },
    },
    '/events/{id}/publish': {
      parameters: [id],
      post: {
        description: '`draft` → `on_sale`. From any other status: 409.',
        responses: { '200': { description: 'published', content: json(event) }, '409': { description: 'no' }, ...none },
      },
    },
    '/events/{id}/tickets': {
      parameters: [id],
      get: { responses: { '200': { description: 'sold', content: json({ type: 'array', items: ticket }) }, ...none } },
      post: {
        description: 'Tickets are only sold while the event is `on_sale` (409 otherwise).',
        requestBody: { required: true, content: json(ticket) },
        responses: {
          '201': { description: 'sold', content: json(ticket) },
          '400': { description: 'bad' },
          '409': { description: 'not on sale' },
          ...none,
        },
      },
    },
    '/events/{id}/tickets/{ticketNo}': {
      parameters: [id, { name: 'ticketNo', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': { description: 'a ticket', content: json(ticket) }, ...none } },
    },
  },
});

/** Every event starts closed (a fault), so publishing is always refused and no ticket is sold. */
function closedBoxOffice() {
  const events = new Set<string>();
  const send = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  return (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      const [first, key, sub, extra] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
      if (first !== 'events' || extra) return send(res, 404, {});
      if (!key && req.method === 'POST') {
        const made = `e${events.size + 1}`;
        events.add(made);
        return send(res, 201, { id: made, status: 'closed' });
      }
      if (!key || !events.has(key)) return send(res, 404, {});
      if (!sub && req.method === 'GET') return send(res, 200, { id: key, status: 'closed' });
      if (sub === 'tickets' && req.method === 'GET' && !extra) return send(res, 200, []);
      if (req.method === 'POST' && (sub === 'publish' || sub === 'tickets')) return send(res, 409, {});
      return send(res, 404, {});
    });
  };
}

describe('children a parent takes only in a state the run cannot move it to', () => {
  it('ends with a verdict that names what was not reached', async () => {
    const result = await runConformance({ target: { app: closedBoxOffice() }, contract: document, seed: 2, runs: 3 });
    expect(result.reach?.notReached).toContain('POST /events/{id}/tickets');
    expect(result.reach?.unreached.map(({ path }) => path)).toContain('/events');
  });
});
