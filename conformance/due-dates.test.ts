// A date the words derive from an instant and a count ("`dueDate` to the UTC date of `loanedAt`
// plus `days` days") is judged on every answer that holds the item.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const loanInput = {
  type: 'object',
  additionalProperties: false,
  properties: { days: { type: 'integer', minimum: 1, maximum: 28, default: 14 } },
};
const loan = {
  type: 'object',
  required: ['id', 'days', 'loanedAt', 'dueDate'],
  properties: {
    id: { type: 'string', readOnly: true },
    days: { type: 'integer' },
    loanedAt: { type: 'string', format: 'date-time', readOnly: true },
    dueDate: { type: 'string', format: 'date', readOnly: true },
  },
};
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'loans', version: '1' },
  paths: {
    '/loans': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: loan }) } } },
      post: {
        description: 'The service sets `loanedAt` to now and `dueDate` to the UTC date of `loanedAt` plus `days` days.',
        requestBody: { required: true, content: json(loanInput) },
        responses: { '201': { description: 'made', content: json(loan) }, '400': { description: 'bad' } },
      },
    },
    '/loans/{loanId}': {
      parameters: [{ name: 'loanId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(loan) }, '404': { description: 'none' } } },
    },
  },
});

type Fault = 'due-one-day-late' | 'days-ignored';

function desk(fault?: Fault) {
  const loans: Record<string, unknown>[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const [collection, id] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (collection !== 'loans') return send(res, 404, {});
    if (req.method === 'POST' && !id) {
      const body = parseObject(await readBody(req));
      const days = body?.days ?? 14;
      const extra = Object.keys(body ?? {}).some((key) => key !== 'days');
      if (!body || extra || !Number.isInteger(days) || (days as number) < 1 || (days as number) > 28)
        return send(res, 400, { message: 'bad loan' });
      const now = Date.now();
      const counted = (fault === 'days-ignored' ? 14 : (days as number)) + (fault === 'due-one-day-late' ? 1 : 0);
      const made = {
        id: `l${loans.length + 1}`,
        days,
        loanedAt: new Date(now).toISOString(),
        dueDate: new Date(now + counted * 86_400_000).toISOString().slice(0, 10),
      };
      loans.push(made);
      return send(res, 201, made);
    }
    if (req.method !== 'GET') return send(res, 405, {});
    if (!id) return send(res, 200, loans);
    const found = loans.find((one) => one.id === id);
    return found ? send(res, 200, found) : send(res, 404, {});
  };
}

const offDates = async (fault?: Fault) => {
  const report = await runConformance({ target: { app: desk(fault) }, contract, seed: 3, runs: 8 });
  return report.violations.filter((v) => v.code === 'derived_time_off').map((v) => v.message);
};

describe('a date derived from an instant and a count', () => {
  it('passes loans due the said number of days after they were made', async () => {
    expect(await offDates()).toEqual([]);
  });

  it.each(['due-one-day-late', 'days-ignored'] as const)('names a service whose fault is %s', async (fault) => {
    expect((await offDates(fault)).length).toBeGreaterThan(0);
  });
});
