// Counts of other items a write moves by one, read from the write's words: a loan raises its
// member's `activeLoanCount` by one and lowers its tool's `availableCount` by one; its return moves
// both back. A desk that keeps them passes with every step run; each planted fault is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const count = { type: 'integer', minimum: 0, readOnly: true };
const member = {
  type: 'object',
  required: ['id', 'name', 'activeLoanCount'],
  properties: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', maxLength: 20 },
    activeLoanCount: count,
  },
};
const tool = {
  type: 'object',
  required: ['id', 'label', 'availableCount'],
  properties: { id: { type: 'string' }, label: { type: 'string' }, availableCount: count },
};
const loan = {
  type: 'object',
  required: ['id', 'memberId', 'toolId', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    memberId: { type: 'string' },
    toolId: { type: 'string' },
    status: { type: 'string', enum: ['active', 'returned'], readOnly: true },
  },
};
const id = (name: string) => [{ name, in: 'path', required: true, schema: { type: 'string' } }];
const none = { '404': { description: 'none' } };
const read = (schema: unknown, name: string) => ({
  parameters: id(name),
  get: { responses: { '200': { description: 'one', content: json(schema) }, ...none } },
});
const list = (schema: unknown) => ({
  get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: schema }) } } },
});
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'tool library', version: '1' },
  paths: {
    '/members': {
      ...list(member),
      post: {
        requestBody: {
          required: true,
          content: json({ type: 'object', required: ['name'], properties: { name: member.properties.name } }),
        },
        responses: { '201': { description: 'made', content: json(member) }, '400': { description: 'bad' } },
      },
    },
    '/members/{memberId}': read(member, 'memberId'),
    '/tools': list(tool),
    '/tools/{toolId}': read(tool, 'toolId'),
    '/loans': {
      ...list(loan),
      post: {
        description:
          "Lends the tool: its tool's `availableCount` goes down by one and the member's `activeLoanCount` up by one. " +
          '`memberId` and `toolId` must name existing ones (422 otherwise).',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['memberId', 'toolId'],
            properties: { memberId: { type: 'string' }, toolId: { type: 'string' } },
          }),
        },
        responses: {
          '201': { description: 'lent', content: json(loan) },
          '400': { description: 'bad' },
          '422': { description: 'unknown' },
        },
      },
    },
    '/loans/{loanId}': read(loan, 'loanId'),
    '/loans/{loanId}/return': {
      parameters: id('loanId'),
      post: {
        description:
          "Only from `active`. The loan becomes `returned`; its tool's `availableCount` goes up by one and the member's `activeLoanCount` down by one.",
        responses: {
          '200': { description: 'back', content: json(loan) },
          ...none,
          '409': { description: 'back already' },
        },
      },
    },
  },
});

type Fault = 'return-keeps-member-count' | 'loan-keeps-tool-count';

/** A tool library; `fault` plants one mistake in the counts. */
function library(fault?: Fault) {
  const members = new Map([['m1', { id: 'm1', name: 'Ada' }]]);
  const tools = new Map([['t1', { id: 't1', label: 'drill', stock: 50 }]]);
  const loans = new Map<string, Record<string, unknown>>();
  const memberCounts = new Map<string, number>();
  const toolOut = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string, by: number) => map.set(key, (map.get(key) ?? 0) + by);
  const memberView = (m: { id: string; name: string }) => ({ ...m, activeLoanCount: memberCounts.get(m.id) ?? 0 });
  const toolView = (t: { id: string; label: string; stock: number }) => ({
    id: t.id,
    label: t.label,
    availableCount: t.stock - (toolOut.get(t.id) ?? 0),
  });
  const send = sendJson;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [top, key, action, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return send(res, 404, {});
    const post = req.method === 'POST';
    if (top === 'members' && key === undefined) {
      if (!post) return send(res, 200, [...members.values()].map(memberView));
      const name = body?.name;
      if (typeof name !== 'string' || [...name].length > 20) return send(res, 400, {});
      const made = { id: `m${members.size + 1}`, name };
      members.set(made.id, made);
      return send(res, 201, memberView(made));
    }
    if (top === 'members')
      return members.has(key!) ? send(res, 200, memberView(members.get(key!)!)) : send(res, 404, {});
    if (top === 'tools' && key === undefined) return send(res, 200, [...tools.values()].map(toolView));
    if (top === 'tools') return tools.has(key!) ? send(res, 200, toolView(tools.get(key!)!)) : send(res, 404, {});
    if (top !== 'loans') return send(res, 404, {});
    if (key === undefined && !post) return send(res, 200, [...loans.values()]);
    if (key === undefined) {
      const { memberId, toolId } = body ?? {};
      if (typeof memberId !== 'string' || typeof toolId !== 'string' || Object.keys(body!).length !== 2)
        return send(res, 400, {});
      if (!members.has(memberId) || !tools.has(toolId)) return send(res, 422, {});
      const made = { id: `l${loans.size + 1}`, memberId, toolId, status: 'active' };
      loans.set(made.id, made);
      bump(memberCounts, memberId, 1);
      if (fault !== 'loan-keeps-tool-count') bump(toolOut, toolId, 1);
      return send(res, 201, made);
    }
    const found = loans.get(key);
    if (!found) return send(res, 404, {});
    if (action === undefined) return req.method === 'GET' ? send(res, 200, found) : send(res, 404, {});
    if (action !== 'return' || !post) return send(res, 404, {});
    if (found.status !== 'active') return send(res, 409, {});
    found.status = 'returned';
    if (fault !== 'return-keeps-member-count') bump(memberCounts, String(found.memberId), -1);
    bump(toolOut, String(found.toolId), -1);
    return send(res, 200, found);
  };
}

const run = (fault?: Fault) =>
  runConformance({ target: { app: library(fault) }, contract: document, seed: 6, runs: 5 });
const codes = (result: Awaited<ReturnType<typeof run>>) => result.violations.map((v) => v.code);

describe('counts a loan and its return move by one, read from their words', () => {
  it('reads which counts each write moves, and through which member', () => {
    const loans = inferApiModel(document).resources.find(({ collection }) => collection.path === '/loans');
    expect(
      loans?.idioms.steppedCounts?.map(({ operation, member, step, via }) => [operation.id, member, step, via]),
    ).toEqual([
      ['POST /loans', 'availableCount', -1, 'toolId'],
      ['POST /loans', 'activeLoanCount', 1, 'memberId'],
      ['POST /loans/{loanId}/return', 'availableCount', 1, 'toolId'],
      ['POST /loans/{loanId}/return', 'activeLoanCount', -1, 'memberId'],
    ]);
  });

  it('passes a library that keeps them, with every step run', async () => {
    const result = await run();
    expect(codes(result)).not.toContain('drawn_amount_off');
    expect((result.reach?.unreached ?? []).map(({ scenario }) => scenario)).not.toContain('stepped counts');
  });

  it.each([['return-keeps-member-count'], ['loan-keeps-tool-count']] as const)(
    'names a library whose fault is %s',
    async (fault) => {
      expect(codes(await run(fault))).toContain('drawn_amount_off');
    },
  );
});
