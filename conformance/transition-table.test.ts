// Work orders moved by one transitions endpoint whose body names the action, with the actions'
// sources and targets in a table of its words, and `start` refused while no technician is
// assigned (a reference the schema leaves optional). The run makes its work orders with a
// technician, takes every action, and names a service that sets `closedAt` on `complete`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const instant = { type: 'string', format: 'date-time', nullable: true, readOnly: true };
const technician = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string' }, name: { type: 'string' } },
};
const order = {
  type: 'object',
  required: ['id', 'title', 'status', 'technicianId', 'startedAt', 'completedAt', 'closedAt'],
  properties: {
    id: { type: 'string', readOnly: true },
    title: { type: 'string', minLength: 1, maxLength: 30 },
    status: { type: 'string', enum: ['open', 'in_progress', 'completed', 'closed'], readOnly: true },
    technicianId: { type: 'string', nullable: true },
    startedAt: instant,
    completedAt: instant,
    closedAt: instant,
  },
};
const words = [
  'Applies one action to the work order.',
  '',
  '| action | from status | to status | sets |',
  '|---|---|---|---|',
  '| `start` | `open` | `in_progress` | `startedAt` |',
  '| `complete` | `in_progress` | `completed` | `completedAt` |',
  '| `close` | `completed` | `closed` | `closedAt` |',
  '',
  'Any other combination is refused with `409`. `start` is also refused with `409` while no technician is assigned.',
].join('\n');
const id = (name: string) => [{ name, in: 'path', required: true, schema: { type: 'string' } }];
const none = { '404': { description: 'none' } };
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'work orders', version: '1' },
  paths: {
    '/technicians': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: technician }) } } },
    },
    '/technicians/{technicianId}': {
      parameters: id('technicianId'),
      get: { responses: { '200': { description: 'one', content: json(technician) }, ...none } },
    },
    '/orders': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: order }) } } },
      post: {
        description: '`technicianId`, when given, must name an existing technician (`422` otherwise).',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['title'],
            properties: { title: order.properties.title, technicianId: order.properties.technicianId },
          }),
        },
        responses: {
          '201': { description: 'opened', content: json(order) },
          '400': { description: 'bad' },
          '422': { description: 'no such technician' },
        },
      },
    },
    '/orders/{orderId}': {
      parameters: id('orderId'),
      get: { responses: { '200': { description: 'one', content: json(order) }, ...none } },
    },
    '/orders/{orderId}/transitions': {
      parameters: id('orderId'),
      post: {
        description: words,
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['action'],
            properties: { action: { type: 'string', enum: ['start', 'complete', 'close'] } },
          }),
        },
        responses: {
          '200': { description: 'moved', content: json(order) },
          '400': { description: 'bad' },
          '409': { description: 'not from this state' },
          ...none,
        },
      },
    },
  },
});

const MOVES: Record<string, { from: string; to: string; stamp: 'startedAt' | 'completedAt' | 'closedAt' }> = {
  start: { from: 'open', to: 'in_progress', stamp: 'startedAt' },
  complete: { from: 'in_progress', to: 'completed', stamp: 'completedAt' },
  close: { from: 'completed', to: 'closed', stamp: 'closedAt' },
};

type Fault = 'closed-on-complete' | 'completed-on-start' | 'completed-cleared-on-close';

/** A shop with two technicians; `fault` plants one: `complete` also sets `closedAt`, `start` sets
 * `completedAt` (a state the order has not reached, and not a final one), or `close` empties the
 * `completedAt` of the state the order passed through. */
function shop(fault?: Fault) {
  const technicians = [
    { id: 't1', name: 'Ada' },
    { id: 't2', name: 'Bo' },
  ];
  type Order = Record<string, unknown> & { id: string; status: string };
  const orders: Order[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [top, key, sub, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (top === 'technicians' && req.method === 'GET' && sub === undefined) {
      if (key === undefined) return sendJson(res, 200, technicians);
      const found = technicians.find((one) => one.id === key);
      return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
    }
    if (top !== 'orders') return sendJson(res, 404, {});
    if (key === undefined && req.method === 'GET') return sendJson(res, 200, orders);
    if (key === undefined && req.method === 'POST') {
      const { title, technicianId = null, ...extra } = body ?? {};
      if (!body || Object.keys(extra).length > 0 || typeof title !== 'string') return sendJson(res, 400, {});
      if (title.length < 1 || [...title].length > 30) return sendJson(res, 400, {});
      if (technicianId !== null && typeof technicianId !== 'string') return sendJson(res, 400, {});
      if (technicianId !== null && !technicians.some((one) => one.id === technicianId)) return sendJson(res, 422, {});
      const made: Order = {
        id: `o${orders.length + 1}`,
        title,
        status: 'open',
        technicianId,
        startedAt: null,
        completedAt: null,
        closedAt: null,
      };
      orders.push(made);
      return sendJson(res, 201, made);
    }
    const found = orders.find((one) => one.id === key);
    if (!found) return sendJson(res, 404, {});
    if (sub === undefined) return req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 404, {});
    if (sub !== 'transitions' || req.method !== 'POST') return sendJson(res, 404, {});
    const action = body?.action;
    if (!body || Object.keys(body).length !== 1 || typeof action !== 'string' || !(action in MOVES))
      return sendJson(res, 400, {});
    const move = MOVES[action]!;
    if (found.status !== move.from || (action === 'start' && found.technicianId === null))
      return sendJson(res, 409, {});
    const now = new Date().toISOString();
    Object.assign(found, { status: move.to, [move.stamp]: now });
    if (fault === 'closed-on-complete' && action === 'complete') found.closedAt = now;
    if (fault === 'completed-on-start' && action === 'start') found.completedAt = now;
    if (fault === 'completed-cleared-on-close' && action === 'close') found.completedAt = null;
    return sendJson(res, 200, found);
  };
}

const run = (fault?: Fault) => runConformance({ target: { app: shop(fault) }, contract: document, seed: 4, runs: 5 });

describe('actions named in the body, with their table', () => {
  it('passes a shop that moves its work orders as the table says, every action reached', async () => {
    const result = await run();
    expect(result.violations).toEqual([]);
    const unreached = (result.reach?.unreached ?? []).map((entry) => JSON.stringify(entry));
    expect(unreached.filter((entry) => /action (?:start|complete|close)\b/.test(entry))).toEqual([]);
  });

  it('names one that sets closedAt when the work order is completed', async () => {
    expect((await run('closed-on-complete')).violations.map((v) => v.code)).toContain('other_state_time_set');
  });

  it('names one that sets completedAt when the work order is only started', async () => {
    const found = (await run('completed-on-start')).violations.filter((v) => v.code === 'other_state_time_set');
    expect(found.map((v) => v.message).join(' ')).toContain('completedAt');
  });

  it('names one that empties completedAt when the work order is closed', async () => {
    const found = (await run('completed-cleared-on-close')).violations.filter((v) => v.code === 'state_time_lost');
    expect(found.map((v) => v.message).join(' ')).toContain('completedAt');
  });
});
