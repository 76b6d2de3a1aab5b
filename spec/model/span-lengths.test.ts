// A count the words derive from two times of the item ("`nights` = days from `checkIn` to
// `checkOut`") is a formula: read from a member's words, the creation's or the item's, and evaluated
// on any pair of times, rounded down only where the words say "whole".
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../index.js';
import { explainModel } from './explain.js';
import { evaluateFormula, formulasOf } from './formulas.js';
import { inferApiModel } from './infer.js';

const date = { type: 'string', format: 'date' };
const instant = { type: 'string', format: 'date-time' };
const stay = {
  type: 'object',
  description: 'A stay. `nights` = days from `checkIn` to `checkOut`; `total` = `nights` × `nightlyRate`.',
  properties: {
    id: { type: 'string', readOnly: true },
    checkIn: date,
    checkOut: date,
    nights: { type: 'integer', readOnly: true },
    nightlyRate: { type: 'integer' },
    total: { type: 'integer', readOnly: true },
  },
};
const entry = {
  type: 'object',
  properties: {
    start: instant,
    end: instant,
    minutes: { type: 'integer', readOnly: true, description: 'Whole minutes between `start` and `end`.' },
    hours: { type: 'number', readOnly: true },
    label: { type: 'string' },
  },
};

const day = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('counts of the time between two members', () => {
  it("reads the item's words, and a formula built on the count", () => {
    const formulas = formulasOf(stay as never);
    expect(formulas.map(({ member, parts }) => [member, parts])).toEqual([
      ['nights', ['checkIn', 'checkOut']],
      ['total', ['nights', 'nightlyRate']],
    ]);
    const nights = formulas.find((one) => one.member === 'nights')!;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 60 }), (from, length) => {
        const item = { checkIn: isoDate(from * day), checkOut: isoDate((from + length) * day) };
        expect(evaluateFormula(nights, item)).toBe(length);
      }),
    );
  });

  it('rounds down where the words say "whole", and keeps a fraction where they do not', () => {
    const words = { description: 'An entry; `hours` is (`end` − `start`) in hours.' } as never;
    const formulas = formulasOf(entry as never, words);
    const minutes = formulas.find((one) => one.member === 'minutes')!;
    const hours = formulas.find((one) => one.member === 'hours')!;
    const item = { start: '2026-01-01T10:00:00Z', end: '2026-01-01T11:30:59Z' };
    expect(evaluateFormula(minutes, item)).toBe(90);
    expect(evaluateFormula(hours, item)).toBeCloseTo(1.516, 3);
    expect(evaluateFormula(minutes, { start: 'soon', end: item.end })).toBeUndefined();
  });

  it.each([
    'Minutes between `start` and `label`.',
    'The `minutes` were logged between sessions.',
    'Whole minutes between `start` and `start`.',
  ])('reads no count where the words name no two times: "%s"', (words) => {
    const schema = { ...entry, properties: { ...entry.properties, minutes: { type: 'integer', description: words } } };
    expect(formulasOf(schema as never).map((one) => one.member)).not.toContain('minutes');
  });
});

describe('--explain', () => {
  it('prints the counts and formulas the words give, with the rounding they say', () => {
    const json = (schema: unknown) => ({ 'application/json': { schema } });
    const contract = contractFromDocument({
      openapi: '3.0.3',
      info: { title: 'stays', version: '1' },
      paths: {
        '/stays': {
          get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: stay }) } } },
          post: {
            requestBody: { content: json(stay) },
            responses: { '201': { description: 'made', content: json(stay) } },
          },
        },
      },
    });
    const text = explainModel(inferApiModel(contract), 'stays');
    expect(text).toContain('nights = days from checkIn to checkOut');
    expect(text).toContain('total = nights × nightlyRate');
  });
});
