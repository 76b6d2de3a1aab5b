// The runner's own timings for the bench: the default run as a user starts it, and how soon a run
// against a broken reference server reports its first failure.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runConformance } from '../conformance/index.js';
import { startReferenceServer } from '../fixtures/reference-server.js';
import { loadContract } from '../spec/index.js';

export interface RunnerRun {
  readonly ms: number;
  readonly requests: number;
  readonly rssMiB: number;
}

/** `npm run conformance` without npm: wall time including start-up, the requests it sent, peak RSS. */
/** The run of median wall time among runs of one build. */
export function medianRun(runs: RunnerRun[]): RunnerRun {
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export function runRunnerCli(runnerCli: string, work: string): Promise<RunnerRun> {
  const report = join(work, 'runner.json');
  const rssFile = join(work, 'runner-rss');
  // Peak RSS as the process itself saw it, written as it exits (kernel's maxrss, KiB).
  const probe = join(work, 'max-rss.cjs');
  writeFileSync(
    probe,
    "process.on('exit', () => require('fs').writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS)));\n",
  );
  const started = performance.now();
  const child = spawn(process.execPath, ['--require', probe, runnerCli, '--quiet', '--seed', '1', '--json', report], {
    stdio: 'ignore',
    env: { ...process.env, BENCH_RSS_FILE: rssFile },
  });
  return new Promise((resolve) =>
    child.on('exit', () =>
      resolve({
        ms: performance.now() - started,
        requests: (JSON.parse(readFileSync(report, 'utf8')) as { requests: number }).requests,
        rssMiB: Number(readFileSync(rssFile, 'utf8')) / 1024,
      }),
    ),
  );
}

/** A run against the reference server with a planted fault: time to the first failure and to the verdict. */
export async function timeToFirstFailure(key: string): Promise<{ firstMs: number; totalMs: number }> {
  const server = await startReferenceServer({ key, fault: 'create-answers-200' });
  const contract = await loadContract();
  const started = performance.now();
  let firstMs = Number.NaN;
  await runConformance({
    target: { baseUrl: server.baseUrl },
    contract,
    apiKey: key,
    seed: 1,
    onFailure: () => (firstMs = Number.isNaN(firstMs) ? performance.now() - started : firstMs),
  });
  const totalMs = performance.now() - started;
  await server.close();
  return { firstMs, totalMs };
}
