// Items made for another to name are made in their usual state: a technician's `active` left at its
// default (`true`), not drawn. A line of a closed work order naming a technician the run made
// inactive was refused for the technician (422) before its parent's lock (409), so a service that
// takes lines on closed work orders went unseen.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const text = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const none = { '404': { description: 'none' } };
const technicianInput = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 30 }, active: { type: 'boolean', default: true } },
};
const technician = {
  type: 'object',
  required: ['id', 'name', 'active'],
  properties: { id: { type: 'string', readOnly: true }, ...technicianInput.properties },
};
const order = {
  type: 'object',
  required: ['id', 'status'],
  properties: { id: { type: 'string', readOnly: true }, status: { type: 'string', enum: ['open', 'closed'] } },
};
const lineInput = {
  type: 'object',
  additionalProperties: false,
  required: ['technicianId', 'hours'],
  properties: { technicianId: { type: 'string', minLength: 1 }, hours: { type: 'integer', minimum: 1, maximum: 12 } },
};
const line = {
  type: 'object',
  required: ['id', 'technicianId', 'hours'],
  properties: { id: { type: 'string', readOnly: true }, ...lineInput.properties },
};
const listOf = (schema: unknown) => ({
  get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: schema }) }, ...none } },
});
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'workshop', version: '1' },
  paths: {
    '/technicians': {
      ...listOf(technician),
      post: {
        description: '`active` defaults to `true`.',
        requestBody: { required: true, content: json(technicianInput) },
        responses: { '201': { description: 'made', content: json(technician) }, '400': { description: 'bad' } },
      },
    },
    '/technicians/{technicianId}': {
      parameters: [text('technicianId')],
      get: { responses: { '200': { description: 'one', content: json(technician) }, ...none } },
    },
    '/orders': {
      ...listOf(order),
      post: { responses: { '201': { description: 'made', content: json(order) } } },
    },
    '/orders/{orderId}': {
      parameters: [text('orderId')],
      get: { responses: { '200': { description: 'one', content: json(order) }, ...none } },
    },
    '/orders/{orderId}/close': {
      parameters: [text('orderId')],
      post: {
        description: 'Allowed only when `status` is `open`; otherwise `409`. The order becomes `closed`.',
        responses: {
          '200': { description: 'closed', content: json(order) },
          '409': { description: 'closed' },
          ...none,
        },
      },
    },
    '/orders/{orderId}/lines': {
      parameters: [text('orderId')],
      ...listOf(line),
      post: {
        description:
          'Lines can only be added while the order is `open`; otherwise the answer is `409`. The technician must exist and be active, otherwise the answer is `422`.',
        requestBody: { required: true, content: json(lineInput) },
        responses: {
          '201': { description: 'added', content: json(line) },
          '400': { description: 'bad' },
          '409': { description: 'closed' },
          '422': { description: 'no such technician' },
          ...none,
        },
      },
    },
  },
});

type Fault = 'lines-on-closed';
type Technician = { id: string; name: string; active: boolean };
type Line = { id: string; technicianId: string; hours: number };

function workshop(fault?: Fault) {
  const technicians = new Map<string, Technician>();
  const orders = new Map<string, { id: string; status: string; lines: Line[] }>();
  let next = 1;
  const validLine = (body: Record<string, unknown>) =>
    Object.keys(body).every((key) => key === 'technicianId' || key === 'hours') &&
    typeof body.technicianId === 'string' &&
    body.technicianId.length >= 1 &&
    Number.isInteger(body.hours) &&
    (body.hours as number) >= 1 &&
    (body.hours as number) <= 12;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [top, key, sub, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (top === 'technicians') {
      if (key !== undefined) {
        const found = technicians.get(decodeURIComponent(key));
        return found && req.method === 'GET' && sub === undefined ? sendJson(res, 200, found) : sendJson(res, 404, {});
      }
      if (req.method === 'GET') return sendJson(res, 200, [...technicians.values()]);
      const name = body?.name;
      const active = body && 'active' in body ? body.active : true;
      const keys = Object.keys(body ?? {});
      if (!body || typeof name !== 'string' || name.length < 1 || [...name].length > 30 || typeof active !== 'boolean')
        return sendJson(res, 400, {});
      if (keys.some((k) => k !== 'name' && k !== 'active')) return sendJson(res, 400, {});
      const made = { id: `tec_${next++}`, name, active };
      technicians.set(made.id, made);
      return sendJson(res, 201, made);
    }
    if (top !== 'orders') return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET')
        return sendJson(
          res,
          200,
          [...orders.values()].map(({ lines: _, ...o }) => o),
        );
      const made = { id: `ord_${next++}`, status: 'open', lines: [] };
      orders.set(made.id, made);
      return sendJson(res, 201, { id: made.id, status: made.status });
    }
    const found = orders.get(decodeURIComponent(key));
    if (!found) return sendJson(res, 404, {});
    const view = { id: found.id, status: found.status };
    if (sub === undefined) return req.method === 'GET' ? sendJson(res, 200, view) : sendJson(res, 404, {});
    if (sub === 'close') {
      if (req.method !== 'POST') return sendJson(res, 404, {});
      if (found.status !== 'open') return sendJson(res, 409, {});
      found.status = 'closed';
      return sendJson(res, 200, { id: found.id, status: found.status });
    }
    if (sub !== 'lines') return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, found.lines);
    if (req.method !== 'POST') return sendJson(res, 404, {});
    if (!body || !validLine(body)) return sendJson(res, 400, {});
    if (found.status !== 'open' && fault !== 'lines-on-closed') return sendJson(res, 409, {});
    const named = technicians.get(body.technicianId as string);
    if (!named?.active)
      return sendJson(res, 422, {
        message: `Technician ${String(body.technicianId)} is ${named ? 'not active' : 'unknown'}`,
        field: 'technicianId',
      });
    const made = { id: `lin_${next++}`, technicianId: body.technicianId as string, hours: body.hours as number };
    found.lines.push(made);
    return sendJson(res, 201, made);
  };
}

const codes = async (fault?: Fault) =>
  (await runConformance({ target: { app: workshop(fault) }, contract: document, seed: 8, runs: 5 })).violations
    .filter((v) => v.severity !== 'note')
    .map((v) => v.code);

describe('items made for another to name keep their defaults', () => {
  it('passes a workshop that keeps its words', async () => {
    expect(await codes()).toEqual([]);
  });

  it('names an active technician on a closed order, so a line accepted there is seen', async () => {
    expect(await codes('lines-on-closed')).toContain('write_under_locked_parent_accepted');
  });
});
