// Words of a document written by another hand (events and their registrations), each once misread:
// a lock whose refusal the next clause gives ("must be `published`; otherwise the answer is 409"),
// a numbered overview whose entries are passages of their own (the DELETE's entry, not the
// publish's before it), a final state whose sentence also names a state as a verb ("cannot be
// changed, published, ..."), and a DELETE that keeps its item ("it is not removed").
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const event = {
  type: 'object',
  required: ['id', 'state'],
  properties: {
    id: { type: 'string', readOnly: true },
    title: { type: 'string' },
    state: { type: 'string', enum: ['draft', 'published', 'cancelled'], readOnly: true },
  },
};
const registration = {
  type: 'object',
  required: ['code', 'status'],
  properties: {
    code: { type: 'string' },
    status: { type: 'string', enum: ['confirmed', 'waitlisted', 'cancelled'], readOnly: true },
  },
};
const eventId = { name: 'eventId', in: 'path', required: true, schema: { type: 'string' } };
const code = { name: 'code', in: 'path', required: true, schema: { type: 'string' } };
const OVERVIEW = `Events.

1. \`POST /events/{eventId}/publish\` moves a draft event to \`published\`. Only draft events can be
   published; anything else is a 409.
2. Attendees register; a code must be unique within the event (a reused code is answered 409 and
   the registration stays as it was, even if it has been cancelled).
3. A cancelled event cannot be changed, published, cancelled again or registered for (409).
4. \`DELETE /events/{eventId}\` removes an event for good (204), but only if it has never had any
   registration. Otherwise the answer is 409.`;

const model = inferApiModel(
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'events', version: '1', description: OVERVIEW },
    paths: {
      '/events': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: event }) } } },
        post: {
          requestBody: { content: json(event) },
          responses: { '201': { description: 'made', content: json(event) } },
        },
      },
      '/events/{eventId}': {
        parameters: [eventId],
        get: { responses: { '200': { description: 'one', content: json(event) }, '404': none } },
        delete: { responses: { '204': none, '404': none, '409': none } },
      },
      '/events/{eventId}/publish': {
        parameters: [eventId],
        post: { responses: { '200': { description: 'published', content: json(event) }, '409': none } },
      },
      '/events/{eventId}/cancel': {
        parameters: [eventId],
        post: {
          description:
            'Cancels the event. Every registration of the event that is not yet cancelled (confirmed or waitlisted) becomes `cancelled`.',
          responses: { '200': { description: 'cancelled', content: json(event) }, '409': none },
        },
      },
      '/events/{eventId}/remind': {
        parameters: [eventId],
        post: {
          description: 'Mails every registration of the event that is `confirmed`.',
          responses: { '200': { description: 'mailed', content: json(event) } },
        },
      },
      '/events/{eventId}/registrations': {
        parameters: [eventId],
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: registration }) } } },
        post: {
          description: 'Registers. The event must be `published`; otherwise the answer is 409 and nothing is stored.',
          requestBody: { content: json(registration) },
          responses: { '201': { description: 'made', content: json(registration) }, '409': none, '422': none },
        },
      },
      '/events/{eventId}/registrations/{code}': {
        parameters: [eventId, code],
        get: { responses: { '200': { description: 'one', content: json(registration) }, '404': none } },
        delete: {
          description: 'Cancels the registration; it is not removed. Its `status` becomes `cancelled`.',
          responses: { '200': { description: 'cancelled', content: json(registration) }, '409': none },
        },
      },
    },
  }),
);
const idiomsOf = (path: string) => model.resources.find((resource) => resource.collection.path === path)!.idioms;

describe('words another hand wrote', () => {
  it('read a lock whose refusal the next clause gives, not the clause about reused codes', () => {
    const locks = idiomsOf('/events/{eventId}/registrations').parentLocks ?? [];
    expect(locks.map(({ allowed, status }) => ({ allowed, status }))).toEqual([
      { allowed: ['published'], status: 409 },
    ]);
  });

  it("give the DELETE its own numbered entry's words, not the publish entry's lock", () => {
    expect(idiomsOf('/events').ownLocks ?? []).not.toContainEqual(
      expect.objectContaining({ operation: expect.objectContaining({ method: 'DELETE' }) }),
    );
  });

  it('take the subject of "cannot be changed, published" as final, not the verb after it', () => {
    const cancel = idiomsOf('/events').actions?.find((action) => action.verb === 'cancel');
    expect(cancel?.refusedFrom).toEqual(['cancelled']);
  });

  it('read a DELETE that keeps its item and moves its state', () => {
    expect(idiomsOf('/events/{eventId}/registrations').stateDeletion).toMatchObject({
      member: 'status',
      to: 'cancelled',
    });
    expect(idiomsOf('/events').stateDeletion).toBeUndefined();
  });

  it('read a cascade whose from-states are named after the noun, and not a mere description', () => {
    const effects = idiomsOf('/events').referrerEffects ?? [];
    expect(effects.map(({ verb, from, to }) => `${verb}: ${from} → ${to}`)).toEqual([
      'cancel: confirmed → cancelled',
      'cancel: waitlisted → cancelled',
    ]);
  });
});
