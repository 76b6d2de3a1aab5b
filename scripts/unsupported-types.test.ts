// An operation that lists a 415 says a body under a type it does not take is refused. The mock
// answers it with that 415; a service that reads any body as JSON, whatever its Content-Type, is
// named; where no 415 is listed, how such a body is answered stays open.
import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { createMockApp } from '../mock/index.js';
import { contractFromDocument } from '../spec/index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const label = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'text'],
  properties: { id: { type: 'integer', readOnly: true }, text: { type: 'string', minLength: 1, maxLength: 30 } },
};

const documentOf = (lists415: boolean) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'labels', version: '1' },
    paths: {
      '/labels': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: label }) } } },
        post: {
          requestBody: {
            required: true,
            content: json({
              type: 'object',
              additionalProperties: false,
              required: ['text'],
              properties: label.properties,
            }),
          },
          responses: {
            '201': { description: 'made', content: json(label) },
            '400': { description: 'bad' },
            ...(lists415 ? { '415': { description: 'the body is not application/json' } } : {}),
          },
        },
      },
    },
  });

/** A service that reads every body as JSON, whatever its Content-Type says. */
const readsAnyType =
  (app: (req: IncomingMessage, res: ServerResponse) => void) => (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers['content-type'] !== undefined) req.headers['content-type'] = 'application/json';
    app(req, res);
  };

const acceptedOtherType = (result: Awaited<ReturnType<typeof runConformance>>) =>
  result.violations.filter((v) => /Content-Type: (text\/plain|application\/x-www-form-urlencoded)/.test(v.message));

describe('a body under a type the operation does not take', () => {
  it('is answered 415 by the mock where the operation lists it, and the mock passes', async () => {
    const contract = documentOf(true);
    const app = createMockApp({ contract });
    const answer = await request(app)
      .post('/labels')
      .set('content-type', 'text/plain')
      .send(JSON.stringify({ text: 'shelf' }));
    expect(answer.status).toBe(415);
    const result = await runConformance({ target: { app }, contract, seed: 3 });
    expect(result.violations).toEqual([]);
  });

  it('names a service that reads it as JSON where a 415 is listed', async () => {
    const contract = documentOf(true);
    const result = await runConformance({
      target: { app: readsAnyType(createMockApp({ contract })) },
      contract,
      seed: 3,
    });
    expect(acceptedOtherType(result).length).toBeGreaterThan(0);
  });

  it('leaves it open where no 415 is listed', async () => {
    const contract = documentOf(false);
    const result = await runConformance({
      target: { app: readsAnyType(createMockApp({ contract })) },
      contract,
      seed: 3,
    });
    expect(result.violations).toEqual([]);
  });
});
