// A parent's total of a child member the service computes (`totalMinutes` over the entries'
// `minutes`, where `minutes` = `quantity` × `unitMinutes`) follows a change of an operand: the run
// changes a child's quantity under a sheet of its own and reads the sheet. A service that keeps the
// old minutes, in the entry or in the total, is named.
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
  required: ['id', 'quantity', 'unitMinutes', 'minutes'],
  properties: {
    id: { type: 'string', readOnly: true },
    quantity: { type: 'integer', minimum: 1, maximum: 20 },
    unitMinutes: { type: 'integer', minimum: 1, maximum: 30 },
    minutes: {
      type: 'integer',
      readOnly: true,
      description: 'The server computes `minutes` = `quantity` × `unitMinutes`.',
    },
  },
};
const entryInput = {
  type: 'object',
  additionalProperties: false,
  required: ['quantity', 'unitMinutes'],
  properties: { quantity: entry.properties.quantity, unitMinutes: entry.properties.unitMinutes },
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
        description:
          "Adds an entry: it adds its `minutes` to the sheet's `totalMinutes`. The server computes `minutes` = `quantity` × `unitMinutes`.",
        requestBody: { required: true, content: json(entryInput) },
        responses: { '201': { description: 'added', content: json(entry) }, '400': { description: 'bad' }, ...none },
      },
    },
    '/sheets/{sheetId}/entries/{entryId}': {
      parameters: [sheetId, entryId],
      get: { responses: { '200': { description: 'one', content: json(entry) }, ...none } },
      patch: {
        requestBody: {
          required: true,
          content: json({ type: 'object', additionalProperties: false, properties: entryInput.properties }),
        },
        responses: { '200': { description: 'changed', content: json(entry) }, '400': { description: 'bad' }, ...none },
      },
      delete: { responses: { '204': { description: 'gone' }, ...none } },
    },
  },
});

type Fault = 'stale-total' | 'stale-minutes';

/** Sheets whose totals are summed on every read; a fault leaves a change of an entry's quantity out
 * of its sheet's total, or out of the entry's own minutes. */
function sheets(fault?: Fault) {
  const all = new Map<
    string,
    {
      id: string;
      name: string;
      entries: { id: string; quantity: number; unitMinutes: number; minutes: number; counted: number }[];
    }
  >();
  let made = 0;
  const view = (one: { id: string; name: string; entries: { counted: number }[] }) => ({
    id: one.id,
    name: one.name,
    entryCount: one.entries.length,
    totalMinutes: one.entries.reduce((sum, e) => sum + e.counted, 0),
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
    const within = (value: unknown, most: number) =>
      Number.isInteger(value) && (value as number) >= 1 && (value as number) <= most;
    const shown = ({
      id: entry,
      quantity,
      unitMinutes,
      minutes,
    }: {
      id: string;
      quantity: number;
      unitMinutes: number;
      minutes: number;
    }) => ({
      id: entry,
      quantity,
      unitMinutes,
      minutes,
    });
    if (id === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, found.entries.map(shown));
      const members = body ? Object.keys(body).sort().join() : '';
      if (
        req.method !== 'POST' ||
        members !== 'quantity,unitMinutes' ||
        !within(body!.quantity, 20) ||
        !within(body!.unitMinutes, 30)
      )
        return sendJson(res, 400, {});
      const minutes = (body!.quantity as number) * (body!.unitMinutes as number);
      const one = {
        id: `e${++made}`,
        quantity: body!.quantity as number,
        unitMinutes: body!.unitMinutes as number,
        minutes,
        counted: minutes,
      };
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
    if (req.method !== 'PATCH' || !body || Object.keys(body).some((k) => k !== 'quantity' && k !== 'unitMinutes'))
      return sendJson(res, 400, {});
    if (body.quantity !== undefined && !within(body.quantity, 20)) return sendJson(res, 400, {});
    if (body.unitMinutes !== undefined && !within(body.unitMinutes, 30)) return sendJson(res, 400, {});
    Object.assign(one, body);
    const minutes = one.quantity * one.unitMinutes;
    if (fault !== 'stale-minutes') one.minutes = minutes;
    if (fault !== 'stale-total') one.counted = minutes;
    return sendJson(res, 200, shown(one));
  };
}

const codes = async (fault?: Fault) =>
  (await runConformance({ target: { app: sheets(fault) }, contract: document, seed: 9, runs: 5 })).violations
    .filter((v) => v.severity !== 'note')
    .map((v) => v.code);

describe("a parent's total of a member the service computes from what its children change", () => {
  it('passes sheets whose minutes and totals follow the change', async () => {
    expect(await codes()).toEqual([]);
  });

  it('names sheets that keep the old minutes in the total', async () => {
    expect(await codes('stale-total')).toContain('total_not_following');
  });

  it('names entries that keep their old minutes', async () => {
    expect(await codes('stale-minutes')).toContain('formula_not_followed');
  });
});
