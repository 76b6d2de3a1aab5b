// A job's result on a path of its own (`/jobs/{jobId}/file`) whose words refuse it until the job is
// done ("Before that the answer is 409"): read while the job runs, a result served early is named
// (job_result_served_early); once the job is done the result is read and judged like any answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const job = {
  type: 'object',
  required: ['jobId', 'state', 'fileUrl', 'startedAt'],
  properties: {
    jobId: { type: 'string' },
    state: { type: 'string', enum: ['queued', 'running', 'done'] },
    // Null only in the state its words name: set while the job runs, and no early result then.
    startedAt: { type: 'string', nullable: true, description: 'Null while `queued`; when it started afterwards.' },
    fileUrl: { type: 'string', nullable: true, description: 'The file, `null` until the job is `done`.' },
    summaryUrl: { type: 'string', description: 'A summary. Only present when the state is `done`.' },
  },
};
const file = { type: 'object', required: ['rows'], properties: { rows: { type: 'integer', minimum: 0 } } };
const jobId = [{ name: 'jobId', in: 'path', required: true, schema: { type: 'string' } }];
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'reports', version: '1' },
  paths: {
    '/reports': {
      post: {
        description: 'Starts a report job. It is `done` at the latest 2 seconds after it was started.',
        responses: {
          '202': {
            description: 'started',
            headers: { Location: { required: true, schema: { type: 'string' } } },
            content: json(job),
          },
        },
      },
    },
    '/jobs/{jobId}': {
      parameters: jobId,
      get: { responses: { '200': { description: 'the job', content: json(job) }, '404': { description: 'none' } } },
    },
    '/jobs/{jobId}/file': {
      parameters: jobId,
      get: {
        description: 'Serves the file once the job is `done`. Before that the answer is 409.',
        responses: {
          '200': { description: 'the file', content: json(file) },
          '404': { description: 'none' },
          '409': { description: 'not done yet' },
        },
      },
    },
  },
});

/** Jobs done 1.2 s after they start (or `doneAfterMs`); `early` serves the file while they run;
 * `emptyWhenDone` leaves the file's URL null on a done job. */
function reports(early: boolean, fileWhileRunning = false, doneAfterMs = 1200, emptyWhenDone = false) {
  const started = new Map<string, number>();
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  return (req: IncomingMessage, res: ServerResponse) => {
    const [first, id, sub, extra] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (req.method === 'POST' && first === 'reports' && !id) {
      const made = `j${started.size + 1}`;
      started.set(made, Date.now());
      const body = { jobId: made, state: 'running', fileUrl: fileWhileRunning ? `/jobs/${made}/file` : null };
      return send(res, 202, { ...body, startedAt: new Date().toISOString() }, { location: `/jobs/${made}` });
    }
    const at = id === undefined ? undefined : started.get(id);
    if (req.method !== 'GET' || first !== 'jobs' || at === undefined || extra) return send(res, 404, {});
    const done = Date.now() - at >= doneAfterMs;
    if (!sub) {
      const fileUrl = (done && !emptyWhenDone) || fileWhileRunning ? `/jobs/${id}/file` : null;
      return send(res, 200, {
        jobId: id,
        state: done ? 'done' : 'running',
        fileUrl,
        ...(done || fileWhileRunning ? { summaryUrl: `/jobs/${id}/summary` } : {}),
        startedAt: new Date(at).toISOString(),
      });
    }
    if (sub !== 'file') return send(res, 404, {});
    return done || early ? send(res, 200, { rows: 3 }) : send(res, 409, {});
  };
}

const run = (early: boolean, fileWhileRunning = false) =>
  runConformance({ target: { app: reports(early, fileWhileRunning) }, contract: document, seed: 4, runs: 5 });
const codes = (result: Awaited<ReturnType<typeof run>>) => result.violations.map((v) => v.code);

