// Times the words derive from others: read from a member's own description, from a sentence of the
// creation, and from the document's words where they name the resource; said of new items only
// where the words speak of one.
import { describe, expect, it } from 'vitest';
import { contractFromDocument, derivedTimesOf, inferApiModel, withDerivedTimes } from '../index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });

function rulesOf(dueAt: Record<string, unknown>, createDescription: string, info = '') {
  const loan = {
    type: 'object',
    required: ['id'],
    properties: {
      id: { type: 'string' },
      loanedAt: { type: 'string', format: 'date-time' },
      dueAt: { type: 'string', format: 'date-time', ...dueAt },
      renewCount: { type: 'integer' },
    },
  };
  const contract = contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'loans', version: '1', description: info },
    paths: {
      '/loans': {
        get: { responses: { '200': { description: 'ok', content: json({ type: 'array', items: loan }) } } },
        post: {
          description: createDescription,
          requestBody: { content: json({ type: 'object', properties: { note: { type: 'string' } } }) },
          responses: { '201': { description: 'made', content: json(loan) } },
        },
      },
    },
  });
  const loans = inferApiModel(contract).collections.find((c) => c.path === '/loans')!;
  return derivedTimesOf(loans, contract);
}

const DAY = 86_400_000;

describe('derivedTimesOf', () => {
  it("reads a member's own description, with its multiplier", () => {
    expect(rulesOf({ description: '`loanedAt` + 14 days × (1 + `renewCount`).' }, '')).toEqual([
      expect.objectContaining({ member: 'dueAt', from: 'loanedAt', plusMs: 14 * DAY, times: 'renewCount' }),
    ]);
  });

  it('reads the creation\'s words as said of a new item, exact to the second where they say "exactly"', () => {
    expect(rulesOf({}, 'A new loan has `dueAt` = `loanedAt` + exactly 14 days.')).toEqual([
      expect.objectContaining({ member: 'dueAt', plusMs: 14 * DAY, toleranceMs: 1_000, onCreation: true }),
    ]);
  });

  it('reads a time said of a member the client leaves out as a default, judged only then', () => {
    expect(rulesOf({}, 'An absent `dueAt` is `loanedAt` + 21 days.')).toEqual([
      expect.objectContaining({ member: 'dueAt', plusMs: 21 * DAY, whenAbsent: true, onCreation: true }),
    ]);
    expect(rulesOf({}, 'A new loan has `dueAt` = `loanedAt` + 21 days.')[0]).not.toHaveProperty('whenAbsent');
  });

  it("reads the document's words only where they name the resource", () => {
    expect(rulesOf({}, '', 'A reminder: dueAt is 3 days after loanedAt.')).toEqual([]);
    expect(rulesOf({}, '', 'A loan: dueAt is 3 days after loanedAt.')).toEqual([
      expect.objectContaining({ member: 'dueAt', from: 'loanedAt', plusMs: 3 * DAY }),
    ]);
  });

  it('reads a further amount per renewal, and nothing where a further term names no count', () => {
    expect(rulesOf({ description: '`loanedAt` plus 21 days, plus 14 days for each renewal.' }, '')).toEqual([
      expect.objectContaining({ plusMs: 21 * DAY, each: { member: 'renewCount', plusMs: 14 * DAY } }),
    ]);
    expect(rulesOf({ description: '`loanedAt` plus 21 days, plus another 14 days for each renewal.' }, '')).toEqual([
      expect.objectContaining({ plusMs: 21 * DAY, each: { member: 'renewCount', plusMs: 14 * DAY } }),
    ]);
    expect(rulesOf({ description: '`loanedAt` plus 21 days, plus 2 days for each holiday.' }, '')).toEqual([]);
  });

  it('reads nothing where a member is no date-time or the words add no amount', () => {
    expect(rulesOf({}, '`dueAt` = `loanedAt` + the grace period.')).toEqual([]);
    expect(rulesOf({}, '`renewCount` = `loanedAt` + 2 days.')).toEqual([]);
  });

  it('reads an amount per value of an enum member, with members declared as allOf beside their words', () => {
    const instant = { allOf: [{ type: 'string', format: 'date-time' }], readOnly: true };
    const ticket = {
      type: 'object',
      properties: {
        id: { type: 'string' },
        priority: { allOf: [{ type: 'string', enum: ['low', 'urgent'] }], default: 'low' },
        createdAt: instant,
        dueAt: instant,
      },
    };
    const contract = contractFromDocument({
      openapi: '3.0.3',
      info: {
        title: 'desk',
        version: '1',
        description:
          "SLA: `dueAt` = `createdAt` + the response time of the ticket's priority: `urgent` 4 hours, `low` 7 days.",
      },
      paths: {
        '/tickets': {
          get: { responses: { '200': { description: 'ok', content: json({ type: 'array', items: ticket }) } } },
          post: {
            requestBody: { content: json({ type: 'object', properties: { priority: { type: 'string' } } }) },
            responses: { '201': { description: 'made', content: json(ticket) } },
          },
        },
      },
    });
    const tickets = inferApiModel(contract).collections.find((c) => c.path === '/tickets')!;
    const [rule] = derivedTimesOf(tickets, contract);
    expect(rule).toMatchObject({ member: 'dueAt', from: 'createdAt', byValue: { member: 'priority' } });
    const createdAt = '2026-01-01T00:00:00.000Z';
    expect((withDerivedTimes({ priority: 'urgent', createdAt }, [rule!]) as Record<string, unknown>).dueAt).toBe(
      '2026-01-01T04:00:00.000Z',
    );
    expect((withDerivedTimes({ priority: 'low', createdAt }, [rule!]) as Record<string, unknown>).dueAt).toBe(
      '2026-01-08T00:00:00.000Z',
    );
    expect(
      (withDerivedTimes({ priority: 'other', createdAt }, [rule!]) as Record<string, unknown>).dueAt,
    ).toBeUndefined();
  });

  it('reads a date a count of days after an instant, exact where the words name the UTC date', () => {
    const loan = {
      type: 'object',
      properties: {
        id: { type: 'string' },
        days: { type: 'integer', default: 14 },
        loanedAt: { type: 'string', format: 'date-time', readOnly: true },
        dueDate: { type: 'string', format: 'date', readOnly: true },
      },
    };
    const contractSaying = (words: string) =>
      contractFromDocument({
        openapi: '3.0.3',
        info: { title: 'loans', version: '1' },
        paths: {
          '/loans': {
            get: { responses: { '200': { description: 'ok', content: json({ type: 'array', items: loan }) } } },
            post: {
              description: words,
              requestBody: { content: json({ type: 'object', properties: { days: { type: 'integer' } } }) },
              responses: { '201': { description: 'made', content: json(loan) } },
            },
          },
        },
      });
    const rulesSaid = (words: string) => {
      const contract = contractSaying(words);
      return derivedTimesOf(inferApiModel(contract).collections.find((c) => c.path === '/loans')!, contract);
    };
    const [utc] = rulesSaid('The service sets `dueDate` to the UTC date of `loanedAt` plus `days` days.');
    expect(utc).toMatchObject({
      member: 'dueDate',
      from: 'loanedAt',
      plusMs: 0,
      each: { member: 'days', plusMs: DAY },
    });
    expect(utc).toMatchObject({ dateOnly: true, toleranceMs: 0 });
    const made = withDerivedTimes({ loanedAt: '2026-03-30T23:30:00Z', days: 3 }, [utc!]) as Record<string, unknown>;
    expect(made.dueDate).toBe('2026-04-02');
    expect(rulesSaid('`dueDate` = `loanedAt` + `days` days.')).toEqual([
      expect.objectContaining({ dateOnly: true, toleranceMs: DAY }),
    ]);
    expect(rulesSaid('`dueDate` = `loanedAt` + `id` days.')).toEqual([]);
  });
});
