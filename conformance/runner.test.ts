import { describe, expect, it } from 'vitest';
import {
  FAULTS,
  type Fault,
  QUIRKS,
  type ReferenceOptions,
  startReferenceServer,
} from '../fixtures/reference-server.js';
import { loadContract } from '../spec/index.js';
import { consoleReport } from './report/console.js';
import { jsonReport } from './report/json.js';
import { junitReport } from './report/junit.js';
import { type RunOptions, type RunResult, runConformance } from './run.js';

const contract = await loadContract();
const KEY = 'test-Key-9f8e7d';

async function againstReference(options: ReferenceOptions, run: Partial<RunOptions> = {}): Promise<RunResult> {
  const server = await startReferenceServer({ key: KEY, ...options });
  try {
    return await runConformance({ target: { baseUrl: server.baseUrl }, contract, apiKey: KEY, seed: 1234, ...run });
  } finally {
    await server.close();
  }
}

const failedChecks = (result: RunResult) => [...new Set(result.violations.map((v) => v.check))].sort();

describe('a conformant target passes', () => {
  it('the hand-written reference server', async () => {
    const result = await againstReference({});
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
  });
});

describe.concurrent('a correct but unusual server passes', () => {
  it.each(QUIRKS)('%s', async (quirk) => {
    const result = await againstReference({ quirks: [quirk] });
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
  });

  it('a uniqueness-enforcing server replayed with the same seed', async () => {
    const server = await startReferenceServer({ key: KEY, quirks: ['rejects-duplicate-names'] });
    const runs = [];
    for (let i = 0; i < 2; i++)
      runs.push(await runConformance({ target: { baseUrl: server.baseUrl }, contract, apiKey: KEY, seed: 77 }));
    await server.close();
    expect(runs[1]!.violations).toEqual([]);
    expect(runs[1]!.notes.map((n) => n.code)).toContain('value_already_taken');
  });

  it('a uniqueness-enforcing server replayed with the same seed and no name prefix', async () => {
    const server = await startReferenceServer({ key: KEY, quirks: ['rejects-duplicate-names'] });
    const runs = [];
    for (let i = 0; i < 2; i++) {
      runs.push(
        await runConformance({ target: { baseUrl: server.baseUrl }, contract, apiKey: KEY, seed: 78, namePrefix: '' }),
      );
    }
    await server.close();
    expect(runs[1]!.violations).toEqual([]);
    expect(runs[1]!.notes.map((n) => n.code)).toContain('value_already_taken');
  });

  it('all quirks at once', async () => {
    const result = await againstReference({ quirks: [...QUIRKS] });
    expect(result.violations).toEqual([]);
  });
});

describe.concurrent('a broken server fails with the check for its fault named', () => {
  it.each(Object.entries(FAULTS) as Array<[Fault, string]>)('%s is caught by %s', async (fault, check) => {
    // Only the server that never answers needs a short deadline; the others answer, however slowly.
    const hangs = fault === 'never-answers-list' || fault === 'hangs-on-malformed-json';
    const result = await againstReference({ fault }, hangs ? { timeoutMs: 400 } : {});
    expect(result.exitCode).toBe(1);
    expect(failedChecks(result)).toContain(check);
    for (const violation of result.violations) {
      expect(violation.curl).toMatch(/^curl /);
      expect(violation.message).toMatch(/^Received: .* \/ Expected: /);
    }
  });
});

