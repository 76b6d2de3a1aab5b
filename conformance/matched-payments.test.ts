// A payment of exactly a bill's balance makes the bill `paid`, said inside the brackets of the
// condition ("or equal to it (the bill becomes `paid`, `paidAt` is set)"). The run names a bill of
// its own that it sent first (payments name only `sent` bills), pays exactly its balance, and reads
// it paid with its `paidAt` set. A partial payment moves nothing, so it is never judged as one.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { billsDocument } from '../fixtures/bills-document.js';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

const document = contractFromDocument(billsDocument);

type Fault = 'exact-payment-not-paid' | 'paid-at-left-null';

const inRange = (value: unknown) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 100000;

/** A bill desk; `fault` plants one mistake. */
function desk(fault?: Fault) {
  const bills: Record<string, unknown>[] = [];
  const payments: Record<string, unknown>[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [collection, id, sub] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    const post = req.method === 'POST';
    if (collection === 'bills') {
      if (!id) {
        if (!post) return send(res, 200, bills);
        const keys = Object.keys(body ?? {});
        if (!body || keys.length !== 1 || !inRange(body.total)) return send(res, 400, {});
        const made = {
          id: `b${bills.length + 1}`,
          total: body.total,
          balanceDue: body.total,
          status: 'draft',
          paidAt: null,
        };
        bills.push(made);
        return send(res, 201, made);
      }
      const found = bills.find((one) => one.id === id);
      if (!found) return send(res, 404, {});
      if (!post && !sub) return send(res, 200, found);
      if (post && sub === 'send') {
        if (found.status !== 'draft') return send(res, 409, {});
        found.status = 'sent';
        return send(res, 200, found);
      }
      return send(res, 404, {});
    }
    if (collection === 'payments') {
      if (id) {
        const found = payments.find((one) => one.id === id);
        return found && !post ? send(res, 200, found) : send(res, 404, {});
      }
      if (!post) return send(res, 200, payments);
      const shaped = body && Object.keys(body).every((key) => key === 'billId' || key === 'amount');
      const billId = body?.billId;
      if (!shaped || typeof billId !== 'string' || billId.length < 1 || [...billId].length > 40)
        return send(res, 400, {});
      if (!inRange(body.amount)) return send(res, 400, {});
      const named = bills.find((one) => one.id === billId);
      if (!named) return send(res, 422, {});
      if (named.status !== 'sent') return send(res, 409, {});
      const amount = body.amount as number;
      if (amount > (named.balanceDue as number)) return send(res, 422, {});
      named.balanceDue = (named.balanceDue as number) - amount;
      if (named.balanceDue === 0 && fault !== 'exact-payment-not-paid') {
        named.status = 'paid';
        if (fault !== 'paid-at-left-null') named.paidAt = new Date().toISOString();
      }
      const made = { id: `p${payments.length + 1}`, billId, amount };
      payments.push(made);
      return send(res, 201, made);
    }
    return send(res, 404, {});
  };
}

const run = (fault?: Fault) => runConformance({ target: { app: desk(fault) }, contract: document, seed: 5, runs: 5 });
const codes = (result: Awaited<ReturnType<typeof run>>) => result.violations.map((v) => v.code);
const WATCHED = ['named_not_moved', 'state_time_missing'];

describe('a payment of exactly the balance makes the bill paid', () => {
  it('reads the effect with the amount it takes, and drops one said after a condition it cannot read', () => {
    const payments = inferApiModel(document).resources.find(({ collection }) => collection.path === '/payments');
    expect(payments?.idioms.namedEffects).toEqual([
      expect.objectContaining({
        collection: '/bills',
        via: 'billId',
        verb: 'creation',
        to: 'paid',
        matching: { member: 'amount', to: 'balanceDue' },
      }),
    ]);
    const vague = structuredClone(billsDocument);
    vague.paths['/payments'].post.description =
      'The bill must be `sent` (`409`); when the payments reach its total (the bill becomes `paid`).';
    const read = inferApiModel(contractFromDocument(vague)).resources.find(
      ({ collection }) => collection.path === '/payments',
    );
    expect(read?.idioms.namedEffects ?? []).toEqual([]);
  });

  it('passes a desk that keeps it, with the effect reached on a bill the run sent', async () => {
    const result = await run();
    expect(codes(result).filter((code) => WATCHED.includes(code))).toEqual([]);
    expect((result.reach?.unreached ?? []).filter(({ scenario }) => scenario === 'named effects')).toEqual([]);
  });

  it.each([
    ['exact-payment-not-paid', 'named_not_moved'],
    ['paid-at-left-null', 'state_time_missing'],
  ] as const)('names a desk whose fault is %s', async (fault, code) => {
    expect(codes(await run(fault))).toContain(code);
  });
});
