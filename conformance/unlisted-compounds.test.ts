// A loan names a copy by its branch's code and the copy's number (/branches/{code}/copies/{number}),
// where neither branches nor copies can be listed: the run makes a branch and a copy under it for
// each loan. The loans' list leaves returned loans out unless asked with `status=all`, a switch the
// model reads as no filter: a loan the run returned is looked for there, not called missing.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const code = { type: 'string', pattern: '^[a-z][a-z0-9-]{1,15}$' };
const branchBody = {
  type: 'object',
  required: ['code', 'name'],
  properties: { code, name: { type: 'string', maxLength: 20 } },
};
const branch = {
  ...branchBody,
  properties: { ...branchBody.properties, copyCount: { type: 'integer', readOnly: true } },
};
const copy = { type: 'object', required: ['number'], properties: { number: { type: 'integer', readOnly: true } } };
const kind = { type: 'string', enum: ['short', 'long'] };
const loanBody = {
  type: 'object',
  additionalProperties: false,
  required: ['branchCode', 'copyNumber', 'kind'],
  properties: { branchCode: code, copyNumber: { type: 'integer', minimum: 1 }, kind },
};
const loan = {
  type: 'object',
  required: ['id', 'branchCode', 'copyNumber', 'kind', 'returnedAt'],
  properties: {
    id: { type: 'string', readOnly: true },
    ...loanBody.properties,
    returnedAt: { type: 'string', format: 'date-time', nullable: true, readOnly: true },
  },
};
const codeParameter = { name: 'code', in: 'path', required: true, schema: code };
const loanId = { name: 'loanId', in: 'path', required: true, schema: { type: 'string' } };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: {
    title: 'lending',
    version: '1',
    description: 'Unknown members in a request body are ignored, and so are members the schemas mark `readOnly`.',
  },
  paths: {
    '/branches': {
      post: {
        description: 'Creates a branch under the `code` sent; a code in use is refused with 409.',
        requestBody: { required: true, content: json(branchBody) },
        responses: { '201': { description: 'made', content: json(branch) }, '400': none, '409': none, '422': none },
      },
    },
    '/branches/{code}': {
      parameters: [codeParameter],
      get: { responses: { '200': { description: 'one', content: json(branch) }, '404': none } },
      put: {
        description: 'Replaces the branch; it does not create branches: an unknown code answers 404.',
        requestBody: { required: true, content: json(branchBody) },
        responses: { '200': { description: 'replaced', content: json(branch) }, '400': none, '404': none },
      },
    },
    '/branches/{code}/copies': {
      parameters: [codeParameter],
      post: {
        requestBody: { content: json({ type: 'object', properties: {} }) },
        responses: { '201': { description: 'made', content: json(copy) }, '400': none, '404': none },
      },
    },
    '/branches/{code}/copies/{number}': {
      parameters: [codeParameter, { name: 'number', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': { description: 'one', content: json(copy) }, '404': none } },
    },
    '/loans': {
      get: {
        parameters: [
          { name: 'kind', in: 'query', schema: kind },
          {
            name: 'status',
            in: 'query',
            description: '`active` (not returned), `returned` or `all`. Default `active`.',
            schema: { type: 'string', enum: ['active', 'returned', 'all'], default: 'active' },
          },
        ],
        responses: { '200': { description: 'some', content: json({ type: 'array', items: loan }) }, '400': none },
      },
      post: {
        description: 'Lends the copy `copyNumber` of branch `branchCode`: 422 where it does not exist, 409 on loan.',
        requestBody: { required: true, content: json(loanBody) },
        responses: { '201': { description: 'lent', content: json(loan) }, '400': none, '409': none, '422': none },
      },
    },
    '/loans/{loanId}': {
      parameters: [loanId],
      get: { responses: { '200': { description: 'one', content: json(loan) }, '404': none } },
    },
    '/loans/{loanId}/return': {
      parameters: [loanId],
      post: {
        description: 'Sets `returnedAt`. A loan already returned answers 409 (a loan is returned once).',
        responses: { '200': { description: 'returned', content: json(loan) }, '404': none, '409': none },
      },
    },
  },
});

type Loan = { id: string; branchCode: string; copyNumber: number; kind: string; returnedAt: string | null };

/** `fault`: a code in use answered 422 instead of the 409 its words give, or a PUT that takes the
 * readOnly `copyCount` sent. */
