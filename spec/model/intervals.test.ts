// Items that must not overlap in time, read from the words with the interval they span; words that
// speak of overlap without forbidding it are no rule.
import { describe, expect, it } from 'vitest';
import { intervalOf } from './intervals.js';

const schema = {
  type: 'object',
  properties: {
    roomId: { type: 'string' },
    startsAt: { type: 'string', format: 'date-time' },
    endsAt: { type: 'string', format: 'date-time' },
    startedAt: { type: 'string', format: 'date-time' },
    minutes: { type: 'integer' },
    durationHours: { type: 'number' },
  },
};

describe('intervalOf', () => {
  it('reads a start and a length with its unit, half-open where the words say so', () => {
    const words = 'Two entries must not overlap in time.';
    const around = `${words} An entry covers the half-open interval [startedAt, startedAt + minutes).`;
    expect(intervalOf(words, around, schema)).toEqual({
      start: 'startedAt',
      length: { member: 'minutes', unitMs: 60_000 },
      touchingFree: true,
    });
  });

  it('reads a start and an end, closed unless said otherwise', () => {
    const words = 'Bookings of one room cannot overlap: a booking spans startsAt to endsAt.';
    expect(intervalOf(words, words, schema)).toEqual({ start: 'startsAt', end: 'endsAt', touchingFree: false });
  });

  it('reads an hour length and a booking that starts as another ends as free', () => {
    const words = 'No two bookings may overlap';
    const around = `${words}; a booking lasts durationHours from startsAt; one that starts when another ends does not overlap it.`;
    expect(intervalOf(words, around, schema)).toMatchObject({
      start: 'startsAt',
      length: { member: 'durationHours', unitMs: 3_600_000 },
      touchingFree: true,
    });
  });

  it('reads a rule on shared nights of a stay: dates, the night of the end free', () => {
    const stay = {
      type: 'object',
      properties: {
        roomId: { type: 'string' },
        checkIn: { type: 'string', format: 'date' },
        checkOut: { type: 'string', format: 'date' },
      },
    };
    const words =
      'The room must not already have a reservation sharing at least one of those nights (from `checkIn` to `checkOut`); otherwise `409`.';
    expect(intervalOf(words, words, stay)).toEqual({
      start: 'checkIn',
      end: 'checkOut',
      touchingFree: true,
      days: true,
    });
  });

  it("reads the item's one start and end where the words speak of its period alone", () => {
    const entry = {
      type: 'object',
      properties: {
        start: { type: 'string', format: 'date-time' },
        end: { type: 'string', format: 'date-time' },
        note: { type: 'string' },
      },
    };
    const words =
      'Entries of the same task must not overlap: if the new period overlaps an existing entry the request is answered with `409`.';
    expect(intervalOf(words, words, entry)).toEqual({ start: 'start', end: 'end', touchingFree: false });
  });

  it('reads "back-to-back" bookings as free at the touching instant', () => {
    const words = 'A booking cannot overlap another of its room (startsAt to endsAt); back-to-back bookings are fine.';
    expect(intervalOf(words, words, schema)).toMatchObject({ start: 'startsAt', end: 'endsAt', touchingFree: true });
  });

  it.each([
    'Entries may overlap; startedAt and minutes are free.',
    'The overlap of two entries is shown in the report (startedAt, minutes).',
    'Entries sharing a night with another are shown together (startedAt, minutes).',
  ])('reads nothing from words that do not forbid overlap: "%s"', (words) => {
    expect(intervalOf(words, words, schema)).toBeUndefined();
  });

  it('reads nothing where no member spans the interval', () => {
    const words = 'Two entries must not overlap in time.';
    expect(intervalOf(words, words, { type: 'object', properties: { note: { type: 'string' } } })).toBeUndefined();
  });
});
