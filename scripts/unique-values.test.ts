// Values one live item at a time may hold, said only in the document's words ("A court holds one
// booking that is not cancelled per start time"): read by the model, served by the mock, judged by
// the runner against a hand-written service and three faulty copies of it (not the mock).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { createMockApp } from '../mock/index.js';
import { apiModelOf, loadContract } from '../spec/index.js';

const DOCUMENT = `openapi: 3.0.3
info:
  title: Courts
  version: '1'
  description: |
    Bookings of tennis courts.

    A court holds one booking that is not cancelled per start time (\`startsAt\`, compared as
    instants whatever the offset): another gets 409 and nothing is booked. Cancelling frees it.
paths:
  /courts:
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Court' } } } } } }
  /bookings:
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Booking' } } } } } }
    post:
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NewBooking' } } } }
      responses:
        '201': { description: booked, content: { application/json: { schema: { $ref: '#/components/schemas/Booking' } } } }
        '400': { description: bad, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
        '409': { description: the court is taken at that time, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
        '422': { description: no such court, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
  /bookings/{bookingId}:
    parameters: [{ name: bookingId, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Booking' } } } }
        '404': { description: none, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
  /bookings/{bookingId}/cancel:
    parameters: [{ name: bookingId, in: path, required: true, schema: { type: string } }]
    post:
      responses:
        '200': { description: cancelled, content: { application/json: { schema: { $ref: '#/components/schemas/Booking' } } } }
        '404': { description: none, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
        '409': { description: cancelled already, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
components:
  schemas:
    Error:
      type: object
      required: [message]
      properties: { message: { type: string } }
    Court:
      type: object
      required: [id, name]
      properties: { id: { type: string }, name: { type: string } }
    NewBooking:
      type: object
      required: [courtId, player, startsAt]
      additionalProperties: false
      properties:
        courtId: { type: string }
        player: { type: string, minLength: 1, maxLength: 40 }
        startsAt: { type: string, format: date-time }
    Booking:
      type: object
      required: [id, courtId, player, startsAt, status]
      properties:
        id: { type: string, readOnly: true }
        courtId: { type: string }
        player: { type: string }
        startsAt: { type: string, format: date-time }
        status: { type: string, enum: [booked, cancelled], readOnly: true }
`;

type Fault = 'none' | 'accepts-twice' | 'compares-text' | 'cancelled-holds' | 'one-more' | 'one-less' | 'any-court';

