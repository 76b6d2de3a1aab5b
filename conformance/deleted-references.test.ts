// A creation may not name an item the words say it may not name once deleted, in whichever clause
// they say it ("`409` when the member is deleted", beside the `422` of an unknown member): the run
// makes a member, deletes it, and names it. A desk that lends to a deleted member is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const memberInput = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 20 } },
};
const member = {
  type: 'object',
  required: ['id', 'name', 'deletedAt'],
  properties: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string' },
    deletedAt: { type: 'string', format: 'date-time', nullable: true, readOnly: true },
  },
};
const loanInput = {
  type: 'object',
  additionalProperties: false,
  required: ['memberId', 'title'],
  properties: { memberId: { type: 'string', minLength: 1 }, title: { type: 'string', minLength: 1, maxLength: 20 } },
};
const loan = {
  type: 'object',
  required: ['id', 'memberId', 'title'],
  properties: { id: { type: 'string', readOnly: true }, ...loanInput.properties },
};
const id = (name: string) => [{ name, in: 'path', required: true, schema: { type: 'string' } }];
const list = (schema: unknown) => ({ description: 'all', content: json({ type: 'array', items: schema }) });

/** Deletion's words as written: plainly, or for a deletion that keeps its item in another word ("Retire a
 * member") the loan's rule says in that word ("`409` when the member is retired"). */
interface Words {
  readonly deletion: { readonly summary?: string; readonly description: string };
  readonly lending: string;
}
const DELETED: Words = {
  deletion: { description: 'Sets `deletedAt`; the member stays readable with GET but leaves the list.' },
  lending: 'Lends a title.\n\n* `422` when the member does not exist.\n* `409` when the member is deleted.',
};
const RETIRED: Words = {
  deletion: {
    summary: 'Retire a member',
    description: 'Deleting a member retires it: it stays readable with GET but leaves the list.',
  },
  lending: 'Lends a title. `memberId` names a member; it must exist (`422`) and must not be retired (`409`).',
};

const contractOf = (words: Words) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'lending', version: '1' },
    paths: {
      '/members': {
        get: {
          parameters: [{ name: 'includeDeleted', in: 'query', schema: { type: 'boolean', default: false } }],
          responses: { '200': list(member), '400': none },
        },
        post: {
          requestBody: { required: true, content: json(memberInput) },
          responses: { '201': { description: 'made', content: json(member) }, '400': none },
        },
      },
      '/members/{memberId}': {
        parameters: id('memberId'),
        get: { responses: { '200': { description: 'one, deleted ones too', content: json(member) }, '404': none } },
        delete: {
          ...words.deletion,
          responses: { '204': { description: 'deleted' }, '404': none },
        },
      },
      '/loans': {
        get: { responses: { '200': list(loan) } },
        post: {
          description: words.lending,
          requestBody: { required: true, content: json(loanInput) },
          responses: { '201': { description: 'lent', content: json(loan) }, '400': none, '409': none, '422': none },
        },
      },
      '/loans/{loanId}': {
        parameters: id('loanId'),
        get: { responses: { '200': { description: 'one', content: json(loan) }, '404': none } },
      },
    },
  });

function desk(lendsToDeleted = false) {
  const members = new Map<string, { id: string; name: string; deletedAt: string | null }>([
    ['m-1', { id: 'm-1', name: 'Ada', deletedAt: null }],
  ]);
  const loans = new Map<string, Record<string, unknown>>();
  let last = 1;
  const valid = (body: Record<string, unknown> | undefined, schema: typeof loanInput | typeof memberInput) =>
    body !== undefined &&
    Object.keys(body).every((key) => key in schema.properties) &&
    schema.required.every((key) => typeof body[key] === 'string' && (body[key] as string).length > 0) &&
    Object.values(body).every((value) => typeof value === 'string' && value.length <= 20);
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (root === 'members') {
      if (key === undefined && req.method === 'GET')
        return sendJson(
          res,
          200,
          [...members.values()].filter((one) => one.deletedAt === null || req.url?.includes('includeDeleted=true')),
        );
      if (key === undefined) {
        if (!valid(body, memberInput)) return sendJson(res, 400, {});
        const made = { id: `m-${++last}`, name: String(body!.name), deletedAt: null };
        members.set(made.id, made);
        return sendJson(res, 201, made);
      }
      const found = members.get(key);
      if (!found) return sendJson(res, 404, {});
      if (req.method === 'DELETE') {
        found.deletedAt ??= new Date().toISOString();
        return sendJson(res, 204);
      }
      return sendJson(res, 200, found);
    }
    if (root !== 'loans') return sendJson(res, 404, {});
    if (key !== undefined) return loans.has(key) ? sendJson(res, 200, loans.get(key)) : sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, [...loans.values()]);
    if (!valid(body, loanInput)) return sendJson(res, 400, {});
    const named = members.get(String(body!.memberId));
    if (!named) return sendJson(res, 422, {});
    if (named.deletedAt !== null && !lendsToDeleted) return sendJson(res, 409, {});
    const made = { id: `ln-${++last}`, memberId: body!.memberId, title: body!.title };
    loans.set(made.id, made);
    return sendJson(res, 201, made);
  };
}

const run = (fault?: boolean, words = DELETED) =>
  runConformance({ target: { app: desk(fault) }, contract: contractOf(words), seed: 6 });

describe.each([
  ['deleted', DELETED],
  ['retired, the word its deletion gives it', RETIRED],
])('a creation naming an item the run deleted, where the words refuse it as %s', (_, words) => {
  it('passes a desk that refuses it, with the step run', async () => {
    const result = await run(false, words);
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    const unreached = (result.reach?.unreached ?? []).flatMap(({ steps }) => steps);
    expect(unreached).not.toContain('deleted memberId refused');
    expect(result.reach?.stateChecksRan).toBeGreaterThan(0);
  });

  it('names a desk that lends to a deleted member', async () => {
    const found = (await run(true, words)).violations.filter((v) => v.code === 'unknown_reference_accepted');
    expect(found.map((v) => v.message).join('\n')).toMatch(/memberId names .*deleted/);
  });
});
