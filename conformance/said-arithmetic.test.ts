// Rules a document says in words beyond its schemas, judged on a small booking desk written by hand:
// a member the words compute ("`total`: `price` + `fee`") must hold on every answer of the item,
// and a date its words keep from the past ("Not before today") must be refused yesterday. A desk
// that keeps both passes; each planted fault is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const booking = {
  type: 'object',
  required: ['id', 'price', 'fee', 'total', 'day'],
  properties: {
    id: { type: 'string', readOnly: true },
    price: { type: 'integer', minimum: 0, maximum: 1000 },
    fee: { type: 'integer', readOnly: true, description: 'Ten percent of `price`, rounded down.' },
    total: { type: 'integer', readOnly: true, description: '`price` + `fee`.' },
    day: { type: 'string', format: 'date', description: 'Not before today (UTC).' },
  },
};
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'bookings', version: '1' },
  paths: {
    '/bookings': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: booking }) } } },
      post: {
        description: 'A `day` before today is refused with 422.',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['price', 'day'],
            properties: { price: booking.properties.price, day: booking.properties.day },
          }),
        },
        responses: {
          '201': { description: 'made', content: json(booking) },
          '400': { description: 'bad' },
          '422': { description: 'in the past' },
        },
      },
    },
    '/bookings/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(booking) }, '404': { description: 'none' } } },
    },
  },
});

type Fault = 'total-without-fee' | 'past-day-taken';

function desk(fault?: Fault) {
  const bookings: Record<string, unknown>[] = [];
  const send = sendJson;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [, id] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (req.method === 'GET') {
      if (!id) return send(res, 200, bookings);
      const found = bookings.find((one) => one.id === id);
      return found ? send(res, 200, found) : send(res, 404, {});
    }
    if (req.method !== 'POST' || id) return send(res, 404, {});
    const { price, day } = body ?? {};
    const shaped = body && Object.keys(body).every((key) => key === 'price' || key === 'day');
    if (!shaped || !Number.isInteger(price) || (price as number) < 0 || (price as number) > 1000)
      return send(res, 400, {});
    if (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day)))
      return send(res, 400, {});
    if (day < new Date().toISOString().slice(0, 10) && fault !== 'past-day-taken') return send(res, 422, {});
    const fee = Math.floor((price as number) / 10);
    const made = {
      id: `b${bookings.length + 1}`,
      price,
      fee,
      total: (price as number) + (fault === 'total-without-fee' ? 0 : fee),
      day,
    };
    bookings.push(made);
    return send(res, 201, made);
  };
}

const run = (fault?: Fault) => runConformance({ target: { app: desk(fault) }, contract: document, seed: 3, runs: 5 });
const codes = (result: Awaited<ReturnType<typeof run>>) => result.violations.map((v) => v.code);

describe('rules said in words beyond the schemas', () => {
  it('passes a desk that keeps them', async () => {
    expect((await run()).violations).toEqual([]);
  });

  it.each([
    ['total-without-fee', 'formula_not_followed'],
    ['past-day-taken', 'invalid_input_accepted'],
  ] as const)('names a desk whose fault is %s', async (fault, code) => {
    expect(codes(await run(fault))).toContain(code);
  });
});