describe('failures are reproducible and minimal', () => {
  it('the same seed sends the same requests', async () => {
    const seen: string[][] = [[], []];
    for (const round of [0, 1]) {
      const server = await startReferenceServer({ key: KEY });
      server.server.prependListener('request', (req) => {
        // Decoded once whole: a chunk boundary inside a character would decode differently each run.
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          seen[round]!.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''} ${body}`);
        });
      });
      await runConformance({ target: { baseUrl: server.baseUrl }, contract, apiKey: KEY, seed: 99 });
      await server.close();
    }
    expect(seen[0]!.length).toBeGreaterThan(50);
    expect([...seen[1]!].sort()).toEqual([...seen[0]!].sort());
  });

  it('shrinks a generated failure to a small input', async () => {
    const result = await againstReference({ fault: 'crashes-on-astral-characters' });
    const crash = result.violations.find((v) => v.check === 'no_server_error');
    expect(crash).toBeDefined();
    // The minimal body holds little more than one astral character in one field.
    expect(crash!.request.bodyExcerpt!.length).toBeLessThan(120);
  });

  it('keeps whole request bodies, however long, so a failure can be replayed from the report', async () => {
    const result = await againstReference({ fault: 'crashes-on-long-description' });
    const crash = result.violations.find((v) => v.check === 'no_server_error');
    expect(crash?.request.body?.length).toBeGreaterThan(5000);
    expect(crash!.request.bodyExcerpt!.length).toBeLessThan(crash!.request.body!.length);
    expect(JSON.parse(crash!.request.body!).description.length).toBeGreaterThan(5000);
  });

  it('reports one violation per distinct problem, counting occurrences', async () => {
    const result = await againstReference({ fault: 'id-as-string' });
    const schema = result.violations.filter((v) => v.check === 'response_schema_conformance' && v.pointer === '/id');
    expect(schema).toHaveLength(1);
    expect(schema[0]!.occurrences).toBeGreaterThan(1);
    expect(schema[0]!.keyword).toBe('type');
  });
});

describe('never leaks the key', () => {
  it('in console, JSON and JUnit output, even when the server echoes it', async () => {
    const result = await againstReference({ fault: 'key-prefix-accepted' });
    expect(result.exitCode).toBe(1);
    const outputs = [consoleReport(result, 'npm run conformance --'), jsonReport(result), junitReport(result)].join(
      '\n',
    );
    expect(outputs).toContain('CONFORMANCE_API_KEY');
    expect(outputs).not.toContain(KEY);
    expect(outputs).not.toContain(KEY.slice(0, -1));
  });
});

describe('never leaks credentials written into the base URL', () => {
  it('in any report', async () => {
    const server = await startReferenceServer({ key: KEY, fault: 'create-answers-200' });
    const baseUrl = server.baseUrl.replace('http://', 'http://deploy:url-Secret-77@');
    const result = await runConformance({ target: { baseUrl }, contract, apiKey: KEY, seed: 3 });
    await server.close();
    expect(result.exitCode).toBe(1);
    const outputs = [consoleReport(result, 'npm run conformance --'), jsonReport(result), junitReport(result)].join(
      '\n',
    );
    expect(outputs).toContain('[REDACTED]@127.0.0.1');
    expect(outputs).not.toContain('url-Secret-77');
  });
});

describe('safe on real deployments', () => {
  it('--read-only sends no write', async () => {
    const server = await startReferenceServer({ key: KEY });
    const methods = new Set<string>();
    server.server.prependListener('request', (req) => methods.add(req.method ?? ''));
    const result = await runConformance({
      target: { baseUrl: server.baseUrl },
      contract,
      apiKey: KEY,
      seed: 5,
      readOnly: true,
    });
    await server.close();
    expect([...methods]).toEqual(['GET']);
    expect(result.writes).toBe(0);
    expect(result.exitCode).toBe(0);
  });

  it('keeps to the write budget and prefixes created names', async () => {
    const server = await startReferenceServer({ key: KEY });
    const names: string[] = [];
    server.server.prependListener('request', (req) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk));
      req.on('end', () => {
        if (req.method !== 'POST') return;
        try {
          const parsed = JSON.parse(body) as { name?: unknown };
          if (typeof parsed.name === 'string' && req.headers.authorization === `Bearer ${KEY}`) names.push(parsed.name);
        } catch {
          /* invalid bodies are expected */
        }
      });
    });
    const result = await runConformance({
      target: { baseUrl: server.baseUrl },
      contract,
      apiKey: KEY,
      seed: 6,
      maxWrites: 20,
      namePrefix: 'zz-test-',
    });
    await server.close();
    expect(result.writes).toBe(20);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => name.startsWith('zz-test-'))).toBe(true);
  });

  it('only runs the checks asked for', async () => {
    const result = await againstReference({ fault: 'id-as-string' }, { checks: ['no_server_error'] });
    expect(result.checks).toEqual(['no_server_error']);
    expect(result.exitCode).toBe(0);
  });
});

describe('could not run', () => {
  it('an unreachable target gives exit 2 with a reason', async () => {
    const server = await startReferenceServer({});
    const url = server.baseUrl;
    await server.close();
    const result = await runConformance({ target: { baseUrl: url }, contract, apiKey: KEY, seed: 1 });
    expect(result.exitCode).toBe(2);
    expect(result.error).toMatch(/unreachable/);
    expect(result.requests).toBe(1);
  });
});

describe('test data stays findable', () => {
  it('the result lists every item the cases created, each in the target list with the values sent', async () => {
    const server = await startReferenceServer({ key: KEY });
    const result = await runConformance({ target: { baseUrl: server.baseUrl }, contract, apiKey: KEY, seed: 31 });
    const list = (await (
      await fetch(`${server.baseUrl}/categories`, { headers: { authorization: `Bearer ${KEY}` } })
    ).json()) as Array<Record<string, unknown>>;
    await server.close();
    expect(result.created.length).toBeGreaterThan(20);
    // Whole values: names that do not carry the prefix were created too, and are listed.
    expect(result.created.some((item) => !String(item.values.name).startsWith('conformance-'))).toBe(true);
    const byId = new Map(list.map((item) => [String(item.id), item]));
    for (const item of result.created) {
      expect(byId.get(item.id)?.name).toBe(item.values.name);
    }
  });
});

describe('a target that hangs on some inputs keeps being tested', () => {
  it('plain, sequence and state cases still run; unsent cases are counted with their reason', async () => {
    const server = await startReferenceServer({ key: KEY, fault: 'hangs-on-malformed-json' });
    let received = 0;
    server.server.prependListener('request', () => received++);
    const result = await runConformance({
      target: { baseUrl: server.baseUrl },
      contract,
      apiKey: KEY,
      seed: 5,
      timeoutMs: 1_000,
    });
    await server.close();
    expect(result.aborted).toBeUndefined();
    const create = result.operations.find((o) => o.id === 'createCategory')!;
    expect(create.checks.transport_errors!.outcome).toBe('failed');
    // State checks judge the list reads, so they show under the list operation.
    const list = result.operations.find((o) => o.id === 'listCategories')!;
    for (const check of ['created_data_listed', 'unique_ids', 'existing_data_preserved', 'server_assigned_id']) {
      expect(list.checks[check]!.outcome, check).toBe('passed');
    }
    expect(Object.keys(create.unsent ?? {}).join()).toMatch(
      /invalid and unusual cases stopped after 5 transport failures in a row/,
    );
    // Every count is of requests actually sent.
    expect(result.requests).toBe(received);
  });

  it('a check that could not run says why, in the JSON and JUnit reports', async () => {
    const server = await startReferenceServer({ key: KEY });
    const result = await runConformance({
      target: { baseUrl: server.baseUrl },
      contract,
      apiKey: KEY,
      seed: 6,
      maxWrites: 2,
    });
    await server.close();
    const create = result.operations.find((o) => o.id === 'createCategory')!;
    expect(result.writes).toBe(2);
    expect(create.unsent?.['the write budget was spent']).toBeGreaterThan(0);
    expect(create.checks.created_data_echoed!.outcome).toBe('passed');
    expect(create.checks.server_assigned_id!.outcome).toBe('skipped');
    expect(create.checks.server_assigned_id!.reason).toMatch(/could not run: \d+ case\(s\) not sent: the write budget/);
    expect(junitReport(result)).toContain('could not run');
    const report = JSON.parse(jsonReport(result)) as RunResult;
    expect(report.operations.find((o) => o.id === 'createCategory')!.checks.server_assigned_id!.reason).toMatch(
      /write budget/,
    );
  });
});

describe('a list that pages', () => {
  it('a first page, newest first, losing its oldest items to new ones, is a note, not a disappearance', async () => {
    const seed = Array.from({ length: 995 }, (_, i) => ({ id: i + 1, name: `Existing ${i + 1}` }));
    const result = await againstReference({ quirks: ['first-page-of-1000'], seed });
    expect(result.violations).toEqual([]);
    expect(result.notes.map((note) => note.code)).toContain('existing_items_paged_off');
  });
});
