// A document that offers two ways in (a bearer key OR an API-key header): each alone must let the
// caller in, and a wrong value in either must be refused, not only in the one the run uses.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const KEY = 'alt-key-0123456789';
const json = (schema: unknown) => ({ 'application/json': { schema } });
const error = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } };
const thing = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'things', version: '1' },
  security: [{ bearer: [] }, { thingKey: [] }],
  components: {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer' },
      thingKey: { type: 'apiKey', in: 'header', name: 'X-Thing-Key' },
    },
  },
  paths: {
    '/things': {
      get: {
        responses: {
          '200': { description: 'ok', content: json({ type: 'array', items: thing }) },
          '401': { description: 'no', content: json(error) },
        },
      },
    },
  },
});

type Door = (request: IncomingMessage) => boolean;
const bearerOk: Door = (request) => request.headers.authorization === `Bearer ${KEY}`;
const keyOk: Door = (request) => request.headers['x-thing-key'] === KEY;
const keyPresent: Door = (request) => request.headers['x-thing-key'] !== undefined;

function server(...doors: Door[]) {
  return challenging(true, ...doors);
}

function challenging(challenge: boolean, ...doors: Door[]) {
  return (request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    const allowed = doors.some((door) => door(request));
    const status = allowed ? 200 : 401;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (!allowed && challenge) headers['www-authenticate'] = 'Bearer';
    response.writeHead(status, headers).end(JSON.stringify(allowed ? [{ id: 1 }] : { message: 'who are you?' }));
  };
}

const run = (listener: ReturnType<typeof server>) =>
  runConformance({ target: { app: listener }, contract, apiKey: KEY, seed: 5 });
const failed = (result: Awaited<ReturnType<typeof run>>) => new Set(result.violations.map((v) => v.check));

describe('security alternatives', () => {
  it('a server that takes either way in passes', async () => {
    const result = await run(server(bearerOk, keyOk));
    expect(result.violations).toEqual([]);
  });

  it('a server that refuses the valid API key alone is caught (valid input refused)', async () => {
    const result = await run(server(bearerOk));
    expect(failed(result)).toContain('positive_data_acceptance');
    expect(JSON.stringify(result.violations)).toContain('thingKey alone');
  });

  it('a 401 without WWW-Authenticate, where HTTP auth is offered, is caught (RFC 9110 11.6.1)', async () => {
    const result = await run(challenging(false, bearerOk, keyOk));
    expect(result.violations.map((v) => `${v.check}: ${v.title}`)).toContain(
      'response_headers_conformance: 401 without WWW-Authenticate',
    );
  });

  it('a server that takes any value of the API-key header is caught (ignored auth)', async () => {
    const result = await run(server(bearerOk, keyPresent));
    expect(failed(result)).toContain('ignored_auth');
  });
});