/** An RFC 3339 date-time whose date and time exist (April 31st does not). */
function isInstant(text: unknown): text is string {
  const match =
    typeof text === 'string' &&
    /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The courts service by hand, with one planted fault (or none). With `perCourt`, the rule is the
 * limit document's: at most that many bookings that are not cancelled per court, whatever the time,
 * and courts can be made. */
function service(
  fault: Fault,
  perCourt?: number,
  players?: 'caseless' | 'exact',
  makesCourts = perCourt !== undefined,
) {
  const courts = [
    { id: 'c1', name: 'Centre' },
    { id: 'c2', name: 'Garden' },
  ];
  const bookings = new Map<string, { id: string; courtId: string; player: string; startsAt: string; status: string }>();
  let next = 1;
  const sameTime = (a: string, b: string) => (fault === 'compares-text' ? a === b : Date.parse(a) === Date.parse(b));
  const app = express();
  app.use(express.json({ strict: false }));
  app.get('/courts', (_req, res) => res.json(courts));
  app.post('/courts', (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const name = body.name;
    const alone = typeof body === 'object' && !Array.isArray(body) && Object.keys(body).every((key) => key === 'name');
    if (!makesCourts || !alone || typeof name !== 'string' || [...name].length === 0 || [...name].length > 40)
      return res.status(400).json({ message: 'name (1-40) is required' });
    const court = { id: `c${courts.length + 1}`, name };
    courts.push(court);
    res.status(201).json(court);
  });
  app.get('/bookings', (_req, res) => res.json([...bookings.values()]));
  app.post('/bookings', (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { courtId, player, startsAt } = body;
    const valid =
      typeof body === 'object' &&
      !Array.isArray(body) &&
      Object.keys(body).every((key) => ['courtId', 'player', 'startsAt'].includes(key)) &&
      typeof courtId === 'string' &&
      typeof player === 'string' &&
      [...player].length >= 1 &&
      [...player].length <= 40 &&
      isInstant(startsAt);
    if (!valid) return res.status(400).json({ message: 'courtId, player (1-40) and startsAt are required, alone' });
    if (!courts.some((court) => court.id === courtId)) return res.status(422).json({ message: 'no such court' });
    if (players) {
      const fold = (text: string) => (players === 'caseless' ? text.toLowerCase() : text);
      if ([...bookings.values()].some((other) => fold(other.player) === fold(player as string)))
        return res.status(409).json({ message: 'that player has a booking' });
    }
    const holders = [...bookings.values()].filter(
      (other) =>
        (other.courtId === courtId || fault === 'any-court') &&
        (other.status !== 'cancelled' || fault === 'cancelled-holds') &&
        players === undefined &&
        (perCourt !== undefined || sameTime(other.startsAt, startsAt as string)),
    ).length;
    const limit = (perCourt ?? 1) + (fault === 'one-more' ? 1 : fault === 'one-less' ? -1 : 0);
    if (holders >= limit && fault !== 'accepts-twice')
      return res.status(409).json({ message: 'the court is taken then' });
    const booking = { id: `b${next++}`, courtId, player, startsAt: startsAt as string, status: 'booked' };
    bookings.set(booking.id, booking);
    res.status(201).json(booking);
  });
  app.get('/bookings/:id', (req, res) => {
    const booking = bookings.get(req.params.id);
    return booking ? res.json(booking) : res.status(404).json({ message: 'no such booking' });
  });
  app.post('/bookings/:id/cancel', (req, res) => {
    const booking = bookings.get(req.params.id);
    if (!booking) return res.status(404).json({ message: 'no such booking' });
    if (booking.status === 'cancelled') return res.status(409).json({ message: 'cancelled already' });
    booking.status = 'cancelled';
    res.json(booking);
  });
  app.use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(400).json({ message: 'not JSON' });
  });
  return app;
}

/** The limit document: at most two live bookings per court, and courts the client makes. */
const LIMITED = DOCUMENT.replace(
  /A court holds one booking[\s\S]*?Cancelling frees it\./,
  'A court holds at most two bookings that are not cancelled: a third gets 409.',
).replace(
  '  /courts:\n    get:',
  `  /courts:
    post:
      requestBody: { required: true, content: { application/json: { schema: { type: object, required: [name], additionalProperties: false, properties: { name: { type: string, minLength: 1, maxLength: 40 } } } } } }
      responses:
        '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Court' } } } }
        '400': { description: bad, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
    get:`,
);

/** The document with courts the client makes: the rule's scope can be varied. */
const COURTS_MADE = DOCUMENT.replace(
  '  /courts:\n    get:',
  LIMITED.slice(
    LIMITED.indexOf('  /courts:\n    post:'),
    LIMITED.indexOf('    get:', LIMITED.indexOf('  /courts:\n    post:')) + 8,
  ),
);

/** The players document: a player has one booking, names compared case-insensitively. */
const PLAYERS = DOCUMENT.replace(
  /A court holds one booking[\s\S]*?Cancelling frees it\./,
  'Bookings of players.',
).replace(
  'player: { type: string, minLength: 1, maxLength: 40 }',
  "player: { type: string, minLength: 1, maxLength: 40, description: 'Unique among bookings, compared case-insensitively (else 409).' }",
);

async function contractOf(document: string) {
  const file = join(mkdtempSync(join(tmpdir(), 'courts-')), 'courts.yaml');
  writeFileSync(file, document);
  return loadContract(file);
}
const contract = await contractOf(DOCUMENT);
const ruleOf = async (document: string) =>
  apiModelOf(await contractOf(document)).resources.find((r) => r.collection.path === '/bookings')?.idioms.unique;

