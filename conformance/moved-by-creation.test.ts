// An item a creation may name only in some states, moved out of them by that very creation: a
// rental makes its bike `rented`, and "Refused with 409 when the bike is rented already" is judged
// by sending the first rental's body again. A shop that keeps it passes; one that rents a rented
// bike is named (unknown_reference_accepted: an item it may not name).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const bike = {
  type: 'object',
  required: ['id', 'status'],
  properties: { id: { type: 'string' }, status: { type: 'string', enum: ['available', 'rented'], readOnly: true } },
};
const rental = {
  type: 'object',
  required: ['id', 'bikeId'],
  properties: { id: { type: 'string', readOnly: true }, bikeId: { type: 'string' } },
};
const id = (name: string) => [{ name, in: 'path', required: true, schema: { type: 'string' } }];
const none = { '404': { description: 'none' } };
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'bikes', version: '1' },
  paths: {
    '/bikes': { get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: bike }) } } } },
    '/bikes/{bikeId}': {
      parameters: id('bikeId'),
      get: { responses: { '200': { description: 'one', content: json(bike) }, ...none } },
    },
    '/rentals': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: rental }) } } },
      post: {
        description:
          'The bike becomes `rented`. `bikeId` must name an existing bike (422 otherwise). Refused with 409 when the bike is rented already.',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['bikeId'],
            properties: { bikeId: { type: 'string' } },
          }),
        },
        responses: {
          '201': { description: 'rented', content: json(rental) },
          '400': { description: 'bad' },
          '409': { description: 'rented already' },
          '422': { description: 'no such bike' },
        },
      },
    },
    '/rentals/{rentalId}': {
      parameters: id('rentalId'),
      get: { responses: { '200': { description: 'one', content: json(rental) }, ...none } },
    },
  },
});

/** A bike shop with plenty of bikes; `twice` plants the fault: a rented bike is rented again. */
function shop(twice = false) {
  const bikes = new Map(Array.from({ length: 60 }, (_, n) => [`b${n + 1}`, { id: `b${n + 1}`, status: 'available' }]));
  const rentals = new Map<string, { id: string; bikeId: string }>();
  const send = sendJson;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [top, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return send(res, 404, {});
    const table = top === 'bikes' ? bikes : top === 'rentals' ? rentals : undefined;
    if (!table) return send(res, 404, {});
    if (req.method === 'GET' && key === undefined) return send(res, 200, [...table.values()]);
    if (req.method === 'GET') return table.has(key!) ? send(res, 200, table.get(key!)) : send(res, 404, {});
    if (top !== 'rentals' || key !== undefined || req.method !== 'POST') return send(res, 404, {});
    const bikeId = body?.bikeId;
    if (typeof bikeId !== 'string' || Object.keys(body!).length !== 1) return send(res, 400, {});
    const found = bikes.get(bikeId);
    if (!found) return send(res, 422, {});
    if (found.status === 'rented' && !twice) return send(res, 409, {});
    found.status = 'rented';
    const made = { id: `r${rentals.size + 1}`, bikeId };
    rentals.set(made.id, made);
    return send(res, 201, made);
  };
}

const run = (twice?: boolean) => runConformance({ target: { app: shop(twice) }, contract: document, seed: 4, runs: 5 });

describe('an item a creation moves into a state the next creation may not name it in', () => {
  it('reads the state the words refuse, said without its backticks', () => {
    const rentals = inferApiModel(document).resources.find(({ collection }) => collection.path === '/rentals');
    expect(rentals?.idioms.referenceStates?.map(({ member, allowed, status }) => [member, allowed, status])).toEqual([
      ['bikeId', ['available'], 409],
    ]);
  });

  it('passes a shop that refuses a rented bike, with the step run', async () => {
    const result = await run();
    expect(result.violations.map((v) => v.code)).toEqual([]);
    expect((result.reach?.unreached ?? []).map(({ scenario }) => scenario)).not.toContain('reference states');
  });

  it('names a shop that rents a rented bike again', async () => {
    expect((await run(true)).violations.map((v) => v.code)).toContain('unknown_reference_accepted');
  });
});
