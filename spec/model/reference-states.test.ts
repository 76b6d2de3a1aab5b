// States the items a creation names must be in, read from the creation's words and the document's
// passages that name it: "`409` when the event is not `published`"; none where the words say none.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { contractFromDocument, inferApiModel } from '../index.js';

const FILE = fileURLToPath(new URL('../../fixtures/panels/ticketing/openapi.yaml', import.meta.url));

function modelOf(edit: (text: string) => string = (text) => text) {
  return inferApiModel(contractFromDocument(parse(edit(readFileSync(FILE, 'utf8')))));
}

const idiomsAt = (model: ReturnType<typeof modelOf>, path: string) =>
  model.resources.find(({ collection }) => collection.path === path)?.idioms;

describe('reference states', () => {
  it("reads the state an order's event must be in, with the documented 409", () => {
    expect(idiomsAt(modelOf(), '/orders')?.referenceStates).toEqual([
      expect.objectContaining({
        member: 'eventId',
        collection: '/events',
        stateMember: 'status',
        allowed: ['published'],
        status: 409,
      }),
    ]);
  });

  it('reads none where the words say an item in a state may be named (a permission, not a rule)', () => {
    const model = modelOf((text) =>
      text.replace(
        '`409` when the event is not\n      `published`,',
        'An event that is currently draft or cancelled may be named as well; `409`',
      ),
    );
    expect(idiomsAt(model, '/orders')?.referenceStates).toBeUndefined();
  });

  it('reads "an existing event (`422` otherwise) whose status is `published` (`409` otherwise)"', () => {
    const model = modelOf((text) =>
      text.replace(
        '`409` when the event is not\n      `published`,',
        '`eventId` must name an existing event (`422` otherwise) whose status is `published` (`409` otherwise),',
      ),
    );
    expect(idiomsAt(model, '/orders')?.referenceStates).toEqual([
      expect.objectContaining({ member: 'eventId', allowed: ['published'], status: 409 }),
    ]);
  });

  it('reads "The event must exist and be `published`; otherwise ... `422`" with the refusal after the ";"', () => {
    const model = modelOf((text) =>
      text.replace(
        '`409` when the event is not\n      `published`,',
        'The event must exist and be `published`; otherwise the request is refused with `422` and nothing is\n      made. Also `409`',
      ),
    );
    expect(idiomsAt(model, '/orders')?.referenceStates).toEqual([
      expect.objectContaining({ member: 'eventId', allowed: ['published'], status: 422 }),
    ]);
  });

  it('reads "names an event in `eventId`; it must exist and must not be `cancelled`" as every other state allowed', () => {
    const model = modelOf((text) =>
      text.replace(
        '`409` when the event is not\n      `published`,',
        'the order names an event in `eventId`; it must exist and must not be `cancelled` (`409`),',
      ),
    );
    const [rule] = idiomsAt(model, '/orders')?.referenceStates ?? [];
    expect(rule?.member).toBe('eventId');
    expect(rule?.allowed).not.toContain('cancelled');
    expect(rule?.allowed.length).toBeGreaterThan(0);
  });

  it('reads none where the words name no state of the event', () => {
    const model = modelOf((text) => text.replace('`409` when the event is not\n      `published`,', '`409`'));
    expect(idiomsAt(model, '/orders')?.referenceStates).toBeUndefined();
  });

  it('reads the states a parenthesis gives as what "not" means as refused, not allowed', () => {
    const model = modelOf((text) =>
      text.replace(
        '`409` when the event is not\n      `published`,',
        '`409` when the event is not `published` (draft or cancelled),',
      ),
    );
    expect(idiomsAt(model, '/orders')?.referenceStates?.[0]).toMatchObject({ allowed: ['published'], status: 409 });
  });

  it.each([
    ['"must exist ... and be"', 'the event must exist (`422`) and be `published` (`409`),'],
    ['"only against <state> <items>"', 'orders can only be placed against `published` events (`409`),'],
  ])('reads the state a passage gives with %s', (_form, words) => {
    const model = modelOf((text) => text.replace('`409` when the event is not\n      `published`,', words));
    expect(idiomsAt(model, '/orders')?.referenceStates?.[0]).toMatchObject({ allowed: ['published'], status: 409 });
  });

  it('reads a state that a passage naming the creation gives with "must be"', () => {
    const model = modelOf((text) =>
      text.replace('`409` when the event is not\n      `published`,', 'the event must be `published` (`409`),'),
    );
    expect(idiomsAt(model, '/orders')?.referenceStates?.[0]).toMatchObject({ allowed: ['published'], status: 409 });
  });
});

