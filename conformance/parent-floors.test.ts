// A child's reading its words keep from going below its parent's ("may not be below the odometer
// reading the vehicle currently has"): plain cases send the vehicle's reading; a generated one drawn
// below it (the vehicle's reading moves up with each record) refused with the documented 422 is a
// note, a rule over other data the run cannot keep by the schema alone.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const reading = { type: 'integer', minimum: 0, maximum: 5_000_000 };
const vehicle = {
  type: 'object',
  required: ['id', 'odometerKm'],
  properties: { id: { type: 'string', readOnly: true }, odometerKm: reading },
};
const service = {
  type: 'object',
  required: ['seq', 'odometerKm'],
  properties: { seq: { type: 'integer', readOnly: true }, odometerKm: reading },
};
const closed = (schema: { properties: Record<string, unknown> }, member: string) => ({
  type: 'object',
  additionalProperties: false,
  required: [member],
  properties: { [member]: schema.properties[member] },
});
const id = { name: 'vehicleId', in: 'path', required: true, schema: { type: 'string' } };
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'fleet', version: '1' },
  paths: {
    '/vehicles': {
      post: {
        requestBody: { required: true, content: json(closed(vehicle, 'odometerKm')) },
        responses: { '201': { description: 'made', content: json(vehicle) }, '400': { description: 'bad' } },
      },
    },
    '/vehicles/{vehicleId}': {
      parameters: [id],
      get: { responses: { '200': { description: 'one', content: json(vehicle) }, '404': { description: 'none' } } },
    },
    '/vehicles/{vehicleId}/services': {
      parameters: [id],
      get: {
        responses: {
          '200': { description: 'all', content: json({ type: 'array', items: service }) },
          '404': { description: 'none' },
        },
      },
      post: {
        description:
          'The reading on the record may not be below the odometer reading the vehicle currently has (`422`).',
        requestBody: { required: true, content: json(closed(service, 'odometerKm')) },
        responses: {
          '201': { description: 'made', content: json(service) },
          '400': { description: 'bad' },
          '404': { description: 'none' },
          '422': { description: 'below' },
        },
      },
    },
  },
});

function fleet() {
  const vehicles = new Map<
    string,
    { id: string; odometerKm: number; services: { seq: number; odometerKm: number }[] }
  >();
  let next = 0;
  const readingOk = (value: unknown) =>
    Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 5_000_000;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const [top, key, sub] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (top !== 'vehicles') return send(res, 404, {});
    const body = req.method === 'POST' ? parseObject(await readBody(req)) : undefined;
    const valid = body && Object.keys(body).join() === 'odometerKm' && readingOk(body.odometerKm);
    if (!key) {
      if (req.method !== 'POST') return send(res, 404, {});
      if (!valid) return send(res, 400, {});
      const made = { id: `v${++next}`, odometerKm: body!.odometerKm as number, services: [] };
      vehicles.set(made.id, made);
      return send(res, 201, { id: made.id, odometerKm: made.odometerKm });
    }
    const found = vehicles.get(key);
    if (!found) return send(res, 404, {});
    if (!sub) return send(res, 200, { id: found.id, odometerKm: found.odometerKm });
    if (sub !== 'services') return send(res, 404, {});
    if (req.method === 'GET') return send(res, 200, found.services);
    if (!valid) return send(res, 400, {});
    if ((body!.odometerKm as number) < found.odometerKm)
      return send(res, 422, { message: 'below the vehicle odometer' });
    found.odometerKm = body!.odometerKm as number;
    const made = { seq: found.services.length + 1, odometerKm: found.odometerKm };
    found.services.push(made);
    return send(res, 201, made);
  };
}

describe("a child's reading kept from going below its parent's", () => {
  it('is no failure where a drawn reading is refused for it', async () => {
    const report = await runConformance({ target: { app: fleet() }, contract, seed: 11, runs: 8 });
    expect(report.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });
});
