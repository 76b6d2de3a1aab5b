// A member the words define as arithmetic is judged on every item answered, the entries of a list
// among them (a seeded account listed with its balance off), and holds the value said for some
// states instead ("`total − paid`; 0 when `closed`").
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const account = {
  type: 'object',
  required: ['id', 'status', 'total', 'paid', 'balance'],
  properties: {
    id: { type: 'string' },
    status: { type: 'string', enum: ['open', 'closed'] },
    total: { type: 'integer' },
    paid: { type: 'integer' },
    balance: { type: 'integer', description: '`total − paid`; 0 when `closed`.' },
  },
};
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'accounts', version: '1' },
  paths: {
    '/accounts': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: account }) } } },
    },
    '/accounts/{accountId}': {
      parameters: [{ name: 'accountId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { responses: { '200': { description: 'one', content: json(account) }, '404': { description: 'none' } } },
    },
  },
});

type Fault = 'balance-ignores-paid' | 'closed-keeps-balance';

function ledger(fault?: Fault) {
  const accounts = [
    { id: 'a1', status: 'open', total: 900, paid: 300, balance: fault === 'balance-ignores-paid' ? 900 : 600 },
    { id: 'a2', status: 'closed', total: 500, paid: 100, balance: fault === 'closed-keeps-balance' ? 400 : 0 },
  ];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const [collection, id] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (collection !== 'accounts' || req.method !== 'GET') return send(res, 404, {});
    if (!id) return send(res, 200, accounts);
    // Read one at a time, each holds the formula: only the list shows the fault.
    const found = accounts.find((one) => one.id === id);
    return found
      ? send(res, 200, { ...found, balance: found.status === 'closed' ? 0 : found.total - found.paid })
      : send(res, 404, {});
  };
}

const run = (fault?: Fault) => runConformance({ target: { app: ledger(fault) }, contract: document, seed: 3, runs: 3 });
const formulaFaults = async (fault?: Fault) =>
  (await run(fault)).violations.filter((v) => v.code === 'formula_not_followed').length;

describe('formulas judged on listed items', () => {
  it('passes a list whose entries follow the formula, a closed account holding 0', async () => {
    expect(await formulaFaults()).toBe(0);
  });

  it.each(['balance-ignores-paid', 'closed-keeps-balance'] as const)(
    'names a list whose fault is %s',
    async (fault) => {
      expect(await formulaFaults(fault)).toBeGreaterThan(0);
    },
  );
});