describe('parent locks read from the passage that names the write', () => {
  it("locks a ticket type's PUT and DELETE to its event's draft state", () => {
    const locks = idiomsAt(modelOf(), '/events/{eventId}/ticket-types')?.parentLocks ?? [];
    expect(locks.map(({ operation, allowed, status }) => ({ at: operation.id, allowed, status }))).toEqual([
      { at: 'putTicketType', allowed: ['draft'], status: 409 },
      { at: 'deleteTicketType', allowed: ['draft'], status: 409 },
    ]);
  });
});

describe('locks on an item’s own writes', () => {
  it('reads a deletion allowed only while the event is draft, and the change of a cancelled one refused', () => {
    const locks = idiomsAt(modelOf(), '/events')?.ownLocks ?? [];
    expect(locks.map(({ operation, allowed, status }) => ({ at: operation.id, allowed, status }))).toEqual([
      { at: 'updateEvent', allowed: ['draft', 'published'], status: 409 },
      { at: 'deleteEvent', allowed: ['draft'], status: 409 },
    ]);
  });

  it('reads "A `published` or `cancelled` event cannot be deleted (409)" as a lock to every other state', () => {
    const model = modelOf((text) =>
      text
        .replace(
          'Only a `draft` event can be deleted (`409` otherwise, nothing changes).',
          'A `published` or `cancelled` event cannot be deleted (409).',
        )
        .replace('is only possible while it is `draft`', 'is possible'),
    );
    const deletion = idiomsAt(model, '/events')?.ownLocks?.find(({ operation }) => operation.id === 'deleteEvent');
    expect(deletion?.status).toBe(409);
    expect(deletion?.allowed).not.toContain('published');
    expect(deletion?.allowed).not.toContain('cancelled');
    expect(deletion?.allowed).toContain('draft');
  });

  it('reads no lock where "cannot be" names another kind of write than the operation', () => {
    const model = modelOf((text) =>
      text
        .replace(
          'Only a `draft` event can be deleted (`409` otherwise, nothing changes).',
          'A `published` or `cancelled` event cannot be renamed (409).',
        )
        .replace('is only possible while it is `draft`', 'is possible'),
    );
    expect(idiomsAt(model, '/events')?.ownLocks?.map(({ operation }) => operation.id)).toEqual(['updateEvent']);
  });

  it('reads none where the words put no state on the deletion', () => {
    // Said twice: in the deletion's own words and in the passage of the document that names it.
    const model = modelOf((text) =>
      text
        .replace('Only a `draft` event can be deleted (`409` otherwise, nothing changes).', 'Deletes the event.')
        .replace('is only possible while it is `draft`', 'is possible'),
    );
    expect(idiomsAt(model, '/events')?.ownLocks?.map(({ operation }) => operation.id)).toEqual(['updateEvent']);
  });
});

describe('reference flags', () => {
  const json = (schema: unknown) => ({ 'application/json': { schema } });
  const product = {
    type: 'object',
    required: ['sku', 'discontinued'],
    properties: { sku: { type: 'string' }, discontinued: { type: 'boolean' } },
  };
  const line = {
    type: 'object',
    required: ['id', 'sku'],
    properties: { id: { type: 'string', readOnly: true }, sku: { type: 'string' } },
  };
  const modelWith = (words: string) =>
    inferApiModel(
      contractFromDocument({
        openapi: '3.0.3',
        info: { title: 'lines', version: '1' },
        paths: {
          '/products': {
            get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: product }) } } },
          },
          '/products/{sku}': {
            parameters: [{ name: 'sku', in: 'path', required: true, schema: { type: 'string' } }],
            get: { responses: { '200': { description: 'one', content: json(product) } } },
          },
          '/lines': {
            get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: line }) } } },
            post: {
              description: words,
              requestBody: { required: true, content: json(line) },
              responses: { '201': { description: 'added', content: json(line) }, '422': { description: 'no' } },
            },
          },
        },
      }),
    );

  it('reads "must not be `discontinued`" as the flag false', () => {
    const [rule] = idiomsAt(
      modelWith('The product must exist and must not be `discontinued`; otherwise `422`.'),
      '/lines',
    )?.referenceStates ?? [undefined];
    expect(rule).toEqual(
      expect.objectContaining({ member: 'sku', stateMember: 'discontinued', allowed: [false], status: 422 }),
    );
  });

  it('reads nothing where the words do not name the flag', () => {
    expect(idiomsAt(modelWith('The product must exist; otherwise `422`.'), '/lines')?.referenceStates).toBeUndefined();
  });
});
