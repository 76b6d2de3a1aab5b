// A list with no item path whose items are named by their `name` (GET /labels answering
// `{name, color}`), and a member listing such names (`labels`) that the creation's words tie to it:
// "Every label must name a member of the labels collection (`GET /labels`)". The run names listed
// labels in creations and in changes, so no valid body is refused for a label it made up.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const labelName = { type: 'string', pattern: '^[a-z][a-z0-9-]{0,19}$' };
const labels = { type: 'array', maxItems: 5, uniqueItems: true, items: labelName };
const content = {
  type: 'object',
  additionalProperties: false,
  required: ['title'],
  properties: { title: { type: 'string', minLength: 1, maxLength: 40 }, labels },
};
const note = {
  type: 'object',
  required: ['id', 'title', 'labels'],
  properties: { id: { type: 'string', readOnly: true }, title: { type: 'string' }, labels },
};
const refused = { description: 'refused' };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'notes', version: '1' },
  paths: {
    '/labels': {
      get: {
        description: 'The whole labels collection.',
        responses: {
          '200': {
            description: 'all',
            content: json({
              type: 'array',
              items: {
                type: 'object',
                required: ['name', 'color'],
                properties: { name: labelName, color: { type: 'string', pattern: '^#[0-9a-f]{6}$' } },
              },
            }),
          },
        },
      },
    },
    '/notes': {
      post: {
        description:
          'Adds a note. Every label must name a member of the labels collection (`GET /labels`), otherwise the request is refused with `422`.',
        requestBody: { required: true, content: json(content) },
        responses: { '201': { description: 'made', content: json(note) }, '400': refused, '422': refused },
      },
    },
    '/notes/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(note) }, '404': refused } },
      put: {
        description: 'Replaces the note. Unknown labels are refused with `422`.',
        requestBody: { required: true, content: json(content) },
        responses: {
          '200': { description: 'replaced', content: json(note) },
          '400': refused,
          '404': refused,
          '422': refused,
        },
      },
    },
  },
});

/** Notes whose labels must be listed ones (in changes too, unless `changesUnchecked`). */
function notes({ changesUnchecked = false } = {}) {
  const known = [
    { name: 'draft', color: '#aaaaaa' },
    { name: 'howto', color: '#00aa00' },
  ];
  const all = new Map<string, Record<string, unknown>>();
  const valid = (body: Record<string, unknown> | undefined) =>
    body !== undefined &&
    Object.keys(body).every((member) => member === 'title' || member === 'labels') &&
    typeof body.title === 'string' &&
    body.title.length >= 1 &&
    body.title.length <= 40 &&
    (body.labels === undefined ||
      (Array.isArray(body.labels) &&
        body.labels.length <= 5 &&
        new Set(body.labels).size === body.labels.length &&
        body.labels.every((one) => typeof one === 'string' && /^[a-z][a-z0-9-]{0,19}$/.test(one))));
  const unknown = (body: Record<string, unknown>) =>
    ((body.labels ?? []) as string[]).some((one) => !known.some((label) => label.name === one));
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (root === 'labels' && id === undefined && req.method === 'GET') return sendJson(res, 200, known);
    if (root !== 'notes') return sendJson(res, 404, {});
    if (id === undefined) {
      if (req.method !== 'POST') return sendJson(res, 405, {});
      if (!valid(body)) return sendJson(res, 400, {});
      if (unknown(body!)) return sendJson(res, 422, {});
      const made = { id: `n${all.size + 1}`, title: body!.title, labels: body!.labels ?? [] };
      all.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = all.get(id);
    if (!found) return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, found);
    if (req.method !== 'PUT') return sendJson(res, 405, {});
    if (!valid(body)) return sendJson(res, 400, {});
    if (unknown(body!) && !changesUnchecked) return sendJson(res, 422, {});
    Object.assign(found, { title: body!.title, labels: body!.labels ?? [] });
    return sendJson(res, 200, found);
  };
}

describe('a list of names of a list keyed by name', () => {
  it('is filled with listed names in creations and changes', async () => {
    const report = await runConformance({ target: { app: notes() }, contract, seed: 5 });
    expect(report.violations.map((v) => `${v.operation} ${v.code}: ${v.message}`)).toEqual([]);
    expect(report.reach?.notReached ?? []).toEqual([]);
    expect(report.reach?.unreached ?? []).toEqual([]);
  });

  it('catches a change naming a label the list does not hold', async () => {
    const report = await runConformance({ target: { app: notes({ changesUnchecked: true }) }, contract, seed: 5 });
    expect(report.violations.map((v) => v.operation)).toContain('PUT /notes/{id}');
  });
});
