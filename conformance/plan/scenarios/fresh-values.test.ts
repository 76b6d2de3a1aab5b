// Fresh values keep a key's fixed form: a tag under `^[A-Z]{2,4}-[0-9]{3,6}$` takes no suffix, so a
// creation would otherwise send the same tag every time and meet its own earlier item (409).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freshened, stringCandidates, withOtherEnumValues } from './fresh-values.js';

const TAG = /^[A-Z]{2,4}-[0-9]{3,6}$/;
const isValid = (body: unknown) => TAG.test(String((body as { tag?: unknown }).tag));

describe('fresh values of a key with a fixed form', () => {
  it('are new and stay in the form for any step', () => {
    fc.assert(
      fc.property(fc.stringMatching(TAG), fc.integer({ min: 1, max: 50_000_000 }), (tag, step) => {
        const digits = tag.split('-')[1]!;
        fc.pre(step % 10 ** digits.length !== Number(digits));
        const fresh = freshened({ tag }, step, isValid, new Set());
        expect(isValid(fresh)).toBe(true);
        expect(fresh).not.toEqual({ tag });
      }),
    );
  });

  it('are never the value itself, even where a suffix of the step ends it', () => {
    expect(freshened({ tag: 'AB-123456' }, 456, isValid, new Set())).not.toEqual({ tag: 'AB-123456' });
  });

  it('differ from step to step', () => {
    const tags = Array.from(
      { length: 300 },
      (_, i) => (freshened({ tag: 'YX-097' }, 4000 + i, isValid, new Set()) as { tag: string }).tag,
    );
    expect(new Set(tags).size).toBe(300);
    expect(tags).not.toContain('YX-097');
  });
});

describe('fresh values of a body', () => {
  it('leave members named as ids of other items as they are: made new, they would name none', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (step) => {
        const body = { title: 'Printer jam', assigneeId: 'usr_cyd', owner_id: 'u7', customerID: 'c1' };
        const fresh = freshened(body, step, () => true, new Set()) as Record<string, unknown>;
        expect(fresh.title).not.toBe('Printer jam');
        expect([fresh.assigneeId, fresh.owner_id, fresh.customerID]).toEqual(['usr_cyd', 'u7', 'c1']);
      }),
    );
  });
});

describe('dates made new', () => {
  const today = Date.now();

  it('move on within ten years, a past day never past today', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200_000 }), (step) => {
        const [moved] = stringCandidates('2024-03-14', step);
        expect(moved).not.toBe('2024-03-14');
        expect(Date.parse(moved!)).toBeLessThanOrEqual(today);
      }),
    );
  });

  it('keep a day to come in days to come', () => {
    const ahead = new Date(today + 40 * 86_400_000).toISOString().slice(0, 10);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200_000 }), (step) => {
        expect(Date.parse(stringCandidates(ahead, step)[0]!)).toBeGreaterThan(today);
      }),
    );
  });
});

describe('a value of a set a conflict names', () => {
  const schema = {
    type: 'object',
    properties: { day: { type: 'string', enum: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] } },
  };

  it('moves half the set on, and never back to one refused in the same making', () => {
    const refused = new Map<string, Set<unknown>>();
    const tried: unknown[] = [];
    let body: unknown = { day: 'thu', note: 'x' };
    for (let attempt = 0; attempt < 6; attempt++) {
      tried.push((body as { day: unknown }).day);
      body = withOtherEnumValues(body, ['day'], schema, refused);
    }
    tried.push((body as { day: unknown }).day);
    expect(tried.slice(0, 3)).toEqual(['thu', 'mon', 'fri']);
    expect(new Set(tried).size).toBe(7);
    expect((body as { note: unknown }).note).toBe('x');
  });

  it('leaves members of no set alone', () => {
    expect(withOtherEnumValues({ note: 'x' }, ['note'], schema, new Map())).toEqual({ note: 'x' });
  });
});
