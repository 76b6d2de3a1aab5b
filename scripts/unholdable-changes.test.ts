// A change the document takes but its item cannot hold (Box's PUT /users/{id} takes any login text,
// its user has an email): a plain server that refuses it with its documented 400 passes, and one that
// refuses every change still fails. The server is written by hand, not derived from the mock.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { parseObject, readBody } from '../fixtures/http-bodies.js';
import { createMockApp } from '../mock/index.js';
import { type Contract, contractFromDocument } from '../spec/index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const color = { type: 'string', enum: ['red', 'blue'] };
const label = {
  type: 'object',
  required: ['id', 'name', 'color'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, color },
};
const refusal = { description: 'bad', content: json({ type: 'object', properties: { message: { type: 'string' } } }) };

/** The labels document, its PUT taking colors as `changeColor` says (wider than the item's, or disjoint). */
const labels = (changeColor: object, changeSchema?: object) => {
  const change = changeSchema ?? { type: 'object', properties: { name: { type: 'string' }, color: changeColor } };
  return contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'labels', version: '1' },
    paths: {
      '/labels': {
        get: { responses: { '200': { description: 'ok', content: json({ type: 'array', items: label }) } } },
        post: {
          requestBody: {
            required: true,
            content: json({
              type: 'object',
              required: ['name', 'color'],
              properties: { name: { type: 'string' }, color },
            }),
          },
          responses: { '201': { description: 'made', content: json(label) }, '400': refusal },
        },
      },
      '/labels/{labelId}': {
        parameters: [{ name: 'labelId', in: 'path', required: true, schema: { type: 'integer' } }],
        get: { responses: { '200': { description: 'ok', content: json(label) }, '404': { description: 'none' } } },
        put: {
          requestBody: { required: true, content: json(change) },
          responses: {
            '200': { description: 'ok', content: json(label) },
            '400': refusal,
            '404': { description: 'none' },
          },
        },
      },
    },
  });
};
// Any color text: red and blue among it.
const wider = labels({ type: 'string' });
// Hex colors only: none the item can hold.
const disjoint = labels({ type: 'string', pattern: '^#[0-9a-f]{6}$' });

type Label = { id: number; name: string; color: string };

/** The labels service by hand; `refusesEveryChange` is its planted fault. */
function labelsServer(refusesEveryChange: boolean) {
  const labels = new Map<number, Label>();
  let next = 1;
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const valid = (body: unknown): body is Partial<Label> =>
    typeof body === 'object' && body !== null && !Array.isArray(body);
  const holdable = (value: unknown) => value === 'red' || value === 'blue';
  return createServer(async (req, res) => {
    const [, , rawId] = (req.url ?? '').split('?')[0]!.split('/');
    const body = req.method === 'POST' || req.method === 'PUT' ? parseObject(await readBody(req)) : undefined;
    if (rawId === undefined && req.method === 'GET') return send(res, 200, [...labels.values()]);
    if (rawId === undefined && req.method === 'POST') {
      if (!valid(body) || typeof body.name !== 'string' || !holdable(body.color))
        return send(res, 400, { message: 'name and a color (red or blue) are required' });
      const made = { id: next++, name: body.name, color: body.color as string };
      labels.set(made.id, made);
      return send(res, 201, made);
    }
    const id = Number(rawId);
    const found = /^\d+$/.test(rawId ?? '') ? labels.get(id) : undefined;
    if (!found) return send(res, 404, { message: 'no such label' });
    if (req.method === 'GET') return send(res, 200, found);
    if (!valid(body) || (body.name !== undefined && typeof body.name !== 'string'))
      return send(res, 400, { message: 'bad change' });
    if (refusesEveryChange || (body.color !== undefined && !holdable(body.color)))
      return send(res, 400, { message: 'a label is red or blue' });
    const changed = { ...found, ...(body.name !== undefined ? { name: body.name } : {}) };
    if (body.color !== undefined) changed.color = body.color as string;
    labels.set(id, changed);
    return send(res, 200, changed);
  });
}

async function runAgainst(contract: Contract, refusesEveryChange: boolean) {
  const server = labelsServer(refusesEveryChange);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await runConformance({ target: { baseUrl: `http://127.0.0.1:${port}` }, contract, seed: 4 });
  } finally {
    server.close();
  }
}

describe('a change whose value the item cannot hold', () => {
  it('is not what the runner changes an item with, where the PUT takes values the item holds', async () => {
    const result = await runAgainst(wider, false);
    expect(result.violations).toEqual([]);
    // The PUT was taken, and its read-back judged.
    const read = result.operations.find((o) => o.method === 'GET' && o.path === '/labels/{labelId}');
    expect(read?.checks.item_changes_stored?.outcome).toBe('passed');
  });

  it('is no cover for refusing every change', async () => {
    const result = await runAgainst(wider, true);
    expect(result.violations.map((v) => v.check)).toContain('positive_data_acceptance');
  });

  it('may be refused with the documented 400 where the PUT takes none the item holds: a note', async () => {
    const result = await runAgainst(disjoint, false);
    expect(result.violations).toEqual([]);
    expect(result.notes.map((note) => note.title)).toContain('Valid input refused: the item cannot hold a value sent');
  });
});

describe('a PUT whose schema no body meets', () => {
  // PagerDuty's runner PUT: a oneOf of two open objects, so any body matches both. The item scenario
  // sent the creation's body as valid instead, and the mock's refusal failed positive_data_acceptance.
  it('is not sent a creation body as valid input', async () => {
    const open = (extra: string) => ({
      type: 'object',
      properties: { name: { type: 'string' }, [extra]: { type: 'string' } },
    });
    const contract = labels({ type: 'string' }, { oneOf: [open('a'), open('b')] });
    const result = await runConformance({ target: { app: createMockApp({ contract }) }, contract, seed: 4 });
    expect(result.violations).toEqual([]);
  });
});
