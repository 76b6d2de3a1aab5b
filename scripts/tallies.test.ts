// Reads that count a collection's items by a member ("Ticket counts by status"): read by the model,
// served from the store by the mock, and judged by the runner (an item made, moved and deleted
// leaves every count as it was) against a hand-written service and two faulty copies (not the mock).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { createMockApp } from '../mock/index.js';
import { apiModelOf, loadContract } from '../spec/index.js';

const DOCUMENT = `openapi: 3.0.3
info: { title: Helpdesk, version: '1' }
paths:
  /tickets:
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Ticket' } } } } } }
    post:
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NewTicket' } } } }
      responses:
        '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Ticket' } } } }
        '400': { description: bad, content: { application/json: { schema: { type: object } } } }
  /tickets/{ticketId}:
    parameters: [{ name: ticketId, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Ticket' } } } }
        '404': { description: none, content: { application/json: { schema: { type: object } } } }
    patch:
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/TicketChange' } } } }
      responses:
        '200': { description: changed, content: { application/json: { schema: { $ref: '#/components/schemas/Ticket' } } } }
        '400': { description: bad, content: { application/json: { schema: { type: object } } } }
        '404': { description: none, content: { application/json: { schema: { type: object } } } }
    delete:
      responses:
        '204': { description: gone }
        '404': { description: none, content: { application/json: { schema: { type: object } } } }
  /stats/tickets:
    get:
      summary: How the tickets stand
      responses:
        '200':
          description: Ticket counts by status.
          content: { application/json: { schema: { type: object, additionalProperties: { type: integer, minimum: 0 } } } }
components:
  schemas:
    NewTicket:
      type: object
      required: [title]
      additionalProperties: false
      properties:
        title: { type: string, minLength: 1, maxLength: 40 }
        status: { type: string, enum: [open, closed] }
    TicketChange:
      type: object
      additionalProperties: false
      minProperties: 1
      properties:
        title: { type: string, minLength: 1, maxLength: 40 }
        status: { type: string, enum: [open, closed] }
    Ticket:
      type: object
      required: [id, title, status]
      properties:
        id: { type: string, readOnly: true }
        title: { type: string }
        status: { type: string, enum: [open, closed] }
`;

type Fault = 'none' | 'counts-at-creation' | 'keeps-deleted';

/** The helpdesk by hand. `counts-at-creation` keeps a counter per status moved only on creation and
 * deletion (a change is not counted); `keeps-deleted` counts deleted tickets too. */
function service(fault: Fault) {
  const tickets = new Map<string, { id: string; title: string; status: string }>();
  const deleted: { status: string }[] = [];
  const counter: Record<string, number> = { open: 0, closed: 0 };
  let next = 1;
  const app = express();
  app.use(express.json({ strict: false }));
  const fields = (body: unknown, required: boolean): Record<string, unknown> | undefined => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
    const record = body as Record<string, unknown>;
    const { title, status } = record;
    const keys = Object.keys(record);
    const titled = typeof title === 'string' && [...title].length >= 1 && [...title].length <= 40;
    const ok =
      keys.every((key) => key === 'title' || key === 'status') &&
      (required ? titled : keys.length > 0 && (title === undefined || titled)) &&
      (status === undefined || status === 'open' || status === 'closed');
    return ok ? record : undefined;
  };
  app.get('/tickets', (_req, res) => res.json([...tickets.values()]));
  app.post('/tickets', (req, res) => {
    const body = fields(req.body, true);
    if (!body) return res.status(400).json({ message: 'title (1-40), status open or closed' });
    const ticket = { id: `t${next++}`, title: body.title as string, status: (body.status as string) ?? 'open' };
    tickets.set(ticket.id, ticket);
    counter[ticket.status]! += 1;
    res.status(201).json(ticket);
  });
  app.get('/tickets/:id', (req, res) => {
    const ticket = tickets.get(req.params.id);
    return ticket ? res.json(ticket) : res.status(404).json({ message: 'no such ticket' });
  });
  app.patch('/tickets/:id', (req, res) => {
    const ticket = tickets.get(req.params.id);
    if (!ticket) return res.status(404).json({ message: 'no such ticket' });
    const body = fields(req.body, false);
    if (!body) return res.status(400).json({ message: 'title (1-40) or status open or closed' });
    Object.assign(ticket, body);
    res.json(ticket);
  });
  app.delete('/tickets/:id', (req, res) => {
    const ticket = tickets.get(req.params.id);
    if (!ticket) return res.status(404).json({ message: 'no such ticket' });
    tickets.delete(ticket.id);
    deleted.push(ticket);
    counter[ticket.status]! -= 1;
    res.status(204).end();
  });
  app.get('/stats/tickets', (_req, res) => {
    if (fault === 'counts-at-creation') return res.json({ ...counter });
    const counts: Record<string, number> = { open: 0, closed: 0 };
    for (const ticket of [...tickets.values(), ...(fault === 'keeps-deleted' ? deleted : [])])
      counts[ticket.status]! += 1;
    res.json(counts);
  });
  app.use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(400).json({ message: 'not JSON' });
  });
  return app;
}

