// A rental desk's life, read from its words: an action whose verb names no state ("The rental
// becomes `active`" for pickup), its update time moved ("`pickedUpAt` = `updatedAt`"), numbers
// across the whole collection never given again, and an idempotency key a refused request leaves
// free. A desk that keeps them passes with every step run; each planted fault is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const rental = {
  type: 'object',
  required: ['id', 'number', 'customer', 'status', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string', readOnly: true },
    number: { type: 'integer', readOnly: true },
    customer: { type: 'string', minLength: 1, maxLength: 30 },
    status: { type: 'string', enum: ['draft', 'confirmed', 'active'], readOnly: true },
    createdAt: { type: 'string', format: 'date-time', readOnly: true },
    updatedAt: { type: 'string', format: 'date-time', readOnly: true },
  },
};
const idParameter = [{ name: 'rentalId', in: 'path', required: true, schema: { type: 'string' } }];
const action = (description: string) => ({
  parameters: idParameter,
  post: {
    description,
    responses: {
      '200': { description: 'after', content: json(rental) },
      '404': { description: 'none' },
      '409': { description: 'not now' },
    },
  },
});
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'rental desk', version: '1' },
  paths: {
    '/rentals': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: rental }) } } },
      post: {
        description:
          '`number` is one more than the highest number ever assigned; numbers of deleted rentals are never given out again.\n\n' +
          'A retry with the same `Idempotency-Key` and body answers the first rental; another body is refused with `409`. ' +
          'A request refused for any reason does not store its key.',
        parameters: [{ name: 'Idempotency-Key', in: 'header', schema: { type: 'string', maxLength: 80 } }],
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['customer'],
            properties: { customer: rental.properties.customer },
          }),
        },
        responses: {
          '201': { description: 'opened', content: json(rental) },
          '400': { description: 'bad' },
          '409': { description: 'key in use' },
        },
      },
    },
    '/rentals/{rentalId}': {
      parameters: idParameter,
      get: { responses: { '200': { description: 'one', content: json(rental) }, '404': { description: 'none' } } },
      delete: { responses: { '204': { description: 'gone' }, '404': { description: 'none' } } },
    },
    '/rentals/{rentalId}/confirm': action('Only from `draft`. The rental becomes `confirmed` (`updatedAt` moves).'),
    '/rentals/{rentalId}/pickup': action(
      'Only from `confirmed` (`409` otherwise). The rental becomes `active` (`updatedAt` = the time of the change).',
    ),
  },
});

type Fault = 'number-reused' | 'key-burnt' | 'pickup-keeps-updated-at';

/** A rental desk; `fault` plants one mistake. */
function desk(fault?: Fault) {
  const rentals: Record<string, unknown>[] = [];
  const keys = new Map<string, { body: string; rental?: Record<string, unknown> }>();
  let highest = 0;
  let made = 0;
  const send = sendJson;
  const move = (found: Record<string, unknown>, from: string, to: string, stamp: boolean, res: ServerResponse) => {
    if (found.status !== from) return send(res, 409, {});
    found.status = to;
    if (stamp) found.updatedAt = new Date().toISOString();
    return send(res, 200, found);
  };
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const parts = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (parts[0] !== 'rentals') return send(res, 404, {});
    if (parts.length === 1 && req.method === 'GET') return send(res, 200, rentals);
    if (parts.length === 1 && req.method === 'POST') {
      const key = req.headers['idempotency-key'] as string | undefined;
      const body = parseObject(text);
      const canonical = text;
      const kept = key === undefined ? undefined : keys.get(key);
      if (kept) return kept.body === canonical && kept.rental ? send(res, 201, kept.rental) : send(res, 409, {});
      if (key !== undefined && fault === 'key-burnt') keys.set(key, { body: canonical });
      const customer = body?.customer;
      if (!body || Object.keys(body).some((name) => name !== 'customer') || typeof customer !== 'string')
        return send(res, 400, {});
      if (customer.length < 1 || [...customer].length > 30) return send(res, 400, {});
      const number = fault === 'number-reused' ? rentals.length + 1 : ++highest;
      const now = new Date().toISOString();
      const rental = { id: `r${++made}`, number, customer, status: 'draft', createdAt: now, updatedAt: now };
      rentals.push(rental);
      if (key !== undefined) keys.set(key, { body: canonical, rental });
      return send(res, 201, rental);
    }
    const at = rentals.findIndex((one) => one.id === parts[1]);
    const found = rentals[at];
    if (!found) return send(res, 404, {});
    if (parts.length === 2 && req.method === 'GET') return send(res, 200, found);
    if (parts.length === 2 && req.method === 'DELETE') return rentals.splice(at, 1) && send(res, 204);
    if (parts[2] === 'confirm' && req.method === 'POST') return move(found, 'draft', 'confirmed', true, res);
    if (parts[2] === 'pickup' && req.method === 'POST')
      return move(found, 'confirmed', 'active', fault !== 'pickup-keeps-updated-at', res);
    return send(res, 404, {});
  };
}

const run = (fault?: Fault) => runConformance({ target: { app: desk(fault) }, contract: document, seed: 8, runs: 5 });
const codes = (result: Awaited<ReturnType<typeof run>>) => result.violations.map((v) => v.code);
const WATCHED = [
  'number_reused',
  'idempotency_key_kept_by_refusal',
  'action_update_instant_kept',
  'action_not_applied',
];

describe('a rental desk whose words say what its actions and numbers do', () => {
  it('reads pickup moving the rental to active from its words, and that a refusal leaves the key free', () => {
    const rentals = inferApiModel(document).resources.find(({ collection }) => collection.path === '/rentals');
    expect(rentals?.idioms.actions?.map(({ verb, target }) => [verb, target])).toEqual([
      ['confirm', 'confirmed'],
      ['pickup', 'active'],
    ]);
    expect(rentals?.idioms.idempotency?.refusalsLeaveKeyFree).toBe(
      'A request refused for any reason does not store its key.',
    );
  });

  it('passes a desk that keeps them, with every step run', async () => {
    const result = await run();
    expect(codes(result).filter((code) => WATCHED.includes(code))).toEqual([]);
    const unreached = (result.reach?.unreached ?? []).map(({ scenario }) => scenario);
    expect(unreached).not.toContain('refused keys');
    expect(unreached).not.toContain('numbering');
    expect(unreached).not.toContain('idiom scenario');
  });

  it.each([
    ['number-reused', 'number_reused'],
    ['key-burnt', 'idempotency_key_kept_by_refusal'],
    ['pickup-keeps-updated-at', 'action_update_instant_kept'],
  ] as const)('names a desk whose fault is %s', async (fault, code) => {
    expect(codes(await run(fault))).toContain(code);
  });
});
