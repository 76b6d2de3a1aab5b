// A parent's total of a child member (`totalMinutes` over the entries' `minutes`) follows a change
// of that member too: the run changes a child's minutes under a sheet of its own and reads the
// sheet; a service that keeps the old minutes in its total is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const sheet = {
  type: 'object',
  required: ['id', 'name', 'entryCount', 'totalMinutes'],
  properties: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', minLength: 1, maxLength: 20 },
    entryCount: { type: 'integer', minimum: 0, readOnly: true },
    totalMinutes: { type: 'integer', minimum: 0, readOnly: true },
  },
};
const entry = {
  type: 'object',
  required: ['id', 'minutes'],
  properties: { id: { type: 'string', readOnly: true }, minutes: { type: 'integer', minimum: 1, maximum: 600 } },
};
const entryInput = {
  type: 'object',
  additionalProperties: false,
  required: ['minutes'],
  properties: { minutes: entry.properties.minutes },
};
const sheetId = { name: 'sheetId', in: 'path', required: true, schema: { type: 'string' } };
const entryId = { name: 'entryId', in: 'path', required: true, schema: { type: 'string' } };
const none = { '404': { description: 'none' } };
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'sheets', version: '1' },
  paths: {
    '/sheets': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: sheet }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['name'],
            properties: { name: sheet.properties.name },
          }),
        },
        responses: { '201': { description: 'made', content: json(sheet) }, '400': { description: 'bad' } },
      },
    },
    '/sheets/{sheetId}': {
      parameters: [sheetId],
      get: { responses: { '200': { description: 'one', content: json(sheet) }, ...none } },
    },
    '/sheets/{sheetId}/entries': {
      parameters: [sheetId],
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: entry }) }, ...none } },
      post: {
        description: "Adds an entry: it adds its `minutes` to the sheet's `totalMinutes`.",
        requestBody: { required: true, content: json(entryInput) },
        responses: { '201': { description: 'added', content: json(entry) }, '400': { description: 'bad' }, ...none },
      },
    },
    '/sheets/{sheetId}/entries/{entryId}': {
      parameters: [sheetId, entryId],
      get: { responses: { '200': { description: 'one', content: json(entry) }, ...none } },
      patch: {
        requestBody: { required: true, content: json({ ...entryInput, required: [] }) },
        responses: { '200': { description: 'changed', content: json(entry) }, '400': { description: 'bad' }, ...none },
      },
      delete: { responses: { '204': { description: 'gone' }, ...none } },
    },
  },
});

/** Sheets whose totals are summed on every read; `stale` plants the fault: a change of an entry's
 * minutes is left out of its sheet's total. */
function sheets(fault?: 'stale' | 'last-only') {
  const stale = fault === 'stale';
  const all = new Map<
    string,
    { id: string; name: string; entries: { id: string; minutes: number; counted: number }[] }
  >();
  let made = 0;
  const view = (one: { id: string; name: string; entries: { counted: number }[] }) => ({
    id: one.id,
    name: one.name,
    entryCount: one.entries.length,
    totalMinutes:
      fault === 'last-only' ? (one.entries.at(-1)?.counted ?? 0) : one.entries.reduce((sum, e) => sum + e.counted, 0),
  });
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [top, key, sub, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (top !== 'sheets' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...all.values()].map(view));
      const name = body?.name;
      if (req.method !== 'POST' || typeof name !== 'string' || name.length < 1 || [...name].length > 20)
        return sendJson(res, 400, {});
      if (Object.keys(body!).length !== 1) return sendJson(res, 400, {});
      const one = { id: `s${++made}`, name, entries: [] };
      all.set(one.id, one);
      return sendJson(res, 201, view(one));
    }
    const found = all.get(key);
    if (!found) return sendJson(res, 404, {});
    if (sub === undefined) return req.method === 'GET' ? sendJson(res, 200, view(found)) : sendJson(res, 404, {});
    if (sub !== 'entries') return sendJson(res, 404, {});
    const minutesOk = (value: unknown) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 600;
    const shown = ({ id: entry, minutes }: { id: string; minutes: number }) => ({ id: entry, minutes });
    if (id === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, found.entries.map(shown));
      if (req.method !== 'POST' || !body || Object.keys(body).length !== 1 || !minutesOk(body.minutes))
        return sendJson(res, 400, {});
      const one = { id: `e${++made}`, minutes: body.minutes as number, counted: body.minutes as number };
      found.entries.push(one);
      return sendJson(res, 201, shown(one));
    }
    const one = found.entries.find((e) => e.id === id);
    if (!one) return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, shown(one));
    if (req.method === 'DELETE') {
      found.entries = found.entries.filter((e) => e !== one);
      return sendJson(res, 204, undefined);
    }
    if (req.method !== 'PATCH' || !body || Object.keys(body).some((k) => k !== 'minutes'))
      return sendJson(res, 400, {});
    if (body.minutes !== undefined) {
      if (!minutesOk(body.minutes)) return sendJson(res, 400, {});
      one.minutes = body.minutes as number;
      if (!stale) one.counted = one.minutes;
    }
    return sendJson(res, 200, shown(one));
  };
}

const codes = async (fault?: 'stale' | 'last-only') =>
  (await runConformance({ target: { app: sheets(fault) }, contract: document, seed: 9, runs: 5 })).violations
    .filter((v) => v.severity !== 'note')
    .map((v) => v.code);

describe("a parent's total of a member its children change", () => {
  it('passes sheets whose totals follow the change', async () => {
    expect(await codes()).toEqual([]);
  });

  it('names sheets that keep the old minutes in the total', async () => {
    expect(await codes('stale')).toContain('total_not_following');
  });

  it('names sheets whose total is the last entry alone', async () => {
    expect(await codes('last-only')).toContain('total_not_following');
  });
});
