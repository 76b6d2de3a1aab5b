// Adopting the runner on a service that already deviates: a baseline of known violations, through
// the CLI as a team would use it in CI.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { type Fault, startReferenceServer } from '../fixtures/reference-server.js';
import type { Baseline } from './report/baseline.js';
import { mergeResults } from './report/merge.js';
import type { RunResult } from './run-options.js';

const CLI = fileURLToPath(new URL('../dist/conformance/cli.js', import.meta.url));
const KEY = 'baseline-Secret-7';
const dir = mkdtempSync(join(tmpdir(), 'baseline-'));
const baselineFile = join(dir, 'baseline.json');

async function runAgainst(faults: Fault[], args: string[]): Promise<{ code: number | null; stdout: string }> {
  const server = await startReferenceServer({ key: KEY, faults });
  const child = spawn(process.execPath, [CLI, '--base-url', server.baseUrl, '--seed', '5', '--quiet', ...args], {
    env: { ...process.env, CONFORMANCE_API_KEY: KEY, GITHUB_STEP_SUMMARY: '' },
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  await server.close();
  return { code, stdout };
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const TWO: Fault[] = ['error-without-code', 'takes-client-id'];

describe('--write-baseline and --baseline', () => {
  let recorded: Baseline;

  it('records the violations of a run with two planted faults by stable keys, without values or the key', async () => {
    const { code, stdout } = await runAgainst(TWO, ['--write-baseline', baselineFile]);
    expect(code).toBe(1);
    recorded = readJson<Baseline>(baselineFile);
    expect(stdout).toContain(`Baseline written: ${recorded.violations.length} violation(s) in ${baselineFile}`);
    // An Error without its code, and a client id taken (with what follows from it: repeated ids).
    const checks = recorded.violations.map((entry) => entry.check);
    expect(checks).toContain('response_schema_conformance');
    expect(checks).toContain('server_assigned_id');
    expect(readFileSync(baselineFile, 'utf8')).not.toContain(KEY);
    expect(readFileSync(baselineFile, 'utf8')).not.toMatch(/127\.0\.0\.1|curl|Received/);
    // The same run writes the same baseline: nothing in a key changes from run to run.
    await runAgainst(TWO, ['--write-baseline', join(dir, 'again.json'), '--seed', '6']);
    expect(readJson<Baseline>(join(dir, 'again.json'))).toEqual(recorded);
  });

  it('passes the same run against its baseline, listing every violation as known, in every report', async () => {
    const json = join(dir, 'known.json');
    const junit = join(dir, 'known.xml');
    const { code, stdout } = await runAgainst(TWO, ['--baseline', baselineFile, '--json', json, '--junit', junit]);
    expect(code).toBe(0);
    const known = recorded.violations.length;
    expect(stdout).toMatch(
      new RegExp(`^CONFORMANT apart from the baseline: no new violation \\(baseline .*: ${known} known\\)`, 'm'),
    );
    expect(stdout).toContain(`Failures (${known} distinct: 0 new, ${known} known in the baseline)`);
    const report = readJson<RunResult>(json);
    expect(report.exitCode).toBe(0);
    expect(report.baseline).toMatchObject({ new: 0, known, fixed: [] });
    expect(report.violations.every((violation) => violation.baseline === 'known')).toBe(true);
    const xml = new XMLParser({ ignoreAttributes: false }).parse(readFileSync(junit, 'utf8'));
    expect(Number(xml.testsuites['@_failures'])).toBe(0);
    expect(readFileSync(junit, 'utf8')).toContain('known violation(s) in the baseline');
  });

  it('fails on a third fault, naming only the new violations', async () => {
    const json = join(dir, 'third.json');
    const { code, stdout } = await runAgainst(
      [...TWO, 'drops-description'],
      ['--baseline', baselineFile, '--json', json],
    );
    expect(code).toBe(1);
    expect(stdout).toMatch(/^NOT CONFORMANT: \d+ new violation\(s\) \(baseline /m);
    const report = readJson<RunResult>(json);
    const newOnes = report.violations.filter((violation) => violation.baseline === 'new');
    expect(report.baseline?.new).toBe(newOnes.length);
    expect(newOnes.map((violation) => violation.check)).toContain('created_data_echoed');
    // Every new one is the dropped description: not echoed, or listed without it.
    for (const violation of newOnes) {
      expect(['created_data_echoed', 'created_data_listed']).toContain(violation.check);
      expect(JSON.stringify(violation.fields)).toContain('description');
      expect(stdout).toContain(`[new] ${violation.check} · ${violation.operation} · ${violation.title}`);
    }
    expect(report.violations.filter((violation) => violation.baseline === 'known')).toHaveLength(
      recorded.violations.length,
    );
  });

  it('lists a fault that was removed as fixed, so the baseline can shrink', async () => {
    const { code, stdout } = await runAgainst(['error-without-code'], ['--baseline', baselineFile]);
    expect(code).toBe(0);
    const fixed = recorded.violations.filter((entry) => entry.check === 'server_assigned_id');
    expect(stdout).toMatch(/^Fixed since the baseline \(\d+; shrink it with --write-baseline\):$/m);
    for (const entry of fixed) expect(stdout).toContain(`  - ${entry.check} · ${entry.operation} · ${entry.title}`);
    // What the remaining fault still shows stays known, not fixed.
    expect(stdout).not.toContain('  - response_schema_conformance · ');
  });

  it('refuses a missing or foreign baseline before running, with exit 2', async () => {
    const missing = await runAgainst([], ['--baseline', join(dir, 'none.json')]);
    expect(missing.code).toBe(2);
    writeFileSync(join(dir, 'foreign.json'), '{"version": 3}');
    const foreign = await runAgainst([], ['--baseline', join(dir, 'foreign.json')]);
    expect(foreign.code).toBe(2);
  });

  it('keeps the verdict when shards are merged: known stays known, a new one fails', async () => {
    const shards = await Promise.all(
      ['1/2', '2/2'].map(async (shard) => {
        const file = join(dir, `shard-${shard.replace('/', '-')}.json`);
        await runAgainst(TWO, ['--baseline', baselineFile, '--shard', shard, '--json', file]);
        return readJson<RunResult>(file);
      }),
    );
    const merged = mergeResults(shards);
    expect(merged.exitCode).toBe(0);
    expect(merged.baseline?.known).toBe(recorded.violations.length);
    expect(merged.baseline?.fixed).toEqual([]);
    const withNew = mergeResults([
      shards[0]!,
      { ...shards[1]!, violations: [...shards[1]!.violations, { ...shards[1]!.violations[0]!, baseline: 'new' }] },
    ]);
    expect(withNew.exitCode).toBe(1);
    expect(withNew.baseline?.new).toBe(1);
  });
});
