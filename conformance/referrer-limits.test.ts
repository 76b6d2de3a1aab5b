// A limit on how many items may name one item ("`409` when the member already has `loanLimit`
// active loans"): the run fills a member of its own up to its limit and expects one more refused;
// a loan returned frees its place, so its own body is taken again. Each planted fault is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const member = {
  type: 'object',
  required: ['id', 'name', 'loanLimit'],
  properties: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', minLength: 1, maxLength: 20 },
    loanLimit: { type: 'integer', enum: [2], readOnly: true },
    activeLoanCount: { type: 'integer', minimum: 0, readOnly: true },
  },
};
const loan = {
  type: 'object',
  required: ['id', 'memberId', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    memberId: { type: 'string' },
    status: { type: 'string', enum: ['active', 'returned'], readOnly: true },
  },
};
const idParameter = (name: string) => [{ name, in: 'path', required: true, schema: { type: 'string' } }];
const LIMIT_WORDS = '`422` when the member does not exist; `409` when the member already has `loanLimit` active loans.';
const documentWith = (words: string) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'lending', version: '1' },
    paths: {
      '/members': {
        post: {
          requestBody: {
            required: true,
            content: json({
              type: 'object',
              additionalProperties: false,
              required: ['name'],
              properties: { name: member.properties.name },
            }),
          },
          responses: { '201': { description: 'made', content: json(member) }, '400': { description: 'bad' } },
        },
      },
      '/members/{memberId}': {
        parameters: idParameter('memberId'),
        get: { responses: { '200': { description: 'one', content: json(member) }, '404': { description: 'none' } } },
      },
      '/loans': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: loan }) } } },
        post: {
          description: words,
          requestBody: {
            required: true,
            content: json({
              type: 'object',
              additionalProperties: false,
              required: ['memberId'],
              properties: { memberId: { type: 'string' } },
            }),
          },
          responses: {
            '201': { description: 'lent', content: json(loan) },
            '400': { description: 'bad' },
            '409': { description: 'at the limit' },
            '422': { description: 'no such member' },
          },
        },
      },
      '/loans/{loanId}': {
        parameters: idParameter('loanId'),
        get: { responses: { '200': { description: 'one', content: json(loan) }, '404': { description: 'none' } } },
      },
      '/loans/{loanId}/return': {
        parameters: idParameter('loanId'),
        post: {
          summary: 'Return a loan (`active` -> `returned`)',
          responses: {
            '200': { description: 'returned', content: json(loan) },
            '404': { description: 'none' },
            '409': { description: 'returned already' },
          },
        },
      },
    },
  });
const document = documentWith(LIMIT_WORDS);

type Fault = 'off-by-one' | 'counts-returned';

/** A lending desk; `fault` plants one mistake in its limit. */
function desk(fault?: Fault) {
  const members: Record<string, unknown>[] = [];
  const loans: Record<string, unknown>[] = [];
  const send = sendJson;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const parts = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (parts[0] === 'members') {
      if (parts.length === 1 && req.method === 'POST') {
        const name = body?.name;
        if (!body || Object.keys(body).some((key) => key !== 'name') || typeof name !== 'string')
          return send(res, 400, {});
        if (name.length < 1 || [...name].length > 20) return send(res, 400, {});
        const made = { id: `m${members.length + 1}`, name, loanLimit: 2 };
        members.push(made);
        return send(res, 201, made);
      }
      const found = members.find((one) => one.id === parts[1]);
      return found && parts.length === 2 && req.method === 'GET' ? send(res, 200, found) : send(res, 404, {});
    }
    if (parts[0] !== 'loans') return send(res, 404, {});
    if (parts.length === 1 && req.method === 'GET') return send(res, 200, loans);
    if (parts.length === 1 && req.method === 'POST') {
      if (!body || Object.keys(body).some((key) => key !== 'memberId') || typeof body.memberId !== 'string')
        return send(res, 400, {});
      const lender = members.find((one) => one.id === body.memberId);
      if (!lender) return send(res, 422, {});
      const counted = loans.filter(
        (one) => one.memberId === lender.id && (fault === 'counts-returned' || one.status === 'active'),
      ).length;
      if (fault === 'off-by-one' ? counted > 2 : counted >= 2) return send(res, 409, {});
      const made = { id: `l${loans.length + 1}`, memberId: lender.id, status: 'active' };
      loans.push(made);
      return send(res, 201, made);
    }
    const found = loans.find((one) => one.id === parts[1]);
    if (!found) return send(res, 404, {});
    if (parts.length === 2 && req.method === 'GET') return send(res, 200, found);
    if (parts[2] === 'return' && req.method === 'POST') {
      if (found.status !== 'active') return send(res, 409, {});
      found.status = 'returned';
      return send(res, 200, found);
    }
    return send(res, 404, {});
  };
}

const run = (fault?: Fault) => runConformance({ target: { app: desk(fault) }, contract: document, seed: 6, runs: 5 });
const codes = (result: Awaited<ReturnType<typeof run>>) => result.violations.map((v) => v.code);

describe('a limit on the items naming one item', () => {
  it('reads the limit, the state it counts and its refusal from the words', () => {
    const loans = inferApiModel(document).resources.find(({ collection }) => collection.path === '/loans');
    expect(loans?.idioms.referrerLimits).toEqual([
      expect.objectContaining({
        via: 'memberId',
        collection: '/members',
        limit: 'loanLimit',
        states: ['active'],
        status: 409,
      }),
    ]);
  });

  it("reads a limit said as the named item's count reaching it, the count's name giving the state", () => {
    const words = "`409` when the member's `activeLoanCount` has reached `loanLimit`.";
    const loans = inferApiModel(documentWith(words)).resources.find(({ collection }) => collection.path === '/loans');
    expect(loans?.idioms.referrerLimits).toEqual([
      expect.objectContaining({ via: 'memberId', limit: 'loanLimit', states: ['active'], status: 409 }),
    ]);
  });

  it('passes a desk that keeps it, with every step run', async () => {
    const result = await run();
    expect(codes(result).filter((code) => code.startsWith('referrer_limit'))).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((step) => step.scenario === 'referrer limits')).toEqual([]);
  });

  it.each([
    ['off-by-one', 'referrer_limit_passed'],
    ['counts-returned', 'referrer_limit_counts_other_states'],
  ] as const)('names a desk whose limit is %s', async (fault, code) => {
    expect(codes(await run(fault))).toContain(code);
  });
});
