// A mutation that breaks a member of an object the body lacked (`address: {city: null}`) makes that
// object without the members it requires. A service reporting only its first problem may name one
// of those (`address/countryCode`): a fault the body does have, not the wrong field. A service
// pointing at a member the body holds well is still named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';
import { pointedAside } from './judge/pointed-aside.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const text = { type: 'string', minLength: 1, maxLength: 20 };
const address = {
  type: 'object',
  additionalProperties: false,
  required: ['city', 'countryCode'],
  properties: { city: text, countryCode: { type: 'string', pattern: '^[A-Z]{2}$' } },
};
const site = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: text, address },
};
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'sites', version: '1' },
  paths: {
    '/sites': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: site }) } } },
      post: {
        requestBody: { required: true, content: json(site) },
        responses: { '201': { description: 'made', content: json(site) }, '400': { description: 'bad' } },
      },
    },
    '/sites/{siteId}': {
      parameters: [{ name: 'siteId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(site) }, '404': { description: 'none' } } },
      put: {
        requestBody: { required: true, content: json(site) },
        responses: {
          '200': { description: 'replaced', content: json(site) },
          '400': { description: 'bad' },
          '404': { description: 'none' },
        },
      },
    },
  },
});

/** The problems of a body, in the order the service checks them: the address's countryCode first. */
function problems(body: Record<string, unknown> | undefined): string[] {
  if (!body) return ['/'];
  const found: string[] = [];
  const keys = Object.keys(body);
  if (keys.some((key) => key !== 'name' && key !== 'address')) found.push('/');
  const { name, address: place } = body as { name?: unknown; address?: unknown };
  if (place !== undefined) {
    const where = place as Record<string, unknown> | null;
    if (typeof where !== 'object' || where === null || Array.isArray(where)) found.push('/address');
    else {
      if (typeof where.countryCode !== 'string' || !/^[A-Z]{2}$/.test(where.countryCode))
        found.push('/address/countryCode');
      const city = where.city;
      if (typeof city !== 'string' || city.length < 1 || [...city].length > 20) found.push('/address/city');
      if (Object.keys(where).some((key) => key !== 'city' && key !== 'countryCode')) found.push('/address');
    }
  }
  if (typeof name !== 'string' || name.length < 1 || [...name].length > 20) found.push('/name');
  return found;
}

function sites(pointsAtName: boolean) {
  const all = new Map<string, Record<string, unknown>>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [, id] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (req.method === 'GET') {
      if (!id) return send(res, 200, [...all.values()]);
      const one = all.get(id);
      return one ? send(res, 200, one) : send(res, 404, {});
    }
    if (id !== undefined && !all.has(id)) return send(res, 404, {});
    const found = problems(body);
    if (found.length === 0) {
      const key = id ?? `s${all.size + 1}`;
      all.set(key, { ...body });
      return send(res, id ? 200 : 201, body);
    }
    // The first problem only; the faulty one names `name` whatever was wrong.
    const pointer = pointsAtName ? '/name' : found[0];
    return send(res, 400, { errors: [{ pointer, detail: 'invalid' }] });
  };
}

const pointedElsewhere = async (pointsAtName: boolean) =>
  (await runConformance({ target: { app: sites(pointsAtName) }, contract: document, seed: 7, runs: 5 })).violations
    .filter((v) => v.code === 'refusal_points_at_other_member')
    .map((v) => v.caseLabel);

describe('a refusal naming a required member the mutation left out', () => {
  it('is fair where the body lacks it, and named where the pointer is wrong', async () => {
    expect(await pointedElsewhere(false)).toEqual([]);
    expect((await pointedElsewhere(true)).length).toBeGreaterThan(0);
  });
});

describe('the pointer judged on a body whose mutation made the object', () => {
  const operation = document.operations.find((one) => one.method === 'PUT')!;
  const judged = (pointer: string) =>
    pointedAside(
      {
        contract: document,
        testCase: {
          operation,
          kind: 'negative',
          brokenAt: ['address', 'city'],
          mutation: 'address.city is null',
          payload: { kind: 'json', value: { name: 'Depot', address: { city: null } } },
          auth: { credentials: [] },
        },
        body: { kind: 'json', value: { errors: [{ pointer, detail: 'invalid' }] } },
      } as never,
      400,
    ).map((found) => found.code);

  it('takes a pointer at the required member the made object lacks, and names one at a member it holds', () => {
    expect(judged('/address/countryCode')).toEqual([]);
    expect(judged('/name')).toEqual(['refusal_points_at_other_member']);
  });
});
