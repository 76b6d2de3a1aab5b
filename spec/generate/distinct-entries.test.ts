// Lists the words say name a thing once ("Each `ticketTypeCode` at most once among `lines`"): valid
// input keeps the first entry of each value, never below minItems; lists the words leave open are
// left as they are.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distinctEntriesOf, withDistinctEntries } from './index.js';

const schema = (description: string, minItems = 1) => ({
  description,
  properties: {
    eventId: { type: 'string' },
    lines: {
      type: 'array',
      minItems,
      items: { type: 'object', properties: { code: { type: 'string' }, quantity: { type: 'integer' } } },
    },
  },
});

describe('distinct entries', () => {
  it.each([
    'Each `code` at most once among `lines` (else `400`).',
    '`code` must be unique within `lines`.',
    'No two lines may name the same `code`.',
  ])('reads "%s"', (words) => {
    expect(distinctEntriesOf(schema(words))).toEqual([{ array: 'lines', member: 'code' }]);
  });

  it('reads nothing where the words say nothing of repeats', () => {
    expect(distinctEntriesOf(schema('Lines in the order given.'))).toEqual([]);
  });

  it('keeps the first entry of each value, in order, whatever the list', () => {
    const entry = fc.record({ code: fc.constantFrom('A', 'B', 'C'), quantity: fc.integer() });
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 8 }), (lines) => {
        const fixed = withDistinctEntries({ eventId: 'e1', lines }, schema('Each `code` at most once.'));
        const codes = (fixed.lines as { code: string }[]).map((line) => line.code);
        expect(new Set(codes).size).toBe(codes.length);
        expect(fixed.lines).toEqual(
          lines.filter((line, index) => lines.findIndex((l) => l.code === line.code) === index),
        );
        expect(fixed.eventId).toBe('e1');
      }),
    );
  });

  it('leaves a list that would fall below its minItems as it is', () => {
    const lines = [
      { code: 'A', quantity: 1 },
      { code: 'A', quantity: 2 },
    ];
    expect(withDistinctEntries({ lines }, schema('Each `code` at most once.', 2)).lines).toBe(lines);
  });
});
