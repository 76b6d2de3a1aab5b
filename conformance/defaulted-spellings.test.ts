// A required member with a default, sent in other letter case, leaves the body without it: the
// default says what it gets, so a service that takes the body is within the document. A member
// without a default spelled otherwise is still refused.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });

function contractWith(format: Record<string, unknown>) {
  const job = {
    type: 'object',
    required: ['id', 'format'],
    properties: {
      id: { type: 'string', readOnly: true },
      format: { type: 'string', enum: ['csv', 'json'], ...format },
    },
  };
  return contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'exports', version: '1' },
    paths: {
      '/exports': {
        post: {
          requestBody: { required: true, content: json(job) },
          responses: { '201': { description: 'made', content: json(job) }, '400': { description: 'bad' } },
        },
      },
    },
  });
}

/** Takes a body without `format` (the default), refuses a `format` outside the enum. */
async function exports(req: IncomingMessage, res: ServerResponse) {
  const body = parseObject(await readBody(req));
  if (req.method !== 'POST' || !body) return send(res, 400, { message: 'bad' });
  const format = 'format' in body ? body.format : 'csv';
  if (format !== 'csv' && format !== 'json') return send(res, 400, { message: 'bad format' });
  return send(res, 201, { id: 'e1', format });
}

const accepted = async (format: Record<string, unknown>) => {
  const report = await runConformance({ target: { app: exports }, contract: contractWith(format), seed: 2 });
  return report.violations.filter((v) => v.code === 'invalid_input_accepted').map((v) => v.message);
};

describe('a required member spelled in other letter case', () => {
  it('is no fault to take where the member has a default', async () => {
    expect(await accepted({ default: 'csv' })).toEqual([]);
  });

  it('is taken wrongly where it has none', async () => {
    expect((await accepted({})).length).toBeGreaterThan(0);
  });
});
