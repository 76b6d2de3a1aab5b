// An action refused for what the item names, not for its state: a booking's `start` answers 409
// while its tool has another started booking, and every booking the run makes names the first
// listed tool. Where no action moved a new item into a state, the run makes one naming items of its
// own (a tool made for it) and moves that one, so the sources drawn around `finish` are reached,
// and so is a job that starts only on a finished booking.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const tool = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string', minLength: 1, maxLength: 30 } },
};
const booking = {
  type: 'object',
  required: ['id', 'toolId', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    toolId: { type: 'string' },
    status: { type: 'string', enum: ['booked', 'started', 'finished'], readOnly: true },
  },
};
const job = {
  type: 'object',
  required: ['id', 'status'],
  properties: { id: { type: 'string' }, status: { type: 'string', enum: ['pending', 'done'] } },
};
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const action = (words: string) => ({
  parameters: [id],
  post: {
    description: words,
    responses: {
      '200': { description: 'moved', content: json(booking) },
      '404': none,
      '409': { description: 'refused' },
    },
  },
});

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'tools', version: '1' },
  paths: {
    '/tools': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: tool }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['name'],
            properties: { name: tool.properties.name },
          }),
        },
        responses: { '201': { description: 'made', content: json(tool) }, '400': { description: 'bad' } },
      },
    },
    '/tools/{id}': {
      parameters: [id],
      get: { responses: { '200': { description: 'one', content: json(tool) }, '404': none } },
    },
    '/bookings': {
      post: {
        description: 'Books a tool: the booking is `booked`. `toolId` must name a listed tool, else `422`.',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['toolId'],
            properties: { toolId: { type: 'string' } },
          }),
        },
        responses: {
          '201': { description: 'made', content: json(booking) },
          '400': { description: 'bad' },
          '422': none,
        },
      },
    },
    '/bookings/{id}': {
      parameters: [id],
      get: { responses: { '200': { description: 'one', content: json(booking) }, '404': none } },
    },
    '/bookings/{id}/start': action(
      'The booking becomes `started`. Only from `booked`, else `409`; `409` too while its tool has another `started` booking.',
    ),
    '/bookings/{id}/finish': action('The booking becomes `finished`. Only from `started`, else `409`.'),
    '/bookings/{id}/receipt-jobs': {
      parameters: [id],
      post: {
        description: 'Starts the receipt. Only for a booking in status `finished`: `409` otherwise.',
        responses: {
          '202': {
            description: 'accepted',
            headers: { Location: { required: true, schema: { type: 'string' } } },
            content: json(job),
          },
          '404': none,
          '409': { description: 'not finished' },
        },
      },
    },
    '/receipt-jobs/{jobId}': {
      parameters: [{ name: 'jobId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'the job', content: json(job) }, '404': none } },
    },
  },
});

function toolDesk() {
  const tools = new Map([['t1', { id: 't1', name: 'drill' }]]);
  const bookings = new Map<string, { id: string; toolId: string; status: string }>();
  let count = 0;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, verb, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    // A receipt is done once made.
    if (root === 'receipt-jobs' && verb === undefined)
      return key?.startsWith('r') ? sendJson(res, 200, { id: key, status: 'done' }) : sendJson(res, 404, {});
    if (root === 'tools') {
      if (key !== undefined) return tools.has(key) ? sendJson(res, 200, tools.get(key)) : sendJson(res, 404, {});
      if (req.method === 'GET') return sendJson(res, 200, [...tools.values()]);
      const name = body?.name;
      if (Object.keys(body ?? {}).join() !== 'name' || typeof name !== 'string' || name.length < 1 || name.length > 30)
        return sendJson(res, 400, {});
      const made = { id: `t${++count + 1}`, name };
      tools.set(made.id, made);
      return sendJson(res, 201, made);
    }
    if (root !== 'bookings') return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method !== 'POST') return sendJson(res, 405, {});
      if (Object.keys(body ?? {}).join() !== 'toolId' || typeof body?.toolId !== 'string')
        return sendJson(res, 400, {});
      if (!tools.has(body.toolId)) return sendJson(res, 422, {});
      const made = { id: `b${++count}`, toolId: body.toolId, status: 'booked' };
      bookings.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = bookings.get(key);
    if (!found) return sendJson(res, 404, {});
    if (verb === undefined) return sendJson(res, 200, found);
    if (req.method !== 'POST') return sendJson(res, 405, {});
    if (verb === 'start') {
      const busy = [...bookings.values()].some((one) => one.toolId === found.toolId && one.status === 'started');
      if (found.status !== 'booked' || busy) return sendJson(res, 409, {});
      found.status = 'started';
      return sendJson(res, 200, found);
    }
    if (verb === 'receipt-jobs') {
      if (found.status !== 'finished') return sendJson(res, 409, {});
      const made = { id: `r${++count}`, status: 'pending' };
      res.setHeader('Location', `/receipt-jobs/${made.id}`);
      return sendJson(res, 202, made);
    }
    if (verb !== 'finish') return sendJson(res, 404, {});
    if (found.status !== 'started') return sendJson(res, 409, {});
    found.status = 'finished';
    return sendJson(res, 200, found);
  };
}

describe('an item that names items of its own', () => {
  it('is made where the shared one refused every move, so the drawn sources are reached', async () => {
    const report = await runConformance({ target: { app: toolDesk() }, contract, seed: 3 });
    expect(report.violations.filter((v) => v.severity !== 'note').map((v) => v.message)).toEqual([]);
    const unreached = (report.reach?.unreached ?? []).filter((u) => u.scenario === 'action sources');
    expect(unreached).toEqual([]);
    // The job starts only on a finished booking: its scenario reaches one naming a tool of its own.
    const jobs = (report.reach?.unreached ?? []).filter((u) => u.scenario === 'job scenario');
    expect(jobs).toEqual([]);
  });
});
