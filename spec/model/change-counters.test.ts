// Counts of an item's changes, said on the item ("`revision` grows by one" on every change) or in
// the member's own words, which need not name it ("grows by exactly 1 with each change"); a count
// that grows with something else than a change (a comment added) is none.
import { describe, expect, it } from 'vitest';
import { changeCountersOf } from './change-counters.js';

const integer = (description?: string) => ({ type: 'integer', ...(description ? { description } : {}) });

describe('counts of an item’s changes', () => {
  it('reads a count named in the item’s words', () => {
    const schema = {
      type: 'object',
      description: 'Every successful PATCH, publish and archive is a change: `revision` grows by one.',
      properties: { revision: integer(), title: { type: 'string' } },
    };
    expect(changeCountersOf(schema)).toEqual(['revision']);
  });

  it('reads a count its own words describe without naming it', () => {
    const schema = {
      type: 'object',
      properties: {
        revision: integer('1 when created; grows by exactly 1 with each change.'),
        commentCount: integer('Grows by 1 with each comment added.'),
        version: { type: 'string', description: 'grows by 1 with each change' },
      },
    };
    // commentCount grows with comments, not changes; version is no whole number.
    expect(changeCountersOf(schema)).toEqual(['revision']);
  });
});
