// A creation naming other items is refused for them first where they are made up or busy (a member
// at its limit of loans), hiding the validation behind: the runner sends invalid members in a body
// naming items of the run's own, and names a service that takes a `days` past its maximum.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const member = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string', minLength: 1, maxLength: 30 } },
};
const loanInput = {
  type: 'object',
  additionalProperties: false,
  required: ['memberId'],
  properties: { memberId: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1, maximum: 28 } },
};
const loan = {
  type: 'object',
  required: ['id', 'memberId', 'days'],
  properties: { id: { type: 'string', readOnly: true }, ...loanInput.properties },
};
const list = (schema: unknown) => ({
  get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: schema }) } } },
});
const one = (name: string, schema: unknown) => ({
  parameters: [{ name, in: 'path', required: true, schema: { type: 'string' } }],
  get: { responses: { '200': { description: 'one', content: json(schema) }, '404': { description: 'none' } } },
});
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'loans', version: '1' },
  paths: {
    '/members': {
      ...list(member),
      post: {
        requestBody: { required: true, content: json({ ...member, additionalProperties: false, required: ['name'] }) },
        responses: { '201': { description: 'made', content: json(member) }, '400': { description: 'bad' } },
      },
    },
    '/members/{memberId}': one('memberId', member),
    '/loans': {
      ...list(loan),
      post: {
        description: 'A member may have at most 1 loan: 409 otherwise. 422 if `memberId` names no member.',
        requestBody: { required: true, content: json(loanInput) },
        responses: {
          '201': { description: 'made', content: json(loan) },
          '400': { description: 'bad' },
          '409': { description: 'limit' },
          '422': { description: 'unknown member' },
        },
      },
    },
    '/loans/{loanId}': one('loanId', loan),
  },
});

function desk(daysUnchecked: boolean) {
  const members = [{ id: 'm1', name: 'Ada' }];
  const loans = [{ id: 'l1', memberId: 'm1', days: 14 }];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const [collection, id] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    const items: Record<string, unknown>[] | undefined =
      collection === 'members' ? members : collection === 'loans' ? loans : undefined;
    if (!items) return send(res, 404, {});
    if (req.method === 'GET') {
      if (!id) return send(res, 200, items);
      const found = items.find((item) => item.id === id);
      return found ? send(res, 200, found) : send(res, 404, {});
    }
    if (req.method !== 'POST' || id) return send(res, 405, {});
    const body = parseObject(await readBody(req));
    if (collection === 'members') {
      const name = body?.name;
      if (!body || Object.keys(body).join() !== 'name' || typeof name !== 'string' || !name || [...name].length > 30)
        return send(res, 400, {});
      const made = { id: `m${members.length + 1}`, name };
      members.push(made);
      return send(res, 201, made);
    }
    const days = body?.days ?? 14;
    const extra = Object.keys(body ?? {}).some((key) => key !== 'memberId' && key !== 'days');
    const daysOk = Number.isInteger(days) && (((days as number) >= 1 && (days as number) <= 28) || daysUnchecked);
    if (!body || extra || typeof body.memberId !== 'string' || !body.memberId || !daysOk) return send(res, 400, {});
    if (!members.some((one) => one.id === body.memberId)) return send(res, 422, { message: 'no such member' });
    if (loans.some((one) => one.memberId === body.memberId)) return send(res, 409, { message: 'limit' });
    const made = { id: `l${loans.length + 1}`, memberId: body.memberId, days: days as number };
    loans.push(made);
    return send(res, 201, made);
  };
}

const accepted = async (daysUnchecked: boolean) => {
  const report = await runConformance({ target: { app: desk(daysUnchecked) }, contract, seed: 4, runs: 5 });
  return report.violations.filter((v) => v.code === 'invalid_input_accepted').length;
};

describe('invalid members in a body otherwise whole', () => {
  it('passes a service that refuses them', async () => {
    expect(await accepted(false)).toBe(0);
  });

  it('names a service that takes a days past its maximum once the member named is free', async () => {
    expect(await accepted(true)).toBeGreaterThan(0);
  });
});
