// Children a parent takes only in one state ("Tickets are only sold while the event is `on_sale`
// (409 otherwise)"), where the action that moves the parent there is refused: the runner gives the
// parent a child to move it on, and that child needs the parent moved first. The run must end with a
// verdict, saying what it could not reach, not wait on itself.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sendJson } from '../fixtures/http-bodies.js';
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

/** The same, its holders at most 10 characters. */
const short = contractFromDocument({
  ...document.document,
  paths: {
    ...(document.document.paths as Record<string, unknown>),
    '/events/{id}/tickets': {
      parameters: [id],
      get: { responses: { '200': { description: 'sold', content: json({ type: 'array', items: ticket }) }, ...none } },
      post: {
        description: 'Tickets are only sold while the event is `on_sale` (409 otherwise).',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['holder'],
            additionalProperties: false,
            properties: { holder: { type: 'string', minLength: 1, maxLength: 10 } },
          }),
        },
        responses: {
          '201': { description: 'sold', content: json(ticket) },
          '400': { description: 'bad' },
          '409': { description: 'not on sale' },
          ...none,
        },
      },
    },
  },
});

/** Every event starts closed (a fault), so publishing is always refused and no ticket is sold. */
function closedBoxOffice() {
  const events = new Set<string>();
  const send = sendJson;
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

/** Events made draft and published on request; tickets sold while on sale, their holder 1 to 10
 * characters unless `loose`. */
function boxOffice(loose: boolean) {
  const events = new Map<string, { status: string; tickets: Map<number, unknown> }>();
  let sold = 0;
  const send = sendJson;
  return (req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const [first, key, sub, no, extra] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
      if (first !== 'events' || extra) return send(res, 404, {});
      if (!key && req.method === 'POST') {
        const made = `e${events.size + 1}`;
        events.set(made, { status: 'draft', tickets: new Map() });
        return send(res, 201, { id: made, status: 'draft' });
      }
      const event = key === undefined ? undefined : events.get(key);
      if (!key || !event) return send(res, 404, {});
      if (!sub && req.method === 'GET') return send(res, 200, { id: key, status: event.status });
      if (sub === 'publish' && req.method === 'POST' && !no) {
        if (event.status !== 'draft') return send(res, 409, {});
        event.status = 'on_sale';
        return send(res, 200, { id: key, status: 'on_sale' });
      }
      if (sub !== 'tickets') return send(res, 404, {});
      if (no !== undefined) {
        const ticket = req.method === 'GET' ? event.tickets.get(Number(no)) : undefined;
        return ticket ? send(res, 200, ticket) : send(res, 404, {});
      }
      if (req.method === 'GET') return send(res, 200, [...event.tickets.values()]);
      if (req.method !== 'POST') return send(res, 404, {});
      let body: { holder?: unknown };
      try {
        body = JSON.parse(text);
      } catch {
        return send(res, 400, {});
      }
      const holder = body?.holder;
      const fits = typeof holder === 'string' && holder.length >= 1 && (loose || [...holder].length <= 10);
      const only = typeof body === 'object' && body !== null && Object.keys(body).every((name) => name === 'holder');
      if (!fits || !only) return send(res, 400, {});
      if (event.status !== 'on_sale') return send(res, 409, {});
      const ticket = { ticketNo: ++sold, holder };
      event.tickets.set(ticket.ticketNo, ticket);
      return send(res, 201, ticket);
    });
  };
}

describe('children a parent takes only in one of its states', () => {
  it("moves the cases' own parent there first, so every body meets its own validation", async () => {
    const result = await runConformance({ target: { app: boxOffice(true) }, contract: short, seed: 2, runs: 3 });
    expect(result.violations.map((violation) => violation.code)).toContain('invalid_input_accepted');
  });

  it('passes the service that checks the holder', async () => {
    const result = await runConformance({ target: { app: boxOffice(false) }, contract: short, seed: 2, runs: 3 });
    expect(result.violations).toEqual([]);
  });
});

describe('children a parent takes only in a state the run cannot move it to', () => {
  it('ends with a verdict that names what was not reached', async () => {
    const result = await runConformance({ target: { app: closedBoxOffice() }, contract: document, seed: 2, runs: 3 });
    expect(result.reach?.notReached).toContain('POST /events/{id}/tickets');
    expect(result.reach?.unreached.map(({ path }) => path)).toContain('/events');
  });
});
