// An action the words allow once per item ("Returns `409` if the loan was already returned"), on an
// item with no state member to move: taken, then taken again, the second must get the refusal.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument, explainedModel } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const loanInput = {
  type: 'object',
  additionalProperties: false,
  required: ['title'],
  properties: { title: { type: 'string', minLength: 1, maxLength: 30 } },
};
const loan = {
  type: 'object',
  required: ['id', 'title', 'returnedAt'],
  properties: {
    id: { type: 'string', readOnly: true },
    ...loanInput.properties,
    returnedAt: { type: 'string', format: 'date-time', nullable: true, readOnly: true },
  },
};
const loanId = { name: 'loanId', in: 'path', required: true, schema: { type: 'string' } };

const etag = { ETag: { schema: { type: 'string' } } };
const ifMatch = { name: 'If-Match', in: 'header', required: false, schema: { type: 'string' } };

function contractSaying(words: string, tagged = false) {
  const one = tagged
    ? { description: 'one', headers: etag, content: json(loan) }
    : { description: 'one', content: json(loan) };
  return contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'loans', version: '1' },
    paths: {
      '/loans': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: loan }) } } },
        post: {
          requestBody: { required: true, content: json(loanInput) },
          responses: { '201': { description: 'made', content: json(loan) }, '400': { description: 'bad' } },
        },
      },
      '/loans/{loanId}': {
        parameters: [loanId],
        get: { responses: { '200': one, '404': { description: 'none' } } },
      },
      '/loans/{loanId}/return': {
        parameters: [loanId],
        post: {
          description: `Sets \`returnedAt\` to now. ${words}`,
          ...(tagged ? { parameters: [ifMatch] } : {}),
          responses: {
            ...(tagged ? { '412': { description: 'stale' } } : {}),
            '200': { description: 'returned', content: json(loan) },
            '404': { description: 'none' },
            '409': { description: 'already returned' },
          },
        },
      },
    },
  });
}

// A loan's ETag moves with it; an If-Match that is not the current one gets 412, before anything else.
const tagOf = (loan: { id: string; returnedAt: string | null }) => `"${loan.id}-${loan.returnedAt ?? 'out'}"`;

function desk(returnsTwice: boolean) {
  const loans: { id: string; title: string; returnedAt: string | null }[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const [top, id, action] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (top !== 'loans') return send(res, 404, {});
    if (req.method === 'POST' && !id) {
      const body = parseObject(await readBody(req));
      const title = body?.title;
      if (
        !body ||
        Object.keys(body).join() !== 'title' ||
        typeof title !== 'string' ||
        !title ||
        [...title].length > 30
      )
        return send(res, 400, {});
      const made = { id: `l${loans.length + 1}`, title, returnedAt: null };
      loans.push(made);
      return send(res, 201, made);
    }
    if (req.method === 'GET' && !id) return send(res, 200, loans);
    const found = loans.find((one) => one.id === id);
    if (!found) return send(res, 404, {});
    if (req.method === 'GET' && !action) {
      res.setHeader('ETag', tagOf(found));
      return send(res, 200, found);
    }
    if (req.method !== 'POST' || action !== 'return') return send(res, 404, {});
    const condition = req.headers['if-match'];
    if (condition !== undefined && condition !== '*' && condition !== tagOf(found)) return send(res, 412, {});
    if (found.returnedAt !== null && !returnsTwice) return send(res, 409, { message: 'already returned' });
    found.returnedAt = new Date().toISOString();
    return send(res, 200, found);
  };
}

const repeated = async (returnsTwice: boolean, words: string, tagged = false) => {
  const report = await runConformance({
    target: { app: desk(returnsTwice) },
    contract: contractSaying(words, tagged),
    seed: 2,
  });
  return report.violations.filter((v) => v.code === 'repeated_action_accepted').length;
};

describe('an action allowed once per item', () => {
  const once = 'Returns `409` if the loan was already returned (a loan is returned at most once).';

  it('passes a service that refuses it the second time', async () => {
    expect(await repeated(false, once)).toBe(0);
  });

  it('names one that takes it again', async () => {
    expect(await repeated(true, once)).toBeGreaterThan(0);
  });

  it("is taken again with the item's current ETag, where the item has one", async () => {
    expect(await repeated(false, once, true)).toBe(0);
    expect(await repeated(true, once, true)).toBeGreaterThan(0);
  });

  it('is not judged where the words do not say so', async () => {
    expect(await repeated(true, 'Returns `409` while the desk is closed.')).toBe(0);
  });

  it("is printed by --explain as the action's `once`", () => {
    const actionsOf = (words: string) => {
      const model = JSON.parse(explainedModel(contractSaying(words), undefined, 'json'));
      const loans = model.resources.find((r: { path: string }) => r.path === '/loans');
      return loans.actions as { verb: string; once?: boolean }[];
    };
    expect(actionsOf(once)).toEqual([expect.objectContaining({ verb: 'return', once: true })]);
    expect(actionsOf('Returns `409` while the desk is closed.')[0]).not.toHaveProperty('once');
  });
});
