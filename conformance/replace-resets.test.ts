// A replace whose words reset every member it leaves out ("members left out take their defaults:
// capacity 30, note null"): a shelf service that resets one member but keeps the other is named,
// whichever member it keeps.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const members = {
  label: { type: 'string', minLength: 1, maxLength: 20 },
  capacity: { type: 'integer', minimum: 1, maximum: 500, default: 30 },
  note: { type: ['string', 'null'], maxLength: 40, default: null },
};
const shelf = {
  type: 'object',
  required: ['code', 'label', 'capacity', 'note'],
  properties: { code: { type: 'string', pattern: '^[A-Z]{2}[0-9]{2}$', readOnly: true }, ...members },
};
const codeParameter = [
  { name: 'code', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Z]{2}[0-9]{2}$' } },
];
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'shelves', version: '1' },
  paths: {
    '/shelves': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: shelf }) } } },
    },
    '/shelves/{code}': {
      parameters: codeParameter,
      get: { responses: { '200': { description: 'one', content: json(shelf) }, '404': { description: 'none' } } },
      put: {
        description:
          'Creates the shelf (201) or replaces it (200). A replacement is the whole shelf: members left out take their defaults (capacity 30, note null).',
        requestBody: {
          required: true,
          content: json({ type: 'object', additionalProperties: false, required: ['label'], properties: members }),
        },
        responses: {
          '200': { description: 'replaced', content: json(shelf) },
          '201': { description: 'created', content: json(shelf) },
          '400': { description: 'bad' },
        },
      },
      delete: { responses: { '204': { description: 'gone' }, '404': { description: 'none' } } },
    },
  },
});

type Fault = 'keeps-capacity' | 'keeps-note';

function shelves(fault?: Fault) {
  const stored = new Map<string, Record<string, unknown>>();
  const valid = (body: Record<string, unknown> | undefined): body is Record<string, unknown> => {
    if (!body || Object.keys(body).some((name) => !(name in members))) return false;
    const { label, capacity, note } = body;
    const capacityOk =
      capacity === undefined || (Number.isInteger(capacity) && Number(capacity) >= 1 && Number(capacity) <= 500);
    const noteOk = note === undefined || note === null || (typeof note === 'string' && note.length <= 40);
    return typeof label === 'string' && label.length >= 1 && label.length <= 20 && capacityOk && noteOk;
  };
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const [collection, code] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (collection !== 'shelves') return sendJson(res, 404, {});
    if (code === undefined)
      return req.method === 'GET' ? sendJson(res, 200, [...stored.values()]) : sendJson(res, 405, {});
    if (!/^[A-Z]{2}[0-9]{2}$/.test(code)) return sendJson(res, 404, {});
    const old = stored.get(code);
    if (req.method === 'GET') return old ? sendJson(res, 200, old) : sendJson(res, 404, {});
    if (req.method === 'DELETE') return stored.delete(code) ? sendJson(res, 204) : sendJson(res, 404, {});
    if (req.method !== 'PUT') return sendJson(res, 405, {});
    const body = parseObject(text);
    if (!valid(body)) return sendJson(res, 400, {});
    const capacity = body.capacity ?? (fault === 'keeps-capacity' && old ? old.capacity : 30);
    const note = body.note !== undefined ? body.note : fault === 'keeps-note' && old ? old.note : null;
    const item = { code, label: body.label, capacity, note };
    stored.set(code, item);
    return sendJson(res, old ? 200 : 201, item);
  };
}

const run = (fault?: Fault) =>
  runConformance({ target: { app: shelves(fault) }, contract: document, seed: 3, runs: 5 });
const changeFindings = (result: Awaited<ReturnType<typeof run>>) =>
  result.violations.filter((v) => v.code === 'change_not_stored' || v.code === 'change_not_answered');

describe('a replace that resets every member it leaves out', () => {
  it('passes a service that resets them all', async () => {
    expect(changeFindings(await run())).toEqual([]);
  });

  it.each(['keeps-capacity', 'keeps-note'] as const)('names a service that %s', async (fault) => {
    const member = fault.replace('keeps-', '');
    expect(
      changeFindings(await run(fault))
        .map((v) => v.message)
        .join('\n'),
    ).toContain(member);
  });
});
