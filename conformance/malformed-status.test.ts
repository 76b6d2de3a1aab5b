// A body that is not JSON at all gets the status the words give it ("400: Malformed JSON"), not the
// 422 the document keeps for schema violations. Where the words say nothing, either is fine.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const note = {
  type: 'object',
  required: ['text'],
  properties: { text: { type: 'string', minLength: 1, maxLength: 20 } },
};
const made = {
  type: 'object',
  required: ['id', 'text'],
  properties: { id: { type: 'integer', readOnly: true }, ...note.properties },
};

const contractSaying = (badRequest: string) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'notes', version: '1' },
    paths: {
      '/notes': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: made }) } } },
        post: {
          requestBody: { required: true, content: json(note) },
          responses: {
            '201': { description: 'made', content: json(made) },
            '400': { description: badRequest },
            '422': { description: 'The body violates the schema.' },
          },
        },
      },
    },
  });

/** Refuses a body that does not parse with `unparsed`, a schema violation with `violated`. */
function notes(unparsed: number, violated = 422) {
  const all: { id: number; text: string }[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    if (req.method === 'GET') return sendJson(res, 200, all);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return sendJson(res, unparsed, {});
    }
    const value = (body as { text?: unknown } | null)?.text;
    const object = typeof body === 'object' && body !== null && !Array.isArray(body);
    if (typeof value !== 'string' || value.length === 0 || [...value].length > 20 || !object)
      return sendJson(res, violated, {});
    const one = { id: all.length + 1, text: value };
    all.push(one);
    return sendJson(res, 201, one);
  };
}

const codes = async (badRequest: string, unparsed: number, violated = 422) =>
  (
    await runConformance({ target: { app: notes(unparsed, violated) }, contract: contractSaying(badRequest), seed: 4 })
  ).violations.map((v) => v.code);

describe('a body that is not JSON', () => {
  it('passes a service that answers it with the 400 the words give', async () => {
    expect(await codes('Malformed JSON, or an invalid query parameter.', 400)).toEqual([]);
  });

  it('names a service that answers it with the 422 kept for schema violations', async () => {
    expect(await codes('Malformed JSON, or an invalid query parameter.', 422)).toContain('malformed_body_other_status');
  });

  it('passes either where the words do not say which', async () => {
    expect(await codes('Bad request.', 422)).toEqual([]);
  });
});

describe('a well-formed body its schema refuses', () => {
  it('names a service that answers it with the 400 the words keep for bodies that do not parse', async () => {
    expect(await codes('The body is not well-formed JSON.', 400, 400)).toContain('schema_violation_other_status');
  });

  it('passes a 400 where the words give 400 to schema violations too', async () => {
    expect(await codes('The body is not well-formed JSON, or fails validation.', 400, 400)).toEqual([]);
  });

  it('passes a 400 where the words give it to "a body breaking the schema" too', async () => {
    expect(await codes('Malformed JSON, a body breaking the schema, or a bad query parameter.', 400, 400)).toEqual([]);
  });
});
