// States the document's words call final: from them every action is refused with its documented
// status, whatever state it would move the item to. Judged with a hand-written service and a faulty
// copy of it (not the mock), and served so by the mock.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { createMockApp } from '../mock/index.js';
import { loadContract } from '../spec/index.js';

const DOCUMENT = `openapi: 3.0.3
info:
  title: Tickets
  version: '1'
  description: |
    Tickets start \`open\`. \`closed\` and \`resolved\` are final: a further close or resolve gets 409
    and changes nothing.
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
  /tickets/{ticketId}/close:
    parameters: [{ name: ticketId, in: path, required: true, schema: { type: string } }]
    post:
      responses:
        '200': { description: closed, content: { application/json: { schema: { $ref: '#/components/schemas/Ticket' } } } }
        '404': { description: none, content: { application/json: { schema: { type: object } } } }
        '409': { description: in a final state, content: { application/json: { schema: { type: object } } } }
  /tickets/{ticketId}/resolve:
    parameters: [{ name: ticketId, in: path, required: true, schema: { type: string } }]
    post:
      responses:
        '200': { description: resolved, content: { application/json: { schema: { $ref: '#/components/schemas/Ticket' } } } }
        '404': { description: none, content: { application/json: { schema: { type: object } } } }
        '409': { description: in a final state, content: { application/json: { schema: { type: object } } } }
components:
  schemas:
    NewTicket:
      type: object
      required: [title]
      additionalProperties: false
      properties: { title: { type: string, minLength: 1, maxLength: 40 } }
    Ticket:
      type: object
      required: [id, title, status]
      properties:
        id: { type: string, readOnly: true }
        title: { type: string }
        status: { type: string, enum: [open, closed, resolved], readOnly: true }
`;

/** A correct ticket service; `resolvesClosed` lets a closed ticket be resolved (the fault). */
function service(resolvesClosed: boolean) {
  const tickets = new Map<string, { id: string; title: string; status: string }>();
  let next = 1;
  const app = express();
  app.use(express.json({ strict: false }));
  app.get('/tickets', (_req, res) => res.json([...tickets.values()]));
  app.post('/tickets', (req, res) => {
    const body = req.body as Record<string, unknown>;
    const title = body && typeof body === 'object' && !Array.isArray(body) ? body.title : undefined;
    const length = typeof title === 'string' ? [...title].length : 0;
    if (Object.keys(body ?? {}).some((key) => key !== 'title') || length < 1 || length > 40)
      return res.status(400).json({ message: 'title is 1 to 40 characters, alone' });
    const ticket = { id: `t${next++}`, title: title as string, status: 'open' };
    tickets.set(ticket.id, ticket);
    res.status(201).json(ticket);
  });
  app.get('/tickets/:id', (req, res) => {
    const ticket = tickets.get(req.params.id);
    return ticket ? res.json(ticket) : res.status(404).json({ message: 'no such ticket' });
  });
  for (const [verb, state] of [
    ['close', 'closed'],
    ['resolve', 'resolved'],
  ] as const)
    app.post(`/tickets/:id/${verb}`, (req, res) => {
      const ticket = tickets.get(req.params.id);
      if (!ticket) return res.status(404).json({ message: 'no such ticket' });
      const allowed = ticket.status === 'open' || (resolvesClosed && verb === 'resolve' && ticket.status === 'closed');
      if (!allowed) return res.status(409).json({ message: `the ticket is ${ticket.status}` });
      ticket.status = state;
      res.json(ticket);
    });
  app.use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(400).json({ message: 'not JSON' });
  });
  return app;
}

const contract = await (async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'tickets-')), 'tickets.yaml');
  writeFileSync(file, DOCUMENT);
  return loadContract(file);
})();

describe('states the document calls final', () => {
  it.each([1, 2])('a correct service passes (seed %i)', async (seed) => {
    const result = await runConformance({ target: { app: service(false) }, contract, seed, runs: 5 });
    expect(result.violations.map((v) => `${v.check}: ${v.message}`)).toEqual([]);
    expect(result.exitCode).toBe(0);
  });

  it.each([1, 2])('a service that resolves a closed ticket fails api_idioms_honoured (seed %i)', async (seed) => {
    const result = await runConformance({ target: { app: service(true) }, contract, seed, runs: 5 });
    const found = result.violations.find((v) => v.code === 'action_from_final_state_accepted');
    expect(found?.check).toBe('api_idioms_honoured');
    expect(found?.message).toMatch(/resolve on an item closed, a state the document calls final/);
  });

  it('the mock refuses any action from a final state with the documented 409', async () => {
    const app = createMockApp({ contract, apiKeys: [] });
    const { body } = await request(app).post('/tickets').send({ title: 'printer' }).expect(201);
    await request(app).post(`/tickets/${body.id}/close`).expect(200);
    const refused = await request(app).post(`/tickets/${body.id}/resolve`);
    expect(refused.status).toBe(409);
    expect((await request(app).get(`/tickets/${body.id}`)).body.status).toBe('closed');
  });
});
