import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../fixtures/reference-server.js';
import { replayPrefix } from './cli/cli-options.js';
import { JSON_REPORT_VERSION } from './report/json.js';

const CLI = fileURLToPath(new URL('../dist/conformance/cli.js', import.meta.url));
const KEY = 'cli-Secret-42';

function run(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, CONFORMANCE_API_KEY: '', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

const reports = () => mkdtempSync(join(tmpdir(), 'reports-'));

describe('the replay command', () => {
  it('is the one that works where the runner was run: the installed bin from a dependency or npx, else the npm script', () => {
    const installed = [
      '/home/u/app/node_modules/pet-catalog-contract-kit/dist/conformance/cli/cli-options.js',
      '/root/.npm/_npx/4b1c/node_modules/pet-catalog-contract-kit/dist/conformance/cli/cli-options.js',
      'C:\\u\\app\\node_modules\\pet-catalog-contract-kit\\dist\\conformance\\cli\\cli-options.js',
    ];
    for (const file of installed) expect(replayPrefix(file)).toBe('npx pet-catalog-conformance');
    expect(replayPrefix('/work/kit/dist/conformance/cli/cli-options.js')).toBe('npm run conformance --');
    expect(replayPrefix()).toBe('npm run conformance --');
  });
});

describe('npm run conformance', () => {
  it('without --base-url tests the mock in-process and passes', async () => {
    const { code, stdout } = await run(['--seed', '3']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^CONFORMANT \(reach 2\/2 operations, 1\/1 state checks\): /m);
    expect(stdout).toContain('seed 3');
  });

  it('never calls a run whose checks could not all run simply CONFORMANT', async () => {
    const { code, stdout } = await run(['--seed', '3', '--max-writes', '5']);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^CONFORMANT AS FAR AS TESTED \(reach \d+\/\d+ operations, \d+\/\d+ state checks\): \d+ operation checks passed, 0 failed; \d+ operation check\(s\) could not run \(\d+ case\(s\) not sent: the write budget was spent\)$/m,
    );
  });

  it('fails a broken deployment with exit 1, a reproduction and reports', async () => {
    const server = await startReferenceServer({ key: KEY, fault: 'create-answers-200' });
    const dir = reports();
    const { code, stdout, stderr } = await run(
      [
        '--base-url',
        server.baseUrl,
        '--seed',
        '11',
        '--junit',
        join(dir, 'junit.xml'),
        '--json',
        join(dir, 'report.json'),
      ],
      { CONFORMANCE_API_KEY: KEY },
    );
    await server.close();
    expect(code).toBe(1);
    expect(stdout).toMatch(/status_code_conformance · createCategory · Undocumented status code/);
    expect(stdout).toMatch(/reproduce: curl -sS -i -X POST/);
    expect(stdout).toContain(`replay:    npm run conformance -- --base-url '${server.baseUrl}' --seed 11`);
    expect(stdout + stderr).not.toContain(KEY);

    const junit = new XMLParser({ ignoreAttributes: false }).parse(readFileSync(join(dir, 'junit.xml'), 'utf8'));
    const suites = [junit.testsuites.testsuite].flat();
    const cases = suites.flatMap((suite: { testcase: unknown }) => [suite.testcase].flat()) as Array<
      Record<string, unknown>
    >;
    const failing = cases.find((c) => c['@_name'] === 'createCategory.status_code_conformance');
    expect(failing?.failure).toBeDefined();
    expect(Number(junit.testsuites['@_failures'])).toBeGreaterThan(0);

    const json = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
    expect(json).toMatchObject({ reportVersion: JSON_REPORT_VERSION, seed: 11, exitCode: 1 });
    expect(json.violations[0]).toMatchObject({
      check: expect.any(String),
      operation: expect.any(String),
      message: expect.stringMatching(/^Received: /),
      curl: expect.stringMatching(/^curl /),
    });
    expect(readFileSync(join(dir, 'report.json'), 'utf8') + readFileSync(join(dir, 'junit.xml'), 'utf8')).not.toContain(
      KEY,
    );
  });

  it('never prints credentials written into the base URL', async () => {
    const server = await startReferenceServer({ key: KEY, fault: 'create-answers-200' });
    const baseUrl = server.baseUrl.replace('http://', 'http://deploy:url-Secret-77@');
    const { code, stdout, stderr } = await run(['--base-url', baseUrl, '--seed', '5'], { CONFORMANCE_API_KEY: KEY });
    await server.close();
    expect(code).toBe(1);
    expect(stdout).toContain('[REDACTED]@127.0.0.1');
    expect(stdout + stderr).not.toContain('url-Secret-77');
  });

  it('exits 2 with one line for an unreachable target', async () => {
    const server = await startReferenceServer({});
    await server.close();
    const { code, stdout } = await run(['--base-url', server.baseUrl, '--quiet'], { CONFORMANCE_API_KEY: KEY });
    expect(code).toBe(2);
    expect(stdout).toMatch(/COULD NOT RUN: target unreachable/);
  });

  it.each([
    [['--runs', 'lots'], /--runs must be a whole number/],
    [['--checks', 'no_such_check'], /unknown check/],
    [['--base-url', 'ftp://x'], /--base-url must be an http/],
    [['--bogus'], /bogus/],
  ])('exits 2 for bad arguments %j', async (args, message) => {
    const { code, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it('never prints a key given as --api-key=K, even in a refusal of the command line', async () => {
    const { code, stderr } = await run([`--api-key=${KEY}`, '--base-url', `not-a-url-${KEY}`]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--base-url must be an http/);
    expect(stderr).not.toContain(KEY);
  });

  it('quotes the replay command for a shell, whatever the prefix holds', async () => {
    const server = await startReferenceServer({ key: KEY, fault: 'create-answers-200' });
    const { code, stdout } = await run(
      ['--base-url', server.baseUrl, '--seed', '4', '--quiet', '--name-prefix', "it's-"],
      {
        CONFORMANCE_API_KEY: KEY,
      },
    );
    await server.close();
    expect(code).toBe(1);
    expect(stdout).toContain(`--name-prefix 'it'\\''s-'`);
  });

  it('exits 2 when there is no key for a deployment that needs one', async () => {
    const server = await startReferenceServer({});
    const { code, stderr } = await run(['--base-url', server.baseUrl, '--quiet']);
    await server.close();
    expect(code).toBe(2);
    expect(stderr).toMatch(/nothing to test: .*no API key given/);
  });

  it('documents every flag and exit code in --help', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    for (const word of [
      '--base-url',
      '--api-key',
      'CONFORMANCE_API_KEY',
      '--spec',
      '--seed',
      '--runs',
      '--timeout-ms',
      '--read-only',
      '--junit',
      '--json',
      '--checks',
      '--skip',
      '--max-writes',
      'Exit codes',
    ]) {
      expect(stdout).toContain(word);
    }
  });
});

describe('on GitHub Actions', () => {
  it('appends a markdown summary to $GITHUB_STEP_SUMMARY', async () => {
    const summary = join(reports(), 'summary.md');
    const { code } = await run(['--seed', '4', '--quiet'], { GITHUB_STEP_SUMMARY: summary });
    expect(code).toBe(0);
    const text = readFileSync(summary, 'utf8');
    expect(text).toMatch(/^### Contract conformance: ✅ Conformant/);
    expect(text).toMatch(/\| check \| `listCategories` \| `createCategory` \|/);
  });
});

describe('npm run conformance:merge', () => {
  const MERGE = fileURLToPath(new URL('../dist/conformance/merge-cli.js', import.meta.url));
  const merge = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [MERGE, ...args]);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });

  it('merges shard reports into one verdict, one JSON and one JUnit file', async () => {
    const dir = reports();
    const shards = [1, 2].map((index) => join(dir, `shard-${index}.json`));
    for (const [index, file] of shards.entries()) {
      const { code } = await run(['--seed', '6', '--shard', `${index + 1}/2`, '--json', file, '--quiet']);
      expect(code).toBe(0);
    }
    const { code, stdout } = await merge(['--json', join(dir, 'all.json'), '--junit', join(dir, 'all.xml'), ...shards]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/CONFORMANT/);
    const merged = JSON.parse(readFileSync(join(dir, 'all.json'), 'utf8'));
    const tested = merged.operations.filter((o: { skipped?: string }) => !o.skipped).map((o: { id: string }) => o.id);
    expect(tested.sort()).toEqual(['createCategory', 'listCategories']);
    const junit = new XMLParser({ ignoreAttributes: false }).parse(readFileSync(join(dir, 'all.xml'), 'utf8'));
    expect(Number(junit.testsuites['@_failures'])).toBe(0);
  });

  it('refuses what is not a report, with exit 2', async () => {
    const { code, stderr } = await merge(['--json', join(reports(), 'x.json'), MERGE]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/not a readable JSON report/);
  });
});
