// A creation naming an item in a state the words refuse ("409 if the copy is not available") is sent
// with its other references new ones of the run's own: the member the first loan named is at its own
// limit by then, and a refusal for that (409) hid a service that loans a copy twice.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const text = { type: 'string', minLength: 1, maxLength: 20 };
const member = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name: text },
};
const copy = {
  type: 'object',
  required: ['id', 'status'],
  properties: { id: { type: 'string' }, status: { type: 'string', enum: ['available', 'onLoan'], readOnly: true } },
};
const loanInput = {
  type: 'object',
  additionalProperties: false,
  required: ['memberId', 'copyId'],
  properties: { memberId: { type: 'string', minLength: 1 }, copyId: { type: 'string', minLength: 1 } },
};
const loan = {
  type: 'object',
  required: ['id', 'memberId', 'copyId'],
  properties: { id: { type: 'string', readOnly: true }, ...loanInput.properties },
};
const list = (schema: unknown) => ({
  get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: schema }) } } },
});
const one = (name: string, schema: unknown) => ({
  parameters: [{ name, in: 'path', required: true, schema: { type: 'string' } }],
  get: { responses: { '200': { description: 'one', content: json(schema) }, '404': { description: 'none' } } },
});
const made = (input: unknown, output: unknown, more: Record<string, unknown> = {}) => ({
  requestBody: { required: true, content: json(input) },
  responses: { '201': { description: 'made', content: json(output) }, '400': { description: 'bad' }, ...more },
});
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'lending', version: '1' },
  paths: {
    '/members': { ...list(member), post: made({ ...member, additionalProperties: false, required: ['name'] }, member) },
    '/members/{memberId}': one('memberId', member),
    '/copies': { ...list(copy), post: made({ type: 'object', additionalProperties: false, properties: {} }, copy) },
    '/copies/{copyId}': one('copyId', copy),
    '/loans': {
      ...list(loan),
      post: {
        description:
          'Lends the copy: its `status` becomes `onLoan`. Returns `409` if the copy is not available; a member may hold at most 1 loan (`409` otherwise); `422` if a member or copy does not exist.',
        ...made(loanInput, loan, { '409': { description: 'busy' }, '422': { description: 'unknown' } }),
      },
    },
    '/loans/{loanId}': one('loanId', loan),
  },
});

function desk(lendsTwice: boolean) {
  const members = [{ id: 'm1', name: 'Ada' }];
  const copies = [{ id: 'c1', status: 'available' }];
  const loans: { id: string; memberId: string; copyId: string }[] = [];
  let next = 1;
  const all: Record<string, { id: string }[]> = { members, copies, loans };
  return async (req: IncomingMessage, res: ServerResponse) => {
    const [top, id] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    const items = all[top ?? ''];
    if (!items) return send(res, 404, {});
    if (req.method === 'GET') {
      if (!id) return send(res, 200, items);
      const found = items.find((item) => item.id === id);
      return found ? send(res, 200, found) : send(res, 404, {});
    }
    if (req.method !== 'POST' || id) return send(res, 405, {});
    const body = parseObject(await readBody(req));
    if (!body) return send(res, 400, {});
    if (top === 'members') {
      const name = body.name;
      if (Object.keys(body).join() !== 'name' || typeof name !== 'string' || !name || [...name].length > 20)
        return send(res, 400, {});
      const one = { id: `m${++next}`, name };
      members.push(one);
      return send(res, 201, one);
    }
    if (top === 'copies') {
      if (Object.keys(body).length > 0) return send(res, 400, {});
      const one = { id: `c${++next}`, status: 'available' };
      copies.push(one);
      return send(res, 201, one);
    }
    const keys = Object.keys(body).sort().join();
    if (
      keys !== 'copyId,memberId' ||
      typeof body.memberId !== 'string' ||
      typeof body.copyId !== 'string' ||
      !body.memberId ||
      !body.copyId
    )
      return send(res, 400, {});
    const copyFound = copies.find((one) => one.id === body.copyId);
    if (!members.some((one) => one.id === body.memberId) || !copyFound) return send(res, 422, {});
    if (loans.some((one) => one.memberId === body.memberId)) return send(res, 409, { message: 'member limit' });
    if (copyFound.status !== 'available' && !lendsTwice) return send(res, 409, { message: 'on loan' });
    copyFound.status = 'onLoan';
    const one = { id: `l${++next}`, memberId: body.memberId, copyId: body.copyId };
    loans.push(one);
    return send(res, 201, one);
  };
}

const statesAccepted = async (lendsTwice: boolean) => {
  const report = await runConformance({ target: { app: desk(lendsTwice) }, contract, seed: 6, runs: 3 });
  return report.violations.filter((v) => v.message.includes('which the words refuse')).length;
};

describe('an item in a refused state, named by a creation whose other references are its own', () => {
  it('passes a desk that refuses a copy on loan', async () => {
    expect(await statesAccepted(false)).toBe(0);
  });

  it('names a desk that lends a copy twice', async () => {
    expect(await statesAccepted(true)).toBeGreaterThan(0);
  });
});
