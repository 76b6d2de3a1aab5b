// The form of a union body a sent body is, told by its one-valued members.
import { describe, expect, it } from 'vitest';
import { ownFormMembers } from './body-forms.js';

const line = {
  oneOf: [
    { type: 'object', properties: { kind: { enum: ['part'] }, partId: { type: 'string' } } },
    { type: 'object', properties: { kind: { const: 'labour' }, hours: { type: 'number' } } },
  ],
};

describe('the form of a union body', () => {
  it("takes the members of the form the body's one-valued member names", () => {
    expect(ownFormMembers(line, { kind: 'part', partId: 'p1', hours: 2 })).toEqual(new Set(['kind', 'partId']));
    expect(ownFormMembers(line, { kind: 'labour', hours: 2 })).toEqual(new Set(['kind', 'hours']));
  });

  it('says nothing where no form is told apart, or the schema is no union', () => {
    expect(ownFormMembers(line, { partId: 'p1' })).toBeUndefined();
    expect(
      ownFormMembers({ type: 'object', properties: { kind: { enum: ['part'] } } }, { kind: 'part' }),
    ).toBeUndefined();
  });
});
