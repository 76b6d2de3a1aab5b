// A creation the target refuses makes no item, even where the refusal's body has the item's id
// member (DigitalOcean's errors are {"id": "not_found", "message": ...}): the runner must not go on
// to change, read or delete an item named after the error.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const KEY = 'refusing-Key-31';
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const error = {
  type: 'object',
  required: ['id', 'message'],
  properties: { id: { type: 'string' }, message: { type: 'string' } },
};
const thing = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string' }, name: { type: 'string' } },
};
const newThing = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };
const refusals = { '401': { description: 'no', ...json(error) }, '404': { description: 'no', ...json(error) } };
const idParameter = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'refusing', version: '1' },
  components: { securitySchemes: { key: { type: 'http', scheme: 'bearer' } } },
  security: [{ key: [] }],
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        responses: { '200': { description: 'ok', ...json({ type: 'array', items: thing }) }, ...refusals },
      },
      post: {
        operationId: 'createThing',
        requestBody: { required: true, ...json(newThing) },
        responses: { '201': { description: 'made', ...json(thing) }, ...refusals },
      },
    },
    '/things/{id}': {
      parameters: idParameter,
      get: { operationId: 'getThing', responses: { '200': { description: 'ok', ...json(thing) }, ...refusals } },
      put: {
        operationId: 'replaceThing',
        requestBody: { required: true, ...json(newThing) },
        responses: { '200': { description: 'ok', ...json(thing) }, ...refusals },
      },
      delete: { operationId: 'deleteThing', responses: { '204': { description: 'gone' }, ...refusals } },
    },
  },
});

// Refuses every creation with a 404 whose body names an id, as a service whose parent is gone would.
const paths: string[] = [];
const server = createServer((req, res) => {
  paths.push(`${req.method} ${req.url}`);
  req.resume();
  req.on('end', () => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${KEY}`) return send(401, { id: 'unauthorized', message: 'no key' });
    if (req.method === 'GET' && req.url?.split('?')[0] === '/things') return send(200, []);
    send(404, { id: 'not_found', message: 'nothing here' });
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a target that refuses every creation with an error naming an id', () => {
  it('is reported for the refusal, and no item is named after the error', async () => {
    const { port } = server.address() as AddressInfo;
    const result = await runConformance({
      target: { baseUrl: `http://127.0.0.1:${port}` },
      contract,
      apiKey: KEY,
      seed: 4,
      runs: 5,
    });
    expect(result.violations.map((v) => `${v.check} ${v.operation}`)).toContain('positive_data_acceptance createThing');
    expect(paths.filter((p) => p.includes('/things/not_found'))).toEqual([]);
  });
});