async function contractOf(document: string) {
  const file = join(mkdtempSync(join(tmpdir(), 'helpdesk-')), 'helpdesk.yaml');
  writeFileSync(file, document);
  return loadContract(file);
}
const contract = await contractOf(DOCUMENT);
const talliesIn = async (document: string) =>
  apiModelOf(await contractOf(document)).resources.flatMap((r) =>
    (r.idioms.tallied ?? []).map((t) => `${t.operation.path} counts ${r.collection.path} by ${t.member}`),
  );

describe('reads that count items by a member', () => {
  it('the model reads the tally from the answer and its words', async () => {
    expect(await talliesIn(DOCUMENT)).toEqual(['/stats/tickets counts /tickets by status']);
    const named = DOCUMENT.replace(
      '{ type: object, additionalProperties: { type: integer, minimum: 0 } }',
      '{ type: object, properties: { open: { type: integer }, closed: { type: integer } } }',
    );
    expect(await talliesIn(named.replace('Ticket counts by status.', 'Ticket counts.'))).toEqual([
      '/stats/tickets counts /tickets by status',
    ]);
  });

  it.each([
    ['words that count nothing', DOCUMENT.replace('Ticket counts by status.', 'The tickets by status.')],
    [
      'words of another resource',
      DOCUMENT.replace('Ticket counts by status.', 'Agent counts by status.').replace('the tickets', 'the agents'),
    ],
    ['a map not said to be by a member', DOCUMENT.replace('Ticket counts by status.', 'Ticket counts.')],
    [
      'integers not named after its values',
      DOCUMENT.replace(
        '{ type: object, additionalProperties: { type: integer, minimum: 0 } }',
        '{ type: object, properties: { total: { type: integer }, page: { type: integer } } }',
      ),
    ],
  ])('no tally from %s', async (_what, document) => {
    expect(document).not.toBe(DOCUMENT);
    expect(await talliesIn(document)).toEqual([]);
  });

  it.each([1, 2])('a correct service passes (seed %i)', async (seed) => {
    const result = await runConformance({ target: { app: service('none') }, contract, seed, runs: 5 });
    expect(result.violations.map((v) => `${v.check}: ${v.message}`)).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(result.reach?.unreached.filter((u) => u.scenario === 'tally')).toEqual([]);
  });

  it.each([
    ['counts-at-creation', /closed -?\d+ \(was -?\d+\), open -?\d+ \(was -?\d+\)|open -?\d+ \(was -?\d+\), closed/],
    ['keeps-deleted', /(open|closed) \d+ \(was \d+\) after an item made/],
  ] as const)('a service whose counts %s fails api_idioms_honoured', async (fault, message) => {
    const result = await runConformance({ target: { app: service(fault) }, contract, seed: 1, runs: 5 });
    const found = result.violations.filter((v) => v.code === 'counts_changed');
    expect(found.map((v) => v.check)).toEqual(['api_idioms_honoured']);
    expect(found[0]?.message).toMatch(message);
    expect(result.exitCode).toBe(1);
  });

  it('the mock counts its store: every creation, change and deletion', async () => {
    const app = createMockApp({ contract, apiKeys: [] });
    const counts = async () => (await request(app).get('/stats/tickets').expect(200)).body as Record<string, number>;
    const before = await counts();
    expect(Object.keys(before).sort()).toEqual(['closed', 'open']);
    const { body } = await request(app).post('/tickets').send({ title: 'printer', status: 'open' }).expect(201);
    expect(await counts()).toEqual({ ...before, open: before.open! + 1 });
    await request(app).patch(`/tickets/${body.id}`).send({ status: 'closed' }).expect(200);
    expect(await counts()).toEqual({ ...before, closed: before.closed! + 1 });
    await request(app).delete(`/tickets/${body.id}`).expect(204);
    expect(await counts()).toEqual(before);
  });
});