describe("a job's result on a path of its own", () => {
  it('passes a service that serves it once the job is done, and reads it then', async () => {
    const result = await run(false);
    expect(result.violations).toEqual([]);
    const file = result.operations.find((operation) => operation.path === '/jobs/{jobId}/file');
    expect(file?.observedStatuses).toContain(200);
  });

  it('names a service that serves it while the job runs', async () => {
    expect(codes(await run(true))).toContain('job_result_served_early');
  });

  it('names result members set (or present) while the job runs, but not one its words hold back only while queued', async () => {
    const early = (await run(false, true)).violations.filter((v) => v.code === 'job_result_before_done');
    expect(early.map((v) => v.message).join(' ')).toMatch(/fileUrl/);
    expect(early.map((v) => v.message).join(' ')).toMatch(/summaryUrl/);
    expect(early.map((v) => v.message).join(' ')).not.toMatch(/startedAt/);
  });

  it('names a done job whose result its words promise by then is still null', async () => {
    const result = await runConformance({
      target: { app: reports(false, false, 1200, true) },
      contract: document,
      seed: 4,
      runs: 5,
    });
    const empty = result.violations.filter((v) => v.code === 'job_done_without_result');
    expect(empty.map((v) => v.message).join(' ')).toMatch(/fileUrl/);
    // startedAt is held back only while queued: set from then on, and not judged as a result.
    expect(empty.map((v) => v.message).join(' ')).not.toMatch(/startedAt|summaryUrl/);
  });

  it("names a result member set in the start's own answer, though the job is done by its first read", async () => {
    const result = await runConformance({
      target: { app: reports(false, true, 1) },
      contract: document,
      seed: 4,
      runs: 5,
    });
    const early = result.violations.filter((v) => v.code === 'job_result_before_done');
    expect(early.map((v) => v.message).join(' ')).toMatch(/fileUrl/);
  });

  it.each([
    ['its own words ("409: The job is not done yet")', 'Serves the file.', 'The job is not done yet.'],
    [
      '"while the job is pending the answer is 409"',
      'The file of a done job. While the job is pending the answer is 409.',
      'Refused.',
    ],
  ])('reads the refusal from %s', async (_words, fileWords, refusalWords) => {
    const described = structuredClone(document.document) as {
      paths: Record<string, { get: { description?: string; responses: Record<string, { description: string }> } }>;
    };
    const file = described.paths['/jobs/{jobId}/file']!.get;
    file.description = fileWords;
    file.responses['409']!.description = refusalWords;
    const result = await runConformance({
      target: { app: reports(true) },
      contract: contractFromDocument(described),
      seed: 4,
      runs: 5,
    });
    expect(codes(result)).toContain('job_result_served_early');
  });
});

describe('a job whose start names another item', () => {
  const account = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
  const named = structuredClone(document.document) as { paths: Record<string, unknown> };
  const reportsPath = named.paths['/reports'] as { post: Record<string, unknown> };
  reportsPath.post.requestBody = {
    required: true,
    content: json({ type: 'object', required: ['accountId'], properties: { accountId: { type: 'string' } } }),
  };
  (reportsPath.post.responses as Record<string, unknown>)['422'] = { description: 'no such account' };
  named.paths['/accounts'] = {
    get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: account }) } } },
  };
  named.paths['/accounts/{accountId}'] = {
    parameters: [{ name: 'accountId', in: 'path', required: true, schema: { type: 'string' } }],
    get: { responses: { '200': { description: 'one', content: json(account) }, '404': { description: 'none' } } },
  };

  /** The jobs above, started only for the one account there is ("acc-7"). */
  function accounts(early: boolean) {
    const jobs = reports(early);
    return async (req: IncomingMessage, res: ServerResponse) => {
      const path = (req.url ?? '').split('?')[0]!;
      const reply = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (path === '/accounts') return reply(200, [{ id: 'acc-7' }]);
      if (path.startsWith('/accounts/'))
        return path === '/accounts/acc-7' ? reply(200, { id: 'acc-7' }) : reply(404, {});
      if (req.method === 'POST' && path === '/reports') {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const sent = (() => {
          try {
            return JSON.parse(Buffer.concat(chunks).toString('utf8')) as { accountId?: unknown };
          } catch {
            return undefined;
          }
        })();
        if (sent?.accountId !== 'acc-7') return reply(422, { detail: 'no such account' });
      }
      return jobs(req, res);
    };
  }

  it('names a listed item, so the job is started and an early result still named', async () => {
    const result = await runConformance({
      target: { app: accounts(true) },
      contract: contractFromDocument(named),
      seed: 4,
      runs: 5,
    });
    expect(codes(result)).toContain('job_result_served_early');
  });
});
