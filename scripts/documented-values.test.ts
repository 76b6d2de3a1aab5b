// Values the document names, sent on every seed: each enum value of a body property and of query
// parameters (an array in form style, one value and all at once), an empty array where minItems
// allows it, each optional parameter alone; and dates that do not exist (February 30th, hour 24),
// which must be refused.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contractFromDocument, loadContract } from '../spec/index.js';
import { type Rewrites, runBehindFront } from './front.js';

const KEY = 'documented-Values-Key-7';
const DOCUMENT = fileURLToPath(new URL('../fixtures/documents/bookings-openapi.yaml', import.meta.url));
const contract = await loadContract(DOCUMENT);

function runBehind(rewrites: Rewrites, seed: number, sent: string[] = []) {
  return runBehindFront({
    contract,
    key: KEY,
    rewrites,
    seed,
    onExchange: ({ request }) =>
      sent.push(`${request.method} ${decodeURIComponent(request.url)} ${request.body ?? ''}`),
  });
}

const body = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** What a service that reads dates with JavaScript's Date does: February 30th becomes March 2nd. */
function rolledOver(text: unknown): unknown {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(text)) return text;
  const [date, time = 'T00:00:00Z'] = text.split(/(?=T)/);
  const [year, month, day] = date!.split('-').map(Number) as [number, number, number];
  const [hours, minutes, rest] = time.slice(1).split(':');
  const moment = new Date(
    Date.UTC(year, month - 1, day, Number(hours), Number(minutes), Number.parseFloat(rest ?? '0')),
  );
  return text.includes('T') ? moment.toISOString().replace('.000', '') : moment.toISOString().slice(0, 10);
}

const FAULTS: ReadonlyArray<[string, Rewrites, string]> = [
  [
    'the last room kind refused',
    { refuse: (method, _url, sent) => method === 'POST' && body(sent).room === 'suite' },
    'positive_data_acceptance',
  ],
  [
    'a list filtered by a documented status refused',
    { refuse: (method, url) => method === 'GET' && /[?&]status=cancelled/.test(url) },
    'positive_data_acceptance',
  ],
  [
    'several rooms at once refused',
    { refuse: (method, url) => method === 'GET' && /[?&]rooms=[^&]*,/.test(url) },
    'positive_data_acceptance',
  ],
  [
    'an empty list of extras refused',
    {
      refuse: (method, _url, sent) =>
        method === 'POST' && Array.isArray(body(sent).extras) && (body(sent).extras as unknown[]).length === 0,
    },
    'positive_data_acceptance',
  ],
  [
    'a documented optional filter refused when given alone',
    { refuse: (method, url) => method === 'GET' && /\?from=[^&]*$/.test(url) },
    'positive_data_acceptance',
  ],
  [
    'dates that do not exist rolled over and taken',
    { request: (sent) => ({ ...sent, day: rolledOver(sent.day), arrives: rolledOver(sent.arrives) }) },
    'negative_data_rejection',
  ],
];

describe('documented values and impossible dates', () => {
  it.each([1, 2])('the mock passes (seed %i), and every documented value was sent', async (seed) => {
    const sent: string[] = [];
    const result = await runBehind({}, seed, sent);
    expect(result.violations).toEqual([]);
    for (const room of ['single', 'double', 'suite'])
      expect(sent.some((line) => line.includes(`"room":"${room}"`))).toBe(true);
    for (const status of ['open', 'closed', 'cancelled'])
      expect(sent.some((line) => line.includes(`status=${status}`))).toBe(true);
    expect(sent.some((line) => line.includes('rooms=single,double,suite'))).toBe(true);
    expect(sent.some((line) => line.includes('"extras":[]'))).toBe(true);
    expect(sent.some((line) => line.includes('"day":"2026-02-30"'))).toBe(true);
    expect(sent.some((line) => line.includes('"arrives":"2026-01-01T24:00:01Z"'))).toBe(true);
    expect(sent.some((line) => line.includes('from=2025-02-29'))).toBe(true);
    // Each optional parameter alone, then all of them together.
    for (const name of ['status', 'rooms', 'from'])
      expect(sent.some((line) => new RegExp(`/bookings\\?${name}=[^&]*\\s`).test(line))).toBe(true);
    expect(sent.some((line) => /status=.*&rooms=.*&from=/.test(line))).toBe(true);
  });

  it.each(FAULTS)('catches %s (seeds 1 and 2)', async (_, rewrites, check) => {
    for (const seed of [1, 2]) {
      const result = await runBehind(rewrites, seed);
      expect(
        result.violations.map((violation) => violation.check),
        `seed ${seed}`,
      ).toContain(check);
    }
  });
});

describe('an exploded array parameter of free values', () => {
  const tagged = contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'tags', version: '1' },
    components: { securitySchemes: { key: { type: 'http', scheme: 'bearer' } } },
    security: [{ key: [] }],
    paths: {
      '/vets': {
        get: {
          parameters: [
            {
              name: 'tags',
              in: 'query',
              style: 'form',
              explode: true,
              schema: { type: 'array', maxItems: 5, items: { type: 'string', minLength: 1, maxLength: 30 } },
            },
          ],
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array' } } } } },
        },
      },
    },
  });

  it('is sent with two values on every seed; a service reading only one name refuses them and fails', async () => {
    for (const seed of [1, 2, 3]) {
      const sent: string[] = [];
      const clean = await runBehindFront({
        contract: tagged,
        key: KEY,
        rewrites: {},
        seed,
        onExchange: ({ request }) => sent.push(request.url),
      });
      expect(clean.violations).toEqual([]);
      expect(sent.some((url) => /[?&]tags=[^&]+&tags=/.test(url))).toBe(true);
      const refusing = await runBehindFront({
        contract: tagged,
        key: KEY,
        rewrites: { refuse: (method, url) => method === 'GET' && /[?&]tags=[^&]+&tags=/.test(url) },
        seed,
      });
      expect(refusing.violations.map((violation) => violation.check)).toContain('positive_data_acceptance');
    }
  });
});
