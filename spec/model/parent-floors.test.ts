// A child's number member its words keep from going below its parent's ("The reading on the record
// may not be below the odometer reading the vehicle currently has"): the maker sends the parent's.
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const vehicle = {
  type: 'object',
  properties: { vin: { type: 'string' }, odometerKm: { type: 'integer' }, serviceCount: { type: 'integer' } },
};
const service = {
  type: 'object',
  properties: { seq: { type: 'integer', readOnly: true }, odometerKm: { type: 'integer' }, cost: { type: 'integer' } },
};
const vin = { name: 'vin', in: 'path', required: true, schema: { type: 'string' } };

function equalsSaid(words: string) {
  const contract = contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'fleet', version: '1' },
    paths: {
      '/vehicles': {
        post: {
          requestBody: { content: json(vehicle) },
          responses: { '201': { description: 'made', content: json(vehicle) } },
        },
      },
      '/vehicles/{vin}': {
        parameters: [vin],
        get: { responses: { '200': { description: 'one', content: json(vehicle) } } },
      },
      '/vehicles/{vin}/services': {
        parameters: [vin],
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: service }) } } },
        post: {
          description: words,
          requestBody: { content: json(service) },
          responses: { '201': { description: 'made', content: json(service) }, '422': { description: 'below' } },
        },
      },
      '/vehicles/{vin}/services/{seq}': {
        parameters: [vin, { name: 'seq', in: 'path', required: true, schema: { type: 'integer' } }],
        get: { responses: { '200': { description: 'one', content: json(service) } } },
      },
    },
  });
  const model = inferApiModel(contract);
  return model.resources.find((one) => one.collection.path === '/vehicles/{vin}/services')?.idioms.parentEquals;
}

describe("a child's member kept from going below its parent's", () => {
  it('is sent as the parent holds it', () => {
    expect(
      equalsSaid('The reading on the record may not be below the odometer reading the vehicle currently has (`422`).'),
    ).toEqual([expect.objectContaining({ member: 'odometerKm', parentMember: 'odometerKm' })]);
  });

  it('is no rule where the words bound nothing against the parent', () => {
    expect(equalsSaid('Appends a record to the history of the vehicle.')).toBeUndefined();
  });
});
