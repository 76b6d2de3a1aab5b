// A member named neither by the resource nor by its id's name, whose creation's words say what it
// names ("`assigneeId`, when not null, must name an existing agent that is not deactivated;
// otherwise `422`"): the model ties it to /agents, a made-up one refused with a message that points
// nowhere is the document's refusal (a note), an agent the run deactivated meanwhile likewise, and
// a desk that assigns a ticket to an agent that exists nowhere is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument, inferApiModel, referencedCollection } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const text = { type: 'string', minLength: 1, maxLength: 20 };
const agent = {
  type: 'object',
  required: ['id', 'name', 'active'],
  properties: { id: { type: 'string', readOnly: true }, name: text, active: { type: 'boolean', readOnly: true } },
};
const ticketInput = {
  type: 'object',
  additionalProperties: false,
  required: ['subject'],
  properties: { subject: text, assigneeId: { type: 'string', nullable: true, minLength: 1, maxLength: 40 } },
};
const ticket = {
  type: 'object',
  required: ['id', 'subject', 'assigneeId'],
  properties: { id: { type: 'string', readOnly: true }, ...ticketInput.properties },
};
const id = (name: string) => [{ name, in: 'path', required: true, schema: { type: 'string' } }];
const list = (item: unknown) => ({ description: 'all', content: json({ type: 'array', items: item }) });

const document = {
  openapi: '3.0.3',
  info: { title: 'desk', version: '1' },
  paths: {
    '/agents': {
      get: { responses: { '200': list(agent) } },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['name'],
            properties: { name: text },
          }),
        },
        responses: { '201': { description: 'made', content: json(agent) }, '400': none },
      },
    },
    '/agents/{agentId}': {
      parameters: id('agentId'),
      get: { responses: { '200': { description: 'one', content: json(agent) }, '404': none } },
      delete: {
        summary: 'Deactivate an agent',
        description: 'The agent stays readable with `active` false.',
        responses: { '204': { description: 'deactivated' }, '404': none },
      },
    },
    '/tickets': {
      get: { responses: { '200': list(ticket) } },
      post: {
        description:
          'Opens a ticket. `assigneeId`, when not null, must name an existing agent that is not deactivated; otherwise `422`.',
        requestBody: { required: true, content: json(ticketInput) },
        responses: { '201': { description: 'opened', content: json(ticket) }, '400': none, '422': none },
      },
    },
    '/tickets/{ticketId}': {
      parameters: id('ticketId'),
      get: { responses: { '200': { description: 'one', content: json(ticket) }, '404': none } },
    },
  },
};
const contract = contractFromDocument(document);

function desk(assignsUnknown = false, refusesOddSubjects = false) {
  const agents = new Map<string, { id: string; name: string; active: boolean }>();
  const tickets = new Map<string, Record<string, unknown>>();
  let last = 0;
  const fits = (value: unknown, most: number) =>
    typeof value === 'string' && [...value].length >= 1 && [...value].length <= most;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (root === 'agents') {
      if (key === undefined && req.method === 'GET') return sendJson(res, 200, [...agents.values()]);
      if (key === undefined) {
        if (!body || Object.keys(body).some((m) => m !== 'name') || !fits(body.name, 20)) return sendJson(res, 400, {});
        const made = { id: `a${++last}`, name: String(body.name), active: true };
        agents.set(made.id, made);
        return sendJson(res, 201, made);
      }
      const found = agents.get(decodeURIComponent(key));
      if (!found) return sendJson(res, 404, {});
      if (req.method === 'DELETE') {
        found.active = false;
        return sendJson(res, 204);
      }
      return sendJson(res, 200, found);
    }
    if (root !== 'tickets') return sendJson(res, 404, {});
    if (key !== undefined) return tickets.has(key) ? sendJson(res, 200, tickets.get(key)) : sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, [...tickets.values()]);
    const assigneeId = body?.assigneeId ?? null;
    const valid =
      body !== undefined &&
      Object.keys(body).every((m) => m === 'subject' || m === 'assigneeId') &&
      fits(body.subject, 20) &&
      (assigneeId === null || fits(assigneeId, 40));
    if (!valid) return sendJson(res, 400, {});
    // A subject of odd length beside an agent refused although the schema takes it, saying nothing of why.
    if (refusesOddSubjects && assigneeId !== null && String(body!.subject).length % 2 === 1)
      return sendJson(res, 400, { message: 'Request failed.' });
    // A refusal that says nothing of which member it is about.
    if (assigneeId !== null && !agents.get(String(assigneeId))?.active && !assignsUnknown)
      return sendJson(res, 422, { message: 'Request failed.' });
    const made = { id: `t${++last}`, subject: body!.subject, assigneeId };
    tickets.set(made.id, made);
    return sendJson(res, 201, made);
  };
}

const run = (fault?: boolean, words?: string) => {
  const copy = structuredClone(document);
  if (words) copy.paths['/tickets'].post.description = words;
  return runConformance({
    target: { app: desk(fault) },
    contract: words ? contractFromDocument(copy) : contract,
    seed: 6,
  });
};
const POINTED =
  'Opens a ticket. `assigneeId` must name someone on the support rota (see `GET /agents`); otherwise `422`.';

describe('a reference the creation words name', () => {
  it('ties assigneeId to /agents from the words', () => {
    const model = inferApiModel(contract);
    const tickets = model.resources.find((r) => r.collection.path === '/tickets')!;
    expect(referencedCollection('assigneeId', model.collections, tickets.collection)?.path).toBe('/agents');
    expect(tickets.idioms.refusals?.assigneeId?.status).toBe(422);
  });

  it('ties it to the list its sentence points at', () => {
    const referenced = (words: string) => {
      const copy = structuredClone(document);
      copy.paths['/tickets'].post.description = words;
      const model = inferApiModel(contractFromDocument(copy));
      const tickets = model.collections.find((c) => c.path === '/tickets');
      return referencedCollection('assigneeId', model.collections, tickets)?.path;
    };
    expect(referenced('`assigneeId` must name someone on the support rota (see `GET /agents`).')).toBe('/agents');
    expect(referenced('`assigneeId` is free text; the rota is at `GET /agents`.')).toBeUndefined();
  });

  it('passes a desk that refuses a made-up or deactivated agent without pointing at it', async () => {
    const result = await run();
    expect(result.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });

  it('names a valid body refused whose reference the run took from the list', async () => {
    const result = await runConformance({ target: { app: desk(false, true) }, contract, seed: 6 });
    const refused = result.violations.filter((v) => v.code === 'valid_input_refused' && v.severity !== 'note');
    expect(
      refused.length,
      JSON.stringify(result.violations.map((v) => [v.code, v.severity, v.message.slice(0, 200)])),
    ).toBeGreaterThan(0);
  });

  it('passes it where the words point at the list instead', async () => {
    const result = await run(false, POINTED);
    expect(result.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });

  it('names a desk that assigns a ticket to an agent that exists nowhere', async () => {
    const found = (await run(true)).violations.filter((v) => v.code === 'unknown_reference_accepted');
    expect(found.map((v) => v.message).join('\n')).toMatch(/assigneeId/);
  });
});
