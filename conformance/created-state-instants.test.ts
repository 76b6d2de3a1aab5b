// An item created straight into a later state (`state: done` sent) carries that state's instant
// (`doneAt`): a service that leaves it null there is named; one that sets it passes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { doneTasksContract as contract } from '../fixtures/done-tasks-document.js';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { runConformance } from './index.js';

function board(forgetsDoneAt: boolean) {
  const tasks: Record<string, unknown>[] = [];
  return async (req: IncomingMessage, res: ServerResponse) => {
    if ((req.url ?? '').split('?')[0] !== '/tasks') return send(res, 404, {});
    if (req.method === 'GET') return send(res, 200, tasks);
    const body = parseObject(await readBody(req));
    const title = body?.title;
    const state = body && 'state' in body ? body.state : 'open';
    const valid =
      body &&
      typeof title === 'string' &&
      title.length >= 1 &&
      [...title].length <= 30 &&
      Object.keys(body).every((key) => key === 'title' || key === 'state') &&
      (state === 'open' || state === 'done');
    if (!valid) return send(res, 400, {});
    const doneAt = state === 'done' && !forgetsDoneAt ? new Date().toISOString() : null;
    const made = { id: `t${tasks.length + 1}`, title, state, doneAt };
    tasks.push(made);
    return send(res, 201, made);
  };
}

const missing = async (forgetsDoneAt: boolean) => {
  const report = await runConformance({ target: { app: board(forgetsDoneAt) }, contract, seed: 3, runs: 10 });
  return report.violations.filter((v) => v.code === 'state_instant_missing').length;
};

describe('an item created in a later state', () => {
  it('passes a service that stamps the instant of that state', async () => {
    expect(await missing(false)).toBe(0);
  });

  it('names one that leaves it null', async () => {
    expect(await missing(true)).toBeGreaterThan(0);
  });
});
