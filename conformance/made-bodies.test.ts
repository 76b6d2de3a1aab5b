// The bodies of items the run makes to use: a writable state starts where a new item starts (left
// out where it has a default, else the first value), and optional members whose words give them a
// default of the service's own are left out; a body the schema would then refuse is kept as it was.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inFirstState, withSaidDefaultsLeftOut } from './plan/scenarios/listed-values.js';

const schema = {
  type: 'object',
  required: ['title'],
  properties: {
    title: { type: 'string' },
    status: { type: 'string', enum: ['draft', 'on_sale', 'closed'], default: 'draft' },
    capacity: { type: 'integer', description: "Defaults to the venue's capacity." },
    seats: { type: 'integer', description: 'How many seats.' },
  },
};
const state = { member: 'status', values: ['draft', 'on_sale', 'closed'] };
const anyValid = { isValid: () => true };

describe('bodies of items made to use', () => {
  it('leaves a state with a default out, whatever state was drawn', () => {
    fc.assert(
      fc.property(fc.constantFrom('draft', 'on_sale', 'closed'), fc.string(), (status, title) => {
        expect(inFirstState({ title, status }, state, schema, anyValid)).toEqual({ title });
      }),
    );
  });

  it('sets a state without a default to its first value', () => {
    const plain = { ...schema, properties: { ...schema.properties, status: { enum: state.values } } };
    expect(inFirstState({ title: 't', status: 'closed' }, state, plain, anyValid)).toEqual({
      title: 't',
      status: 'draft',
    });
  });

  it('keeps the drawn state where the schema would refuse the body without it', () => {
    const needsState = { isValid: (body: unknown) => Object.hasOwn(body as object, 'status') };
    expect(inFirstState({ title: 't', status: 'closed' }, state, schema, needsState)).toEqual({
      title: 't',
      status: 'closed',
    });
  });

  it('leaves out optional members whose words give a default, and only those', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (capacity, seats) => {
        expect(withSaidDefaultsLeftOut({ title: 't', capacity, seats }, schema, anyValid)).toEqual({
          title: 't',
          seats,
        });
      }),
    );
  });

  it('keeps a member whose words default it to null, or only say it is null when not given', () => {
    const nulls = {
      ...schema,
      properties: {
        ...schema.properties,
        reason: { type: ['string', 'null'], description: 'Why the pet is coming; null when not given.' },
        note: { type: ['string', 'null'], description: 'Defaults to null.' },
      },
    };
    expect(withSaidDefaultsLeftOut({ title: 't', reason: 'r', note: 'n' }, nulls, anyValid)).toEqual({
      title: 't',
      reason: 'r',
      note: 'n',
    });
  });

  it('keeps a required member whatever its words say', () => {
    const required = { ...schema, required: ['title', 'capacity'] };
    expect(withSaidDefaultsLeftOut({ title: 't', capacity: 3 }, required, anyValid)).toEqual({
      title: 't',
      capacity: 3,
    });
  });
});
