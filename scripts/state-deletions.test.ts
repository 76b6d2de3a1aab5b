// A DELETE whose words keep the item and move its state ("Cancels the registration; it is not
// removed. Its `status` becomes `cancelled`"): afterwards the item reads on, in that state. A
// service doing so passes (it was called "still readable"); one whose DELETE leaves the state is
// named; the mock serves the words (the state moved, its instant stamped, a second DELETE 409).
import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { createMockApp } from '../mock/index.js';
import { contractFromDocument } from '../spec/index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const registration = {
  type: 'object',
  required: ['id', 'name', 'status', 'cancelledAt'],
  properties: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', minLength: 1, maxLength: 40 },
    status: { type: 'string', enum: ['confirmed', 'cancelled'], readOnly: true },
    cancelledAt: { type: 'string', format: 'date-time', nullable: true, readOnly: true },
  },
};
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'registrations', version: '1' },
  paths: {
    '/registrations': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: registration }) } } },
      post: {
        requestBody: { required: true, content: json(registration) },
        responses: { '201': { description: 'made', content: json(registration) }, '400': none },
      },
    },
    '/registrations/{id}': {
      parameters: [id],
      get: { responses: { '200': { description: 'one', content: json(registration) }, '404': none } },
      delete: {
        description:
          'Cancels the registration; it is not removed. Its `status` becomes `cancelled` and `cancelledAt` is set. A registration already cancelled is answered 409.',
        responses: { '200': { description: 'cancelled', content: json(registration) }, '404': none, '409': none },
      },
    },
  },
});

type Registration = { id: string; name: string; status: string; cancelledAt: string | null };

/** Registrations a DELETE cancels; `leavesState` keeps them `confirmed` (the fault). */
function registrations(leavesState: boolean) {
  const made = new Map<string, Registration>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'registrations' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...made.values()]);
      const name = body?.name;
      if (typeof name !== 'string' || name.length < 1 || [...name].length > 40) return sendJson(res, 400, {});
      const item = { id: `r${made.size + 1}`, name, status: 'confirmed', cancelledAt: null };
      made.set(item.id, item);
      return sendJson(res, 201, item);
    }
    const found = made.get(decodeURIComponent(key));
    if (!found) return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, found);
    if (req.method !== 'DELETE') return sendJson(res, 405, {});
    if (found.cancelledAt !== null) return sendJson(res, 409, {});
    found.cancelledAt = new Date().toISOString();
    if (!leavesState) found.status = 'cancelled';
    return sendJson(res, 200, found);
  };
}

const run = (leavesState: boolean) =>
  runConformance({ target: { app: registrations(leavesState) }, contract, seed: 8, runs: 5 });

describe('a DELETE that keeps the item and moves its state', () => {
  it('passes a service that keeps it readable, in that state', async () => {
    const report = await run(false);
    expect(report.violations.map((v) => `${v.code} ${v.operation}: ${v.message}`)).toEqual([]);
  });

  it('names a service whose DELETE leaves the state', async () => {
    const report = await run(true);
    expect(report.violations.map((v) => `${v.check} ${v.operation}: ${v.message}`).join('\n')).toMatch(
      /status.*cancelled|cancelled.*status/,
    );
  });

  it('is served so by the mock', async () => {
    const app = request(createMockApp({ contract, apiKeys: [] }));
    const made = await app.post('/registrations').send({ name: 'Ada' });
    expect(made.status).toBe(201);
    const removed = await app.delete(`/registrations/${made.body.id}`);
    expect(removed.status).toBe(200);
    const read = await app.get(`/registrations/${made.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ status: 'cancelled' });
    expect(typeof read.body.cancelledAt).toBe('string');
    expect((await app.delete(`/registrations/${made.body.id}`)).status).toBe(409);
    const report = await runConformance({
      target: { app: createMockApp({ contract, apiKeys: [] }) },
      contract,
      seed: 8,
      runs: 5,
    });
    expect(report.violations.map((v) => `${v.code} ${v.operation}: ${v.message}`)).toEqual([]);
  });
});
