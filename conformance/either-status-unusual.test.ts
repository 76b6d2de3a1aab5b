// Words that give every schema refusal either of two statuses ("refused with 400 or 422") cover a
// refusal of unusual valid input too: a title of 200 emoji counted in UTF-16 units by the service is
// refused as too long, with the 422 the words allow, although the operation lists only 400. Where
// the words say nothing of it, that 422 stays an undocumented status.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const note = {
  type: 'object',
  additionalProperties: false,
  required: ['title'],
  properties: { title: { type: 'string', minLength: 1, maxLength: 60 } },
};
const made = {
  type: 'object',
  required: ['id', 'title'],
  properties: { id: { type: 'integer', readOnly: true }, ...note.properties },
};

const contractSaying = (overview: string) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'notes', version: '1', description: overview },
    paths: {
      '/notes': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: made }) } } },
        post: {
          requestBody: { required: true, content: json(note) },
          responses: { '201': { description: 'made', content: json(made) }, '400': { description: 'bad body' } },
        },
      },
    },
  });

/** Counts a title's length in UTF-16 units, as `String.length` does, and refuses with 422. */
function notes() {
  const all: { id: number; title: string }[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    if (req.method === 'GET') return sendJson(res, 200, all);
    const body = parseObject(text);
    if (!body) return sendJson(res, 400, { message: 'not JSON' });
    const title = body.title;
    if (Object.keys(body).join() !== 'title' || typeof title !== 'string' || title.length < 1 || title.length > 60)
      return sendJson(res, 422, { message: 'title must have 1 to 60 characters' });
    const one = { id: all.length + 1, title };
    all.push(one);
    return sendJson(res, 201, one);
  };
}

const run = (overview: string) =>
  runConformance({ target: { app: notes() }, contract: contractSaying(overview), seed: 4, runs: 20 });

describe('a refusal of unusual valid input with a status the words give every schema refusal', () => {
  it('is a note where the words let any schema refusal be 400 or 422', async () => {
    const report = await run('A body that violates the schema is refused with `400` or `422`; servers may use either.');
    expect(report.violations.map((v) => `${v.code} ${v.operation}`)).toEqual([]);
  });

  it('stays an undocumented status where the words say nothing of it', async () => {
    const report = await run('Notes are short.');
    expect(report.violations.map((v) => v.code)).toContain('undocumented_status');
  });
});
