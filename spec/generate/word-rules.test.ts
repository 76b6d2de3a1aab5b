// Rules said in words that generated values follow: a code's check digit and a weekday.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wordRuleBreaksOf, wordRuleCheckOf, wordRuleOf } from './word-rules.js';

/** GS1 validity, written apart from the code under test: weights 1 and 3 from the left for 13 digits. */
const gs1Valid = (code: string) =>
  [...code].reduce((sum, digit, index) => sum + Number(digit) * ((code.length - index) % 2 === 0 ? 3 : 1), 0) % 10 ===
  0;

/** Luhn validity: every second digit from the right doubled. */
const luhnValid = (code: string) =>
  [...code].reverse().reduce((sum, digit, index) => {
    const value = Number(digit) * (index % 2 === 1 ? 2 : 1);
    return sum + (value > 9 ? value - 9 : value);
  }, 0) %
    10 ===
  0;

describe('word rules', () => {
  it('puts any instant on the grid its words give, never earlier, with no seconds', () => {
    const grids: Array<[string, number]> = [
      ['fall on whole quarter hours in UTC', 15],
      ['must start on the hour', 60],
      ['in multiples of 30 minutes', 30],
      ['booked in 5-minute slots', 5],
    ];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(...grids),
        (date, [words, minutes]) => {
          const fixed = wordRuleOf('startsAt', words)?.(date.toISOString()) as string;
          const at = Date.parse(fixed);
          expect(at % (minutes * 60_000)).toBe(0);
          expect(at).toBeGreaterThanOrEqual(date.getTime());
          expect(at - date.getTime()).toBeLessThan(minutes * 60_000);
        },
      ),
    );
    expect(wordRuleOf('startsAt', 'any instant')).toBeUndefined();
    // RFC 3339 takes a lower-case separator and any fraction.
    expect(wordRuleOf('startsAt', 'on whole quarter hours')?.('2001-01-01t23:05:03.476644247Z')).toBe(
      '2001-01-01T23:15:00Z',
    );
  });

  it('gives an ISBN-13 by name its check digit', () => {
    expect(wordRuleOf('isbn', undefined)?.('9780262510876')).toBe('9780262510875');
    expect(wordRuleOf('eanCode', undefined)?.('4006381333932')).toBe('4006381333931');
  });

  it('any 13 digits named an ISBN, EAN or GTIN come out valid by GS1', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^97[89]\d{10}$/),
        fc.constantFrom('isbn', 'isbn13', 'gtin', 'ean_13'),
        (code, name) => {
          const fixed = wordRuleOf(name, undefined)?.(code) as string;
          expect(fixed.slice(0, 12)).toBe(code.slice(0, 12));
          expect(gs1Valid(fixed)).toBe(true);
        },
      ),
    );
  });

  it('a card number by Luhn, by name or by words', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{16}$/), (code) => {
        expect(luhnValid(wordRuleOf('cardNumber', undefined)?.(code) as string)).toBe(true);
      }),
    );
    expect(wordRuleOf('code', 'A 13-digit EAN with a correct check digit.')?.('4006381333932')).toBe('4006381333931');
  });

  it('leaves a value whose words say its check digit is not verified, and a card number too short for a PAN', () => {
    const unverified = 'ISBN-13, 13 digits (the check digit is not verified). A duplicate is refused with 409.';
    expect(wordRuleOf('isbn', unverified)?.('9780261103570') ?? '9780261103570').toBe('9780261103570');
    expect(wordRuleBreaksOf('isbn', unverified)).toEqual([]);
    expect(wordRuleOf('isbn', 'ISBN-13; the check digit must be correct.')?.('9780261103570')).toBe('9780261103573');
    // A library card's 8 digits name a member: rewritten, they would name another.
    expect(wordRuleOf('cardNumber', undefined)?.('00067890')).toBe('00067890');
  });

  it('a date on the weekday its words name, the time kept', () => {
    const monday = wordRuleOf('weekStart', 'The Monday that starts the week.');
    expect(monday?.('2030-01-09')).toBe('2030-01-14');
    expect(monday?.('2030-01-14')).toBe('2030-01-14');
    expect(monday?.('2030-01-12T10:30:00Z')).toBe('2030-01-14T10:30:00Z');
  });

  it('no rule where the words name none, or more than one weekday', () => {
    expect(wordRuleOf('mean', undefined)).toBeUndefined();
    expect(wordRuleOf('name', 'The title of the book.')).toBeUndefined();
    expect(wordRuleOf('day', 'Monday or Tuesday.')).toBeUndefined();
    expect(wordRuleOf('code', 'Has a check digit.')).toBeUndefined();
  });

  it('leaves values it does not apply to as they are', () => {
    expect(wordRuleOf('isbn', undefined)?.('not-an-isbn')).toBe('not-an-isbn');
    expect(wordRuleOf('isbn', undefined)?.(42)).toBe(42);
  });

  it('breaks a check digit the words say is checked, for any code: the broken value fails GS1', () => {
    const said = 'ISBN-13 with a correct check digit, wherever it appears; otherwise 400.';
    fc.assert(
      fc.property(fc.stringMatching(/^97[89]\d{10}$/), (digits) => {
        const valid = wordRuleOf('isbn', said)?.(digits) as string;
        const [rule] = wordRuleBreaksOf('isbn', said);
        const broken = rule?.(valid);
        expect(gs1Valid(valid)).toBe(true);
        expect(broken?.label).toBe('has a wrong check digit');
        expect(gs1Valid(String(broken?.value))).toBe(false);
      }),
    );
  });

  it('breaks nothing the words do not say is checked', () => {
    expect(wordRuleBreaksOf('isbn', undefined)).toEqual([]);
    expect(wordRuleBreaksOf('weekStart', 'Usually a Monday.')).toEqual([]);
    const [monday] = wordRuleBreaksOf('weekStart', 'weekStart must be a Monday (400 otherwise).');
    expect(monday?.('2030-01-07')).toEqual({ value: '2030-01-08', label: 'is not a monday' });
  });

  it('keeps a date its words keep from the past out of it, and breaks it with yesterday', () => {
    const today = new Date().toISOString().slice(0, 10);
    const words = 'Not before today (UTC); null clears it.';
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }),
        (date) => {
          const day = date.toISOString().slice(0, 10);
          const kept = wordRuleOf('promisedDate', words)?.(day);
          expect(typeof kept === 'string' && kept > today).toBe(true);
          if (day > today) expect(kept).toBe(day);
        },
      ),
    );
    const [breaks] = wordRuleBreaksOf('promisedDate', words);
    const broken = breaks?.('2080-05-06T10:00:00Z');
    expect(broken?.value).toMatch(/^\d{4}-\d{2}-\d{2}T10:00:00Z$/);
    expect(String(broken?.value).slice(0, 10) < today).toBe(true);
    expect(wordRuleBreaksOf('promisedDate', 'Usually in the future.')).toEqual([]);
  });

  it('checks what a service refuses by the words: each break it makes, and no value a fix made', () => {
    const isbn = wordRuleCheckOf('isbn', 'ISBN-13 with a correct check digit (422 otherwise).')!;
    fc.assert(
      fc.property(fc.stringMatching(/^97[89]\d{10}$/), (digits) => {
        const valid = wordRuleOf('isbn', 'ISBN-13 with a correct check digit (422 otherwise).')!(digits) as string;
        expect(isbn(valid)).toBeUndefined();
        for (const breaks of wordRuleBreaksOf('isbn', 'ISBN-13 with a correct check digit (422 otherwise).'))
          expect(isbn(breaks(valid)?.value)).toBe('has a wrong check digit');
      }),
    );
    const notPast = wordRuleCheckOf('startsAt', 'Not before today (UTC).')!;
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(notPast(`${today}T00:00:00Z`)).toBeUndefined();
    expect(notPast(`${yesterday}T23:00:00Z`)).toBe('is before today, which its words forbid');
    expect(wordRuleCheckOf('monday', 'Must be a Monday.')!('2026-11-30')).toBeUndefined();
    expect(wordRuleCheckOf('monday', 'Must be a Monday.')!('2026-12-01')).toBe('is not a monday');
  });

  it('checks nothing the words leave unchecked', () => {
    expect(wordRuleCheckOf('isbn', 'An ISBN-13 (the check digit is not verified).')).toBeUndefined();
    expect(wordRuleCheckOf('note', 'Free text.')).toBeUndefined();
  });

  it('sends the value the words show where they refuse the others, and nothing where they do not', () => {
    const zone = 'An IANA time zone name such as `Europe/Paris`; other values answer `400`.';
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(wordRuleOf('timezone', zone)?.(value)).toBe('Europe/Paris');
      }),
    );
    expect(wordRuleOf('currency', 'Must be an ISO 4217 code, e.g. `EUR`.')?.('x1')).toBe('EUR');
    expect(wordRuleOf('timezone', 'A time zone such as `Europe/Paris`.')).toBeUndefined();
    expect(
      wordRuleOf('email', 'An address such as `a@b.io`; must be unique, other values answer 400.'),
    ).toBeUndefined();
  });
});
