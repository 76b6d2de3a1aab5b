// An action its words refuse while a member of the item is unset ("refused with `409` while no
// worker is assigned"): the run makes a job without a worker and starts it. A shop that starts it
// anyway is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { assignedJobsContract as contract } from '../fixtures/assigned-jobs-document.js';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

function shop(startsUnassigned = false) {
  const workers = new Map<string, { id: string; name: string }>();
  const jobs = new Map<string, { id: string; title: string; workerId: string | null; status: string }>();
  let last = 0;
  const named = (value: unknown) => typeof value === 'string' && value.length >= 1 && [...value].length <= 20;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = parseObject(await readBody(req));
    const [root, key, verb, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (root === 'workers') {
      if (key !== undefined) {
        const found = workers.get(decodeURIComponent(key));
        return found && req.method === 'GET' && !verb ? sendJson(res, 200, found) : sendJson(res, 404, {});
      }
      if (req.method === 'GET') return sendJson(res, 200, [...workers.values()]);
      if (!sent || Object.keys(sent).some((m) => m !== 'name') || !named(sent.name)) return sendJson(res, 400, {});
      const made = { id: `w${++last}`, name: sent.name as string };
      workers.set(made.id, made);
      return sendJson(res, 201, made);
    }
    if (root !== 'jobs') return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...jobs.values()]);
      const workerId = sent?.workerId ?? null;
      const valid =
        sent !== undefined &&
        Object.keys(sent).every((m) => m === 'title' || m === 'workerId') &&
        named(sent.title) &&
        (workerId === null || (typeof workerId === 'string' && workerId.length >= 1));
      if (!valid) return sendJson(res, 400, {});
      if (workerId !== null && !workers.has(workerId as string)) return sendJson(res, 422, {});
      const made = {
        id: `j${++last}`,
        title: sent!.title as string,
        workerId: workerId as string | null,
        status: 'open',
      };
      jobs.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = jobs.get(decodeURIComponent(key));
    if (!found) return sendJson(res, 404, {});
    if (verb === undefined) return req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 404, {});
    if (verb !== 'start' || req.method !== 'POST') return sendJson(res, 404, {});
    if (found.status !== 'open' || (found.workerId === null && !startsUnassigned)) return sendJson(res, 409, {});
    found.status = 'in_progress';
    return sendJson(res, 200, found);
  };
}

const run = (fault?: boolean) => runConformance({ target: { app: shop(fault) }, contract, seed: 6 });

describe('an action refused while a member of the item is unset', () => {
  it('reads the member the start needs from its words', () => {
    const jobs = inferApiModel(contract).resources.find((r) => r.collection.path === '/jobs');
    expect(jobs?.idioms.needsMembers?.map(({ verb, member, status }) => `${verb} ${member} ${status}`)).toEqual([
      'start workerId 409',
    ]);
  });

  it('passes a shop that refuses it, with the step run', async () => {
    const result = await run();
    expect(result.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((u) => u.scenario === 'needs members')).toEqual([]);
  });

  it('names a shop that starts a job no worker is assigned to', async () => {
    expect((await run(true)).violations.map((v) => v.code)).toContain('action_without_member_accepted');
  });
});
