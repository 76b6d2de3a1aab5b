// Counts an item keeps of the items naming it in some states ("Seats of the show in `paid`
// bookings", "the sum of `price` over its `paid` bookings"), and what an action does to those items
// ("every `pending` booking of the show becomes `cancelled`"): read from the words, followed by the
// runner through creations and actions on items of its own. A correct box office passes with every
// step run; each planted fault is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { BOX_OFFICE } from '../fixtures/box-office-document.js';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

const document = contractFromDocument(BOX_OFFICE);

type Fault = 'counts-pending' | 'revenue-ignores-price' | 'cancel-keeps-pending';
type Row = Record<string, unknown>;

/** A box office keeping its counts from its bookings; `fault` plants one mistake. */
/** A box office; `busy`: other clients book seats of every show all the while (each read shows
 * one more). */
function boxOffice(fault?: Fault, seeded: readonly Row[] = [], busy = false) {
  const shows: Row[] = seeded.map((show) => ({ ...show }));
  const bookings: Row[] = [];
  let othersSeats = 0;
  const counted = (row: Row) => row.status === 'paid' || (fault === 'counts-pending' && row.status === 'pending');
  const view = (one: Row) => {
    const paid = bookings.filter((b) => b.showId === one.id && counted(b));
    const seatsSold = paid.reduce((sum, b) => sum + (b.seats as number), busy ? ++othersSeats : 0);
    const revenue =
      fault === 'revenue-ignores-price' ? seatsSold : paid.reduce((sum, b) => sum + (b.price as number), 0);
    return { ...one, seatsSold, revenue };
  };
  const send = sendJson;
  const refuse = (res: ServerResponse, status: number) => send(res, status, { message: `refused ${status}` });
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const [path = ''] = (req.url ?? '').split('?');
    const parts = path.split('/').filter(Boolean);
    const body = parseObject(text);
    if (parts[0] === 'shows') {
      if (parts.length === 1 && req.method === 'GET') return send(res, 200, shows.map(view));
      if (parts.length === 1 && req.method === 'POST') {
        const title = body?.title;
        if (!body || Object.keys(body).some((key) => key !== 'title')) return refuse(res, 400);
        if (typeof title !== 'string' || title.length < 1 || [...title].length > 40) return refuse(res, 400);
        const made = { id: `s${shows.length + 1}`, title, status: 'open' };
        shows.push(made);
        return send(res, 201, view(made));
      }
      const found = shows.find((one) => one.id === decodeURIComponent(parts[1] ?? ''));
      if (!found) return refuse(res, 404);
      if (parts.length === 2 && req.method === 'GET') return send(res, 200, view(found));
      if (parts[2] === 'cancel' && req.method === 'POST') {
        if (found.status !== 'open') return refuse(res, 409);
        found.status = 'cancelled';
        if (fault !== 'cancel-keeps-pending')
          for (const one of bookings) if (one.showId === found.id && one.status === 'pending') one.status = 'cancelled';
        return send(res, 200, view(found));
      }
      return refuse(res, 404);
    }
    if (parts[0] === 'bookings') {
      if (parts.length === 1 && req.method === 'GET') return send(res, 200, bookings);
      if (parts.length === 1 && req.method === 'POST') {
        const seats = body?.seats;
        const valid =
          body !== undefined &&
          Object.keys(body).every((key) => key === 'showId' || key === 'seats') &&
          typeof body.showId === 'string' &&
          typeof seats === 'number' &&
          Number.isInteger(seats) &&
          seats >= 1 &&
          seats <= 4;
        if (!valid) return refuse(res, 400);
        const named = shows.find((one) => one.id === body.showId);
        if (!named) return refuse(res, 422);
        if (named.status !== 'open') return refuse(res, 409);
        const made = { id: `b${bookings.length + 1}`, showId: named.id, seats, price: seats * 700, status: 'pending' };
        bookings.push(made);
        return send(res, 201, made);
      }
      const found = bookings.find((one) => one.id === decodeURIComponent(parts[1] ?? ''));
      if (!found) return refuse(res, 404);
      if (parts.length === 2 && req.method === 'GET') return send(res, 200, found);
      const moves: Record<string, string> = { pay: 'paid', cancel: 'cancelled' };
      const target = moves[parts[2] ?? ''];
      if (target && req.method === 'POST') {
        if (found.status !== 'pending') return refuse(res, 409);
        found.status = target;
        return send(res, 200, found);
      }
    }
    return refuse(res, 404);
  };
}

const run = (fault?: Fault) =>
  runConformance({ target: { app: boxOffice(fault) }, contract: document, seed: 5, runs: 5 });

const codes = (result: Awaited<ReturnType<typeof run>>) => result.violations.map((violation) => violation.code);

/** The box office without a way to add shows: its two shows are everyone's. */
const SHARED = contractFromDocument({
  ...BOX_OFFICE,
  paths: { ...BOX_OFFICE.paths, '/shows': { get: BOX_OFFICE.paths['/shows'].get } },
});
const SEEDED_SHOWS = [
  { id: 's1', title: 'Matinee', status: 'open' },
  { id: 's2', title: 'Evening', status: 'open' },
];

describe('counts of the items naming an item, and what its actions do to them', () => {
  it('reads the counts and the effect from the words', () => {
    const shows = inferApiModel(document).resources.find(({ collection }) => collection.path === '/shows');
    expect(shows?.idioms.stateCounts).toEqual([
      expect.objectContaining({
        member: 'seatsSold',
        collection: '/bookings',
        states: ['paid'],
        via: 'showId',
        weight: 'seats',
      }),
      expect.objectContaining({ member: 'revenue', states: ['paid'], weight: 'price' }),
    ]);
    expect(shows?.idioms.referrerEffects).toEqual([
      expect.objectContaining({ verb: 'cancel', collection: '/bookings', from: 'pending', to: 'cancelled' }),
    ]);
  });

  it('passes a box office that keeps them, with every step run', async () => {
    const result = await run();
    expect(codes(result).filter((code) => ['state_count_wrong', 'referrer_not_moved'].includes(code))).toEqual([]);
    expect(result.reach).toBeDefined();
    const unreached = (result.reach?.unreached ?? []).filter((step) =>
      /state counts|referrer effects/.test(step.scenario),
    );
    expect(unreached).toEqual([]);
  });

  it("notes, and does not fail, a count off on an item the run did not make while others' items move it", async () => {
    const result = await runConformance({
      target: { app: boxOffice('counts-pending', SEEDED_SHOWS, true) },
      contract: SHARED,
      seed: 5,
      runs: 5,
    });
    expect(result.violations.map((v) => v.code)).not.toContain('state_count_wrong');
    expect(result.notes.map((note) => note.code)).toContain('state_count_wrong');
  });

  it('fails a count off on an item the run did not make where it held still around the step', async () => {
    const result = await runConformance({
      target: { app: boxOffice('counts-pending', SEEDED_SHOWS) },
      contract: SHARED,
      seed: 5,
      runs: 5,
    });
    expect(result.violations.map((v) => v.code)).toContain('state_count_wrong');
  });

  it.each([
    ['counts-pending', 'state_count_wrong', /seatsSold/],
    ['revenue-ignores-price', 'state_count_wrong', /revenue/],
    ['cancel-keeps-pending', 'referrer_not_moved', /"pending"/],
  ] as const)('names the fault of a box office that %s', async (fault, code, said) => {
    const result = await run(fault);
    const found = result.violations.filter((violation) => violation.code === code);
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]!.message).toMatch(said);
  });
});
