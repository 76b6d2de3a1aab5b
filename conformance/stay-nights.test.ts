// Counts the words derive from an item's dates ("`nights` = days from `checkIn` to `checkOut`") are
// judged on every answer that holds the item, and so is a formula that builds on them.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { staysContract } from '../fixtures/stays-document.js';
import { runConformance } from './index.js';

type Fault = 'nights-one-short' | 'total-one-night';
type Stay = { id: string; checkIn: string; checkOut: string; nightlyRate: number; nights: number; total: number };

function hotel(fault?: Fault) {
  const stays: Stay[] = [];
  const made = (input: Omit<Stay, 'id' | 'nights' | 'total'>): Stay => {
    const days = Math.round((Date.parse(input.checkOut) - Date.parse(input.checkIn)) / 86_400_000);
    const nights = fault === 'nights-one-short' ? days - 1 : days;
    const total = fault === 'total-one-night' ? input.nightlyRate : nights * input.nightlyRate;
    return { id: `s${stays.length + 1}`, ...input, nights, total };
  };
  stays.push(made({ checkIn: '2031-01-10', checkOut: '2031-01-14', nightlyRate: 90 }));
  return async (req: IncomingMessage, res: ServerResponse) => {
    const [collection, id] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (collection !== 'stays') return send(res, 404, {});
    if (req.method === 'POST' && !id) {
      const body = parseObject(await readBody(req));
      const dated = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
      const rate = body?.nightlyRate;
      const keys = Object.keys(body ?? {});
      const valid =
        body &&
        keys.every((key) => ['checkIn', 'checkOut', 'nightlyRate'].includes(key)) &&
        dated(body.checkIn) &&
        dated(body.checkOut) &&
        !Number.isNaN(Date.parse(String(body.checkIn))) &&
        Date.parse(String(body.checkOut)) > Date.parse(String(body.checkIn)) &&
        Number.isInteger(rate) &&
        (rate as number) >= 1 &&
        (rate as number) <= 1000;
      if (!valid) return send(res, 400, { message: 'bad stay' });
      const stay = made(body as Omit<Stay, 'id' | 'nights' | 'total'>);
      stays.push(stay);
      return send(res, 201, stay);
    }
    if (req.method !== 'GET') return send(res, 405, {});
    if (!id) return send(res, 200, stays);
    const found = stays.find((one) => one.id === id);
    return found ? send(res, 200, found) : send(res, 404, {});
  };
}

const formulaFaults = async (fault?: Fault) => {
  const report = await runConformance({ target: { app: hotel(fault) }, contract: staysContract, seed: 3, runs: 5 });
  return report.violations.filter((v) => v.code === 'formula_not_followed').map((v) => v.message);
};

describe('counts derived from dates', () => {
  it('passes stays whose nights and totals follow the words', async () => {
    expect(await formulaFaults()).toEqual([]);
  });

  it.each(['nights-one-short', 'total-one-night'] as const)('names a service whose fault is %s', async (fault) => {
    expect((await formulaFaults(fault)).length).toBeGreaterThan(0);
  });
});
