// A creation that refuses a second booking of one time slot (409): invalid bodies built from one
// baseline would all share its slot, and be refused for it before their own fault. Each creation
// case gets a slot of its own, so a validator that lets a broken multipleOf through is caught.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const booking = {
  type: 'object',
  required: ['startsAt', 'minutes'],
  additionalProperties: false,
  properties: {
    startsAt: { type: 'string', format: 'date-time' },
    minutes: { type: 'integer', minimum: 15, maximum: 240, multipleOf: 15 },
  },
};
const stored = {
  ...booking,
  required: ['id', ...booking.required],
  properties: { id: { type: 'integer' }, ...booking.properties },
};
const error = { description: 'no', content: json({ type: 'object', properties: { message: { type: 'string' } } }) };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'slots', version: '1' },
  paths: {
    '/bookings': {
      get: { responses: { '200': { description: 'ok', content: json({ type: 'array', items: stored }) } } },
      post: {
        requestBody: { required: true, content: json(booking) },
        responses: { '201': { description: 'booked', content: json(stored) }, '400': error, '409': error },
      },
    },
  },
});

/** An RFC 3339 date-time whose date exists (April 31st does not). */
function isInstant(text: unknown): text is string {
  const match =
    typeof text === 'string' &&
    /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The bookings service by hand; `checksMultiple` false is its planted fault. */
function bookings(checksMultiple: boolean) {
  const all: Array<Record<string, unknown>> = [];
  const send = sendJson;
  return (req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      if (req.method === 'GET') return send(res, 200, all);
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text);
      } catch {
        return send(res, 400, { message: 'not JSON' });
      }
      const { startsAt, minutes } = body ?? {};
      const keys = Object.keys(body ?? {});
      const valid =
        typeof body === 'object' &&
        body !== null &&
        !Array.isArray(body) &&
        keys.every((key) => key === 'startsAt' || key === 'minutes') &&
        isInstant(startsAt) &&
        Number.isInteger(minutes) &&
        (minutes as number) >= 15 &&
        (minutes as number) <= 240 &&
        (!checksMultiple || (minutes as number) % 15 === 0);
      if (!valid) return send(res, 400, { message: 'invalid booking' });
      if (all.some((other) => Date.parse(other.startsAt as string) === Date.parse(startsAt as string)))
        return send(res, 409, { message: 'that slot is taken' });
      const made = { id: all.length + 1, startsAt, minutes };
      all.push(made);
      send(res, 201, made);
    });
  };
}

const run = (checksMultiple: boolean) =>
  runConformance({ target: { app: bookings(checksMultiple) }, contract, seed: 4, runs: 5 });

describe('creations in time slots of their own', () => {
  it('pass the correct service', async () => {
    expect((await run(true)).violations).toEqual([]);
  });

  it('catch a broken multipleOf taken, which the shared slot hid behind a 409', async () => {
    const result = await run(false);
    expect(result.violations.map((v) => `${v.check}: ${v.caseLabel}`)).toContainEqual(
      expect.stringMatching(/^negative_data_rejection: .*minutes is not a multiple of 15/),
    );
  });
});