describe('values one live item at a time may hold', () => {
  it('the model reads them from the words: the court named, the start time compared as instants, cancelled freeing it', async () => {
    const rules = await ruleOf(DOCUMENT);
    expect(rules).toHaveLength(1);
    const rule = rules?.[0];
    expect(rule).toMatchObject({
      members: ['courtId', 'startsAt'],
      instants: ['startsAt'],
      freedBy: { member: 'status', values: ['cancelled'] },
      conflictStatus: 409,
      limit: 1,
    });
    expect(rule?.words).toMatch(/^A court holds one booking/);
  });

  it.each([
    ['no 409 documented on the creation', DOCUMENT.replace(/ {8}'409': \{ description: the court is taken.*\n/, '')],
    [
      'words that leave it open',
      DOCUMENT.replace(
        /A court holds one booking[\s\S]*?Cancelling frees it\./,
        'Whether a booking `startsAt` is unique per court is not specified.',
      ),
    ],
    [
      'words of retries',
      DOCUMENT.replace(
        /A court holds one booking[\s\S]*?Cancelling frees it\./,
        'A retry of a booking with the same Idempotency-Key never makes two bookings at one `startsAt`.',
      ),
    ],
    [
      'words naming a reference after the items',
      DOCUMENT.replace(/A court holds one booking[\s\S]*?Cancelling frees it\./, 'A booking names at most one court.'),
    ],
    [
      'words of another resource',
      DOCUMENT.replace(
        /A court holds one booking[\s\S]*?Cancelling frees it\./,
        'Courts have unique names (`player` too).',
      ),
    ],
  ])('no rule from %s', async (_what, document) => {
    expect(document).not.toBe(DOCUMENT);
    expect(await ruleOf(document)).toBeUndefined();
  });

  it('x-model unique: false says the words are no such rule', async () => {
    const corrected = DOCUMENT.replace(
      '  /bookings:\n    get:',
      '  /bookings:\n    x-model: { unique: false }\n    get:',
    );
    expect(corrected).not.toBe(DOCUMENT);
    expect(await ruleOf(corrected)).toBeUndefined();
  });

  it('the Pet Catalog has none', async () => {
    const pets = await loadContract('spec/openapi.yaml');
    const resources = apiModelOf(pets).resources;
    expect(resources.map((r) => r.collection.path)).toEqual(['/categories']);
    expect(resources[0]?.idioms.unique).toBeUndefined();
  });

  it.each([1, 2])('a correct service passes (seed %i)', async (seed) => {
    const result = await runConformance({ target: { app: service('none') }, contract, seed, runs: 5 });
    expect(result.violations.map((v) => `${v.check}: ${v.message}`)).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(result.reach?.unreached.filter((u) => u.scenario === 'unique values')).toEqual([]);
  });

  it.each([
    [
      'accepts-twice',
      'values_in_use_accepted',
      /201 for a second item with courtId "c\d", startsAt .* \(the same values\)/,
    ],
    ['compares-text', 'values_in_use_accepted', /\(the same startsAt written as .*\)/],
    [
      'cancelled-holds',
      'freed_values_refused',
      /409 for a new item with courtId .*, held by an item that is cancelled now/,
    ],
  ] as const)('a service that %s fails api_idioms_honoured', async (fault, code, message) => {
    const result = await runConformance({ target: { app: service(fault) }, contract, seed: 1, runs: 5 });
    const found = result.violations.filter((v) => v.code === code);
    expect(found.map((v) => v.check)).toEqual(['api_idioms_honoured']);
    expect(found[0]?.message).toMatch(message);
    expect(result.exitCode).toBe(1);
  });

  it('a limit of several items on a reference: read, and judged on a court the run makes itself', async () => {
    const rules = await ruleOf(LIMITED);
    expect(rules).toMatchObject([
      { members: ['courtId'], limit: 2, freedBy: { member: 'status', values: ['cancelled'] }, conflictStatus: 409 },
    ]);
    const limited = await contractOf(LIMITED);
    const run = (fault: Fault) =>
      runConformance({ target: { app: service(fault, 2) }, contract: limited, seed: 1, runs: 5 });
    const correct = await run('none');
    expect(correct.violations.map((v) => `${v.check}: ${v.message}`)).toEqual([]);
    expect(correct.reach?.unreached.filter((u) => u.scenario === 'unique values')).toEqual([]);
    const more = await run('one-more');
    expect(more.violations.find((v) => v.code === 'values_in_use_accepted')?.message).toMatch(
      /201 for item 3 with courtId "c\d+", past the 2 the document allows/,
    );
    const less = await run('one-less');
    expect(less.violations.find((v) => v.code === 'values_within_limit_refused')?.message).toMatch(
      /409 for item 2 with courtId "c\d+", under a scope the run made itself/,
    );
  });

  it('values held under another court of the run own are free: a service holding them across courts fails', async () => {
    const made = await contractOf(COURTS_MADE);
    const run = (fault: Fault) =>
      runConformance({ target: { app: service(fault, undefined, undefined, true) }, contract: made, seed: 1, runs: 5 });
    const correct = await run('none');
    expect(correct.violations.map((v) => `${v.check}: ${v.message}`)).toEqual([]);
    expect(correct.reach?.unreached.filter((u) => u.scenario === 'unique values')).toEqual([]);
    const wide = await run('any-court');
    expect(wide.violations.find((v) => v.code === 'values_in_other_scope_refused')?.message).toMatch(
      /409 for .* under another courtId/,
    );
  });

  it('a value compared case-insensitively: read, sent in another case, and served so', async () => {
    expect(await ruleOf(PLAYERS)).toMatchObject([{ members: ['player'], caseless: ['player'], limit: 1 }]);
    const withoutRegard = PLAYERS.replace('compared case-insensitively', 'compared without regard to letter case');
    expect(await ruleOf(withoutRegard)).toMatchObject([{ members: ['player'], caseless: ['player'], limit: 1 }]);
    const players = await contractOf(PLAYERS);
    const run = (mode: 'caseless' | 'exact') =>
      runConformance({ target: { app: service('none', undefined, mode) }, contract: players, seed: 1, runs: 5 });
    const correct = await run('caseless');
    expect(correct.violations.map((v) => `${v.check}: ${v.message}`)).toEqual([]);
    const exact = await run('exact');
    expect(exact.violations.find((v) => v.code === 'values_in_use_accepted')?.message).toMatch(
      /\(the same player written as .*\)/,
    );
    const app = createMockApp({ contract: players, apiKeys: [] });
    const { body: courts } = await request(app).get('/courts').expect(200);
    const book = (player: string) =>
      request(app).post('/bookings').send({ courtId: courts[0].id, player, startsAt: '2030-05-01T09:00:00Z' });
    expect((await book('Ana Lima')).status).toBe(201);
    expect((await book('ANA lima')).status).toBe(409);
  });

  it('the mock refuses a second booking of a court and time, in any offset, until the first is cancelled', async () => {
    const app = createMockApp({ contract, apiKeys: [] });
    const { body: courts } = await request(app).get('/courts').expect(200);
    const courtId = courts[0].id;
    const book = (startsAt: string) => request(app).post('/bookings').send({ courtId, player: 'Ana', startsAt });
    const first = await book('2030-05-01T09:00:00Z');
    expect(first.status).toBe(201);
    const again = await book('2030-05-01T09:00:00Z');
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already holds courtId .*startsAt/);
    expect((await book('2030-05-01T11:00:00+02:00')).status).toBe(409);
    expect((await book('2030-05-01T10:00:00Z')).status).toBe(201);
    const listed = (await request(app).get('/bookings')).body as { startsAt: string }[];
    expect(listed.filter((b) => Date.parse(b.startsAt) === Date.parse('2030-05-01T09:00:00Z'))).toHaveLength(1);
    await request(app).post(`/bookings/${first.body.id}/cancel`).expect(200);
    expect((await book('2030-05-01T11:00:00+02:00')).status).toBe(201);
  });
});
