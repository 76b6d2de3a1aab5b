// A replacement refused for a member its refusal names ("mileage can not go down from 900"): the item
// scenario sends it once more with the value the item holds, so the replacement is judged at all
// (a service whose PUT keeps the old name is named) instead of the scenario stopping there.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';
import { withHeldValues } from './plan/scenarios/refusal-retry.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none', content: json({ type: 'object' }) };
const input = {
  type: 'object',
  required: ['name', 'mileage'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 20 },
    mileage: { type: 'integer', minimum: 0, maximum: 1000 },
  },
};
const car = {
  type: 'object',
  required: ['id', 'name', 'mileage', 'createdAt'],
  properties: {
    id: { type: 'string', readOnly: true },
    ...input.properties,
    createdAt: { type: 'string', format: 'date-time', readOnly: true },
  },
};
const carId = { name: 'carId', in: 'path', required: true, schema: { type: 'string' } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'cars', version: '1' },
  paths: {
    '/cars': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: car }) } } },
      post: {
        requestBody: { required: true, content: json(input) },
        responses: { '201': { description: 'made', content: json(car) }, '400': none },
      },
    },
    '/cars/{carId}': {
      parameters: [carId],
      get: { responses: { '200': { description: 'one', content: json(car) }, '404': none } },
      put: {
        description:
          'Replaces the car. Mileage only goes up: a `mileage` smaller than the stored one is refused with `409`.',
        requestBody: { required: true, content: json(input) },
        responses: { '200': { description: 'replaced', content: json(car) }, '400': none, '404': none, '409': none },
      },
    },
  },
});

type Car = { id: string; name: string; mileage: number; createdAt: string };

/** Cars whose mileage never goes down; `keepsName` leaves a replaced car's name as it was (the fault). */
function cars(keepsName: boolean) {
  const made = new Map<string, Car>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'cars' || rest.length > 0) return sendJson(res, 404, {});
    const valid =
      typeof body?.name === 'string' &&
      body.name.length >= 1 &&
      [...body.name].length <= 20 &&
      Number.isInteger(body.mileage) &&
      (body.mileage as number) >= 0 &&
      (body.mileage as number) <= 1000 &&
      Object.keys(body).every((name) => ['name', 'mileage', 'id', 'createdAt'].includes(name));
    if (key === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...made.values()]);
      if (!valid) return sendJson(res, 400, {});
      const item = {
        id: `c${made.size + 1}`,
        name: body!.name as string,
        mileage: body!.mileage as number,
        createdAt: new Date().toISOString(),
      };
      made.set(item.id, item);
      return sendJson(res, 201, item);
    }
    const found = made.get(decodeURIComponent(key));
    if (!found) return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, found);
    if (!valid) return sendJson(res, 400, {});
    if ((body!.mileage as number) < found.mileage)
      return sendJson(res, 409, { detail: `mileage can not go down from ${found.mileage}` });
    Object.assign(found, { ...(keepsName ? {} : { name: body!.name }), mileage: body!.mileage });
    return sendJson(res, 200, found);
  };
}

const run = (keepsName: boolean) => runConformance({ target: { app: cars(keepsName) }, contract, seed: 21, runs: 5 });

describe('a replacement refused for a member its refusal names', () => {
  it('is sent again with the held value, and a PUT that keeps the old name is named', async () => {
    const right = await run(false);
    expect(right.violations.map((v) => `${v.code} ${v.operation}: ${v.message}`)).toEqual([]);
    expect(right.reach?.unreached.map((one) => JSON.stringify(one)).join('\n') ?? '').not.toMatch(/replace stored/);
    const kept = await run(true);
    expect(kept.violations.map((v) => v.check)).toContain('item_changes_stored');
  });

  it('takes the held value only for members the refusal names', () => {
    const held = { name: 'Ada', mileage: 900 };
    expect(withHeldValues({ name: 'B', mileage: 10 }, { detail: 'mileage can not go down' }, held)).toEqual({
      name: 'B',
      mileage: 900,
    });
    expect(withHeldValues({ name: 'B', mileage: 10 }, { errors: [{ pointer: '/name' }] }, held)).toEqual({
      name: 'Ada',
      mileage: 10,
    });
    expect(withHeldValues({ name: 'B', mileage: 10 }, { detail: 'no' }, held)).toBeUndefined();
  });
});
