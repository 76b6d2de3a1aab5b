// The life of a child numbered per parent, as the mock serves it: the parent's member holding the
// highest number ever given (`lastTicketNumber`) agrees with its children, seeded or made, and is 0
// on a new parent; a child's member named as the parent itself, whose words say it holds the
// parent's slug, holds the path's; an owner whose words name the user's `id` gets the caller's id.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument, explainedModel } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const slug = { name: 'slug', in: 'path', required: true, schema: { type: 'string' } };
const organization = {
  type: 'object',
  required: ['slug', 'name', 'lastTicketNumber', 'ticketCount'],
  properties: {
    slug: { type: 'string', readOnly: true },
    name: { type: 'string', minLength: 1 },
    lastTicketNumber: { type: 'integer', minimum: 0, readOnly: true },
    ticketCount: { type: 'integer', minimum: 0, readOnly: true },
  },
};
const ticket = {
  type: 'object',
  required: ['number', 'organization', 'title', 'createdBy'],
  properties: {
    number: { type: 'integer', readOnly: true },
    organization: { type: 'string', readOnly: true, description: 'The slug of the organization it belongs to.' },
    title: { type: 'string', minLength: 1 },
    createdBy: { type: 'string', readOnly: true, description: 'The id of the user who opened the ticket.' },
  },
};
const me = {
  type: 'object',
  required: ['id', 'email'],
  properties: { id: { type: 'string', pattern: '^usr_[a-z0-9]{6}$' }, email: { type: 'string', format: 'email' } },
};
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'desk', version: '1' },
  paths: {
    '/me': { get: { responses: { '200': { description: 'the caller', content: json(me) } } } },
    '/organizations': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: organization }) } } },
    },
    '/organizations/{slug}': {
      parameters: [slug],
      get: { responses: { '200': { description: 'one', content: json(organization) }, '404': { description: 'no' } } },
      put: {
        requestBody: {
          content: json({ type: 'object', required: ['name'], properties: { name: { type: 'string' } } }),
        },
        responses: {
          '200': { description: 'replaced', content: json(organization) },
          '201': { description: 'made', content: json(organization) },
        },
      },
    },
    '/organizations/{slug}/tickets': {
      parameters: [slug],
      get: { responses: { '200': { description: 'tickets', content: json({ type: 'array', items: ticket }) } } },
      post: {
        requestBody: {
          content: json({ type: 'object', required: ['title'], properties: { title: ticket.properties.title } }),
        },
        responses: { '201': { description: 'opened', content: json(ticket) }, '404': { description: 'no' } },
      },
    },
    '/organizations/{slug}/tickets/{number}': {
      parameters: [slug, { name: 'number', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': { description: 'one', content: json(ticket) }, '404': { description: 'no' } } },
    },
  },
});
const auth = { Authorization: 'Bearer k' };

describe('children numbered per parent', () => {
  it("keeps a seeded parent's last number equal to its seeded children's highest, and moves it on", async () => {
    const app = createMockApp({ contract, apiKeys: ['k'] });
    const [seeded] = (await request(app).get('/organizations').set(auth)).body;
    const children = (await request(app).get(`/organizations/${seeded.slug}/tickets`).set(auth)).body;
    expect(children.length).toBeGreaterThan(0);
    expect(seeded.lastTicketNumber).toBe(Math.max(...children.map((child: { number: number }) => child.number)));
    const made = await request(app).post(`/organizations/${seeded.slug}/tickets`).set(auth).send({ title: 'x' });
    expect(made.status).toBe(201);
    expect(made.body.number).toBe(seeded.lastTicketNumber + 1);
    const after = (await request(app).get(`/organizations/${seeded.slug}`).set(auth)).body;
    expect(after.lastTicketNumber).toBe(made.body.number);
  });

  it('starts a new parent at 0, and its first child at 1', async () => {
    const app = createMockApp({ contract, apiKeys: ['k'] });
    const put = await request(app).put('/organizations/acme').set(auth).send({ name: 'Acme' });
    expect(put.status).toBe(201);
    expect(put.body).toMatchObject({ lastTicketNumber: 0, ticketCount: 0 });
    const first = await request(app).post('/organizations/acme/tickets').set(auth).send({ title: 'one' });
    expect(first.body.number).toBe(1);
    expect((await request(app).get('/organizations/acme').set(auth)).body.lastTicketNumber).toBe(1);
  });

  it("names the parent by the path's slug, and the caller by the member the owner's words name", async () => {
    const app = createMockApp({ contract, apiKeys: ['k'] });
    const caller = (await request(app).get('/me').set(auth)).body;
    await request(app).put('/organizations/acme').set(auth).send({ name: 'Acme' });
    const made = await request(app).post('/organizations/acme/tickets').set(auth).send({ title: 'one' });
    expect(made.body.organization).toBe('acme');
    expect(made.body.createdBy).toBe(caller.id);
    const [seeded] = (await request(app).get('/organizations').set(auth)).body;
    const listed = (await request(app).get(`/organizations/${seeded.slug}/tickets`).set(auth)).body;
    for (const child of listed) expect(child.organization).toBe(seeded.slug);
  });

  it('says what the service fills in, in --explain', () => {
    const text = explainedModel(contract, undefined, 'text');
    expect(text).toContain('lastTicketNumber = highest number given in /organizations/{slug}/tickets');
    expect(text).toContain('organization = {slug}');
    expect(text).toContain("createdBy = the caller's id");
    const json = JSON.parse(explainedModel(contract, undefined, 'json'));
    const tickets = json.resources.find((r: { path: string }) => r.path === '/organizations/{slug}/tickets');
    expect(tickets.filledIn).toMatchObject({
      parents: { organization: '{slug}' },
      owners: { createdBy: "the caller's id" },
    });
  });
});