function lending(fault?: 'dup-code-422' | 'put-takes-copy-count') {
  const branches = new Map<
    string,
    { code: string; name: string; copies: number[]; onLoan: Set<number>; copyCount?: number }
  >();
  const shown = (one: { code: string; name: string; copies: number[]; copyCount?: number }) => ({
    code: one.code,
    name: one.name,
    copyCount: one.copyCount ?? one.copies.length,
  });
  const loans: Loan[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const sent = parseObject(text);
    const url = new URL(req.url ?? '/', 'http://x');
    const [root, key, below, number, ...rest] = url.pathname.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (root === 'branches') {
      if (key === undefined) {
        const valid =
          typeof sent?.code === 'string' &&
          /^[a-z][a-z0-9-]{1,15}$/.test(sent.code) &&
          typeof sent.name === 'string' &&
          [...sent.name].length <= 20;
        if (!valid) return sendJson(res, 400, {});
        if (branches.has(sent!.code as string)) return sendJson(res, fault === 'dup-code-422' ? 422 : 409, {});
        const made = { code: sent!.code as string, name: sent!.name as string, copies: [], onLoan: new Set<number>() };
        branches.set(made.code, made);
        return sendJson(res, 201, shown(made));
      }
      const found = branches.get(key);
      if (!found) return sendJson(res, 404, {});
      if (below === undefined && req.method === 'PUT') {
        const fits =
          typeof sent?.name === 'string' &&
          [...sent.name].length <= 20 &&
          typeof sent.code === 'string' &&
          /^[a-z][a-z0-9-]{1,15}$/.test(sent.code);
        if (!fits) return sendJson(res, 400, {});
        found.name = sent!.name as string;
        if (fault === 'put-takes-copy-count' && Number.isInteger(sent!.copyCount))
          found.copyCount = sent!.copyCount as number;
        return sendJson(res, 200, shown(found));
      }
      if (below === undefined) return sendJson(res, 200, shown(found));
      if (below !== 'copies') return sendJson(res, 404, {});
      if (number === undefined) {
        if (text.trim() !== '' && sent === undefined) return sendJson(res, 400, {});
        found.copies.push(found.copies.length + 1);
        return sendJson(res, 201, { number: found.copies.length });
      }
      return found.copies.includes(Number(number))
        ? sendJson(res, 200, { number: Number(number) })
        : sendJson(res, 404, {});
    }
    if (root !== 'loans') return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') {
        const status = url.searchParams.get('status') ?? 'active';
        const wanted = url.searchParams.get('kind');
        if (!['active', 'returned', 'all'].includes(status) || (wanted !== null && !['short', 'long'].includes(wanted)))
          return sendJson(res, 400, {});
        const shown = loans.filter(
          (one) =>
            (status === 'all' || (status === 'active') === (one.returnedAt === null)) &&
            (wanted === null || one.kind === wanted),
        );
        return sendJson(res, 200, shown);
      }
      const valid =
        sent !== undefined &&
        Object.keys(sent).every((name) => ['branchCode', 'copyNumber', 'kind'].includes(name)) &&
        typeof sent.branchCode === 'string' &&
        /^[a-z][a-z0-9-]{1,15}$/.test(sent.branchCode) &&
        Number.isInteger(sent.copyNumber) &&
        Number(sent.copyNumber) >= 1 &&
        (sent.kind === 'short' || sent.kind === 'long');
      if (!valid) return sendJson(res, 400, {});
      const held = branches.get(sent!.branchCode as string);
      const copyNumber = sent!.copyNumber as number;
      if (!held?.copies.includes(copyNumber)) return sendJson(res, 422, {});
      if (held.onLoan.has(copyNumber)) return sendJson(res, 409, {});
      held.onLoan.add(copyNumber);
      const made: Loan = {
        id: `ln-${loans.length + 1}`,
        branchCode: held.code,
        copyNumber,
        kind: sent!.kind as string,
        returnedAt: null,
      };
      loans.push(made);
      return sendJson(res, 201, made);
    }
    const found = loans.find((one) => one.id === key);
    if (!found) return sendJson(res, 404, {});
    if (below === undefined) return req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 405, {});
    if (below !== 'return' || req.method !== 'POST') return sendJson(res, 404, {});
    if (found.returnedAt !== null) return sendJson(res, 409, {});
    found.returnedAt = new Date().toISOString();
    branches.get(found.branchCode)?.onLoan.delete(found.copyNumber);
    return sendJson(res, 200, found);
  };
}

describe('a loan naming a copy of a branch, neither of them listed', () => {
  it('is made with a branch and a copy of the run’s own, and found in the list asked for every loan', async () => {
    const result = await runConformance({ target: { app: lending() }, contract, seed: 4 });
    expect(result.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    const refused = (result.reach?.unreached ?? []).filter(
      (u) => u.path === '/loans' && /creation was refused|creations succeeded/.test(JSON.stringify(u)),
    );
    expect(refused).toEqual([]);
  });

  it('names a service that refuses a code in use with another status than the 409 its words give', async () => {
    const result = await runConformance({ target: { app: lending('dup-code-422') }, contract, seed: 4 });
    expect(result.violations.map((v) => v.code)).toContain('values_in_use_other_status');
  });

  it('names a service whose PUT takes the readOnly copyCount sent', async () => {
    const result = await runConformance({ target: { app: lending('put-takes-copy-count') }, contract, seed: 4 });
    expect(result.violations.map((v) => v.code)).toContain('client_value_taken');
  });
});
