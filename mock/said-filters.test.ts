// A query parameter named as a plain member filters by equality where its own words say so ("Only
// venues whose `city` equals this value exactly"); one whose words search (a substring) does not,
// nor does one whose words say nothing. The mock filters by it too.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { createMockApp } from './index.js';

const venue = {
  type: 'object',
  required: ['code', 'city', 'name', 'region'],
  properties: {
    code: { type: 'string', readOnly: true },
    city: { type: 'string' },
    name: { type: 'string' },
    region: { type: 'string' },
  },
};
const query = (name: string, description: string) => ({ name, in: 'query', description, schema: { type: 'string' } });
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'venues', version: '1' },
  paths: {
    '/venues': {
      get: {
        parameters: [
          query('city', 'Only venues whose `city` equals this value exactly (case-sensitive).'),
          query('name', 'Only venues whose `name` contains this value.'),
          query('region', 'The region.'),
        ],
        responses: {
          '200': { description: 'all', content: { 'application/json': { schema: { type: 'array', items: venue } } } },
        },
      },
    },
  },
});

describe('filters said to match exactly', () => {
  it('are read from the parameter’s own words, searches and unsaid ones left out', () => {
    const venues = inferApiModel(contract).resources.find(({ collection }) => collection.path === '/venues');
    expect(venues?.collection.list?.filters.map((filter) => filter.parameter)).toEqual(['city']);
  });

  it('are served by the mock: a filtered list holds only the items that match', async () => {
    const app = createMockApp({ contract });
    const all = (await request(app).get('/venues')).body as Array<{ city: string }>;
    const city = all[1]!.city;
    const filtered = (await request(app).get('/venues').query({ city })).body as Array<{ city: string }>;
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((one) => one.city === city)).toBe(true);
    expect(filtered.length).toBe(all.filter((one) => one.city === city).length);
  });
});
