// Items numbered per parent where clients cannot make a parent (seeded depots): judged under the
// last two listed depots, which the run's other scenarios leave alone. One made in the first, one
// in the second, one more in the first: the next number there; the newest deleted, its number not
// given again. A depot numbering shared by all depots, or a number given again, is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const depot = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^dp_[a-z0-9]{3,12}$' } },
};
const pick = {
  type: 'object',
  required: ['number', 'label'],
  properties: {
    number: { type: 'integer', minimum: 1, readOnly: true },
    label: { type: 'string', minLength: 1, maxLength: 20 },
  },
};
const depotId = { name: 'depotId', in: 'path', required: true, schema: depot.properties.id };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'depots', version: '1' },
  paths: {
    '/depots': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: depot }) } } },
    },
    '/depots/{depotId}': {
      parameters: [depotId],
      get: { responses: { '200': { description: 'one', content: json(depot) }, '404': none } },
    },
    '/depots/{depotId}/picks': {
      parameters: [depotId],
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: pick }) }, '404': none } },
      post: {
        description:
          "A pick's `number` is the highest number ever used in this depot plus one; a number is never given again, not even after its pick was deleted.",
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['label'],
            properties: { label: pick.properties.label },
          }),
        },
        responses: { '201': { description: 'made', content: json(pick) }, '400': none, '404': none },
      },
    },
    '/depots/{depotId}/picks/{number}': {
      parameters: [depotId, { name: 'number', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
      get: { responses: { '200': { description: 'one', content: json(pick) }, '404': none } },
      delete: { responses: { '204': { description: 'gone' }, '404': none } },
    },
  },
});

type Fault = 'numbers-global' | 'number-reused';

function depots(fault?: Fault) {
  const ids = ['dp_north', 'dp_south', 'dp_east'];
  const picks = new Map<string, Array<{ number: number; label: string }>>(ids.map((id) => [id, []]));
  const highest = new Map<string, number>(ids.map((id) => [id, 0]));
  let global = 0;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const [root, id, below, number, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'depots' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined)
      return sendJson(
        res,
        200,
        ids.map((one) => ({ id: one })),
      );
    const held = picks.get(id);
    if (!held) return sendJson(res, 404, {});
    if (below === undefined) return sendJson(res, 200, { id });
    if (below !== 'picks') return sendJson(res, 404, {});
    if (number !== undefined) {
      const found = held.find((one) => String(one.number) === number);
      if (!found) return sendJson(res, 404, {});
      if (req.method === 'DELETE') {
        held.splice(held.indexOf(found), 1);
        return sendJson(res, 204);
      }
      return sendJson(res, 200, found);
    }
    if (req.method === 'GET') return sendJson(res, 200, held);
    const body = parseObject(text);
    const label = body?.label;
    if (
      !body ||
      Object.keys(body).length !== 1 ||
      typeof label !== 'string' ||
      label.length < 1 ||
      [...label].length > 20
    )
      return sendJson(res, 400, {});
    const reused = Math.max(0, ...held.map((one) => one.number)) + 1;
    const next = fault === 'numbers-global' ? ++global : fault === 'number-reused' ? reused : highest.get(id)! + 1;
    highest.set(id, Math.max(highest.get(id)!, next));
    const made = { number: next, label };
    held.push(made);
    return sendJson(res, 201, made);
  };
}

const numberingFindings = async (fault?: Fault) =>
  (await runConformance({ target: { app: depots(fault) }, contract, seed: 8 })).violations.filter((v) =>
    /number/.test(v.code),
  );

describe('numbers per parent under parents clients cannot make', () => {
  it('pass a service numbering each depot on its own, never giving a number again', async () => {
    const result = await runConformance({ target: { app: depots() }, contract, seed: 8 });
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((u) => u.scenario === 'numbering')).toEqual([]);
  });

  it.each(['numbers-global', 'number-reused'] as const)('name a service whose %s', async (fault) => {
    expect((await numberingFindings(fault)).length).toBeGreaterThan(0);
  });
});
