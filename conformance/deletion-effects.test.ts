// What deleting an item does to the items naming it, as the DELETE's words say ("Every `active`
// enrollment of the learner becomes `cancelled`"): the run makes a learner, an enrollment naming it,
// deletes the learner and reads the enrollment cancelled. A school whose deletion leaves the
// enrollments active is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { learnersContract } from '../fixtures/learners-document.js';
import { runConformance } from './index.js';

const document = learnersContract;

function school(keepsEnrollments = false) {
  const learners = new Map<string, { id: string; name: string }>();
  const enrollments = new Map<string, { id: string; learnerId: string; status: string }>();
  let last = 0;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = parseObject(await readBody(req));
    const [root, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    const only = (member: string) =>
      sent !== undefined &&
      Object.keys(sent).length === 1 &&
      typeof sent[member] === 'string' &&
      (sent[member] as string).length > 0;
    if (root === 'learners') {
      if (key === undefined) {
        if (req.method === 'GET') return sendJson(res, 200, [...learners.values()]);
        if (!only('name') || [...(sent!.name as string)].length > 20) return sendJson(res, 400, {});
        const made = { id: `lrn_${++last}`, name: sent!.name as string };
        learners.set(made.id, made);
        return sendJson(res, 201, made);
      }
      const found = learners.get(decodeURIComponent(key));
      if (!found) return sendJson(res, 404, {});
      if (req.method === 'GET') return sendJson(res, 200, found);
      if (req.method !== 'DELETE') return sendJson(res, 404, {});
      learners.delete(found.id);
      if (!keepsEnrollments)
        for (const one of enrollments.values())
          if (one.learnerId === found.id && one.status === 'active') one.status = 'cancelled';
      res.writeHead(204).end();
      return;
    }
    if (root !== 'enrollments') return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...enrollments.values()]);
      if (!only('learnerId')) return sendJson(res, 400, {});
      if (!learners.has(sent!.learnerId as string)) return sendJson(res, 422, {});
      const made = { id: `enr_${++last}`, learnerId: sent!.learnerId as string, status: 'active' };
      enrollments.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = enrollments.get(decodeURIComponent(key));
    return found && req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 404, {});
  };
}

const run = (fault?: boolean) => runConformance({ target: { app: school(fault) }, contract: document, seed: 26 });

describe('what deleting an item does to the items naming it', () => {
  it('passes a school that cancels them, with the step run', async () => {
    const result = await run();
    expect(result.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((u) => u.scenario === 'referrer effects')).toEqual([]);
  });

  it('names a school whose deletion leaves the enrollments active', async () => {
    expect((await run(true)).violations.map((v) => v.code)).toContain('referrer_not_moved');
  });
});
