// A grading desk: a change may send the members its schema declares readOnly ("sent and
// ignored"), an action's body gives the item what its words say it sets ("Sets state `graded` and
// grade"), and a grade out of range is refused on an item the action could otherwise take. A desk
// that keeps them passes; each planted fault is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const paper = {
  type: 'object',
  required: ['id', 'title', 'state', 'grade', 'reviewCount'],
  properties: {
    id: { type: 'string', readOnly: true },
    title: { type: 'string', minLength: 1, maxLength: 40 },
    state: { type: 'string', enum: ['submitted', 'graded'], readOnly: true },
    grade: { type: ['integer', 'null'], minimum: 0, maximum: 100, readOnly: true },
    reviewCount: { type: 'integer', minimum: 0, readOnly: true },
  },
};
const idParameter = [{ name: 'paperId', in: 'path', required: true, schema: { type: 'string' } }];
const answers = {
  '200': { description: 'the paper', content: json(paper) },
  '400': { description: 'bad' },
  '404': { description: 'none' },
};
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'grading desk', version: '1' },
  paths: {
    '/papers': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: paper }) } } },
      post: {
        description: 'Read-only members of a paper may be sent and are ignored.',
        requestBody: { required: true, content: json(paper) },
        responses: { '201': { description: 'submitted', content: json(paper) }, '400': { description: 'bad' } },
      },
    },
    '/papers/{paperId}': {
      parameters: idParameter,
      get: { responses: { '200': answers['200'], '404': answers['404'] } },
      patch: {
        description: 'Read-only members of a paper may be sent and are ignored.',
        requestBody: { required: true, content: json({ ...paper, required: [] }) },
        responses: answers,
      },
    },
    '/papers/{paperId}/grade': {
      parameters: idParameter,
      post: {
        description: 'Only a `submitted` paper can be graded (409). Sets state `graded` and grade.',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            additionalProperties: false,
            required: ['grade'],
            properties: { grade: { type: 'integer', minimum: 0, maximum: 100 } },
          }),
        },
        responses: { ...answers, '409': { description: 'not submitted' } },
      },
    },
    '/papers/{paperId}/reopen': {
      parameters: idParameter,
      post: {
        description: 'Returns a graded paper to `submitted`: its `grade` becomes null. Only a `graded` paper (409).',
        responses: { '200': answers['200'], '404': answers['404'], '409': { description: 'not graded' } },
      },
    },
  },
});

type Fault = 'patch-takes-read-only' | 'grade-not-stored' | 'grade-range-unchecked' | 'reopen-keeps-grade';

const READ_ONLY = ['id', 'state', 'grade', 'reviewCount'];
const writable = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([name]) => !READ_ONLY.includes(name)));

/** A grading desk; `fault` plants one mistake. */
function desk(fault?: Fault) {
  const papers: Record<string, unknown>[] = [];
  let made = 0;
  const send = sendJson;
  const validTitle = (title: unknown) => typeof title === 'string' && title.length >= 1 && title.length <= 40;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const parts = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (parts[0] !== 'papers') return send(res, 404, {});
    if (parts.length === 1 && req.method === 'GET') return send(res, 200, papers);
    const body = parseObject(text);
    if (parts.length === 1 && req.method === 'POST') {
      const known = body && Object.keys(body).every((name) => name in paper.properties);
      if (!body || !known || !validTitle(body.title)) return send(res, 400, {});
      const made_ = { id: `p${++made}`, title: body.title, state: 'submitted', grade: null, reviewCount: 0 };
      papers.push(made_);
      return send(res, 201, made_);
    }
    const found = papers.find((one) => one.id === parts[1]);
    if (!found) return send(res, 404, {});
    if (parts.length === 2 && req.method === 'GET') return send(res, 200, found);
    if (parts.length === 2 && req.method === 'PATCH') {
      const known = body && Object.keys(body).every((name) => name in paper.properties);
      if (!body || !known || ('title' in body && !validTitle(body.title))) return send(res, 400, {});
      Object.assign(found, fault === 'patch-takes-read-only' ? body : writable(body));
      return send(res, 200, found);
    }
    if (parts[2] === 'grade' && req.method === 'POST') {
      const grade = body?.grade;
      const inRange = typeof grade === 'number' && grade >= 0 && (fault === 'grade-range-unchecked' || grade <= 100);
      if (!body || Object.keys(body).join() !== 'grade' || !Number.isInteger(grade) || !inRange)
        return send(res, 400, {});
      if (found.state !== 'submitted') return send(res, 409, {});
      found.state = 'graded';
      found.grade = fault === 'grade-not-stored' ? null : grade;
      return send(res, 200, found);
    }
    if (parts[2] === 'reopen' && req.method === 'POST') {
      if (found.state !== 'graded') return send(res, 409, {});
      found.state = 'submitted';
      if (fault !== 'reopen-keeps-grade') found.grade = null;
      return send(res, 200, found);
    }
    return send(res, 404, {});
  };
}

const run = (fault?: Fault) => runConformance({ target: { app: desk(fault) }, contract: document, seed: 5, runs: 5 });
const codes = (result: Awaited<ReturnType<typeof run>>) => result.violations.map((v) => v.code);
const WATCHED = ['client_value_taken', 'action_not_applied', 'invalid_input_accepted'];

describe('a grading desk whose changes may carry what the service keeps', () => {
  it('passes a desk that ignores readOnly members, stores the grade and checks its range', async () => {
    expect(codes(await run()).filter((code) => WATCHED.includes(code))).toEqual([]);
  });

  it.each([
    ['patch-takes-read-only', 'client_value_taken'],
    ['grade-not-stored', 'action_not_applied'],
    ['grade-range-unchecked', 'invalid_input_accepted'],
    ['reopen-keeps-grade', 'action_not_applied'],
  ] as const)('names a desk whose fault is %s', async (fault, code) => {
    expect(codes(await run(fault))).toContain(code);
  });
});
