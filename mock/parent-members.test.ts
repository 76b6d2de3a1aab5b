// A child's member that names its parent by the parent's word before the path parameter (`eventSlug`
// under /events/{slug}, `eventId` under /events/{id}): the mock fills it with the path's value, and
// the model reads it as the parent's, like a member named as the parameter itself.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument, pathParameterNamed } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const ticket = {
  type: 'object',
  required: ['ticketNo', 'eventSlug', 'holder'],
  properties: {
    ticketNo: { type: 'integer', readOnly: true },
    eventSlug: { type: 'string', readOnly: true },
    holder: { type: 'string', minLength: 1 },
  },
};
const event = { type: 'object', required: ['slug'], properties: { slug: { type: 'string' } } };
const slug = { name: 'slug', in: 'path', required: true, schema: { type: 'string' } };
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'box office', version: '1' },
  paths: {
    '/events': {
      get: { responses: { '200': { description: 'events', content: json({ type: 'array', items: event }) } } },
      post: {
        requestBody: { content: json(event) },
        responses: { '201': { description: 'made', content: json(event) } },
      },
    },
    '/events/{slug}': {
      parameters: [slug],
      get: { responses: { '200': { description: 'the event', content: json(event) }, '404': { description: 'no' } } },
    },
    '/events/{slug}/tickets': {
      parameters: [slug],
      get: { responses: { '200': { description: 'tickets', content: json({ type: 'array', items: ticket }) } } },
      post: {
        requestBody: {
          content: json({ type: 'object', required: ['holder'], properties: { holder: ticket.properties.holder } }),
        },
        responses: { '201': { description: 'sold', content: json(ticket) }, '404': { description: 'no event' } },
      },
    },
    '/events/{slug}/tickets/{ticketNo}': {
      parameters: [slug, { name: 'ticketNo', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': { description: 'a ticket', content: json(ticket) }, '404': { description: 'no' } } },
    },
  },
});

describe("a member naming the parent by the parent's word", () => {
  it('reads eventSlug as the slug of /events/{slug}, and nothing else as a parent', () => {
    expect(pathParameterNamed('/events/{slug}/tickets', 'eventSlug')).toBe('slug');
    expect(pathParameterNamed('/events/{slug}/tickets', 'event_slug')).toBe('slug');
    expect(pathParameterNamed('/users/{id}/orders', 'userId')).toBe('id');
    expect(pathParameterNamed('/events/{slug}/tickets', 'holder')).toBeUndefined();
    expect(pathParameterNamed('/events/{slug}/tickets', 'venueSlug')).toBeUndefined();
  });

  it("fills it with the path's value in the mock", async () => {
    const app = createMockApp({ contract, apiKeys: ['k'] });
    const auth = { Authorization: 'Bearer k' };
    const made = await request(app).post('/events').set(auth).send({ slug: 'gala' });
    expect(made.status).toBe(201);
    const sold = await request(app).post(`/events/${made.body.slug}/tickets`).set(auth).send({ holder: 'Ann' });
    expect(sold.status).toBe(201);
    expect(sold.body.eventSlug).toBe(made.body.slug);
  });
});
