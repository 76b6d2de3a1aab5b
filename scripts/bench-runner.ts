// The runner's own timings for the bench: the default run as a user starts it, and how soon a run
// against a broken reference server reports its first failure.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runConformance } from '../conformance/index.js';
import { startReferenceServer } from '../fixtures/reference-server.js';
import { loadContract } from '../spec/index.js';

/** `npm run conformance` without npm: wall time including start-up, and the requests it sent. */
export function runRunnerCli(runnerCli: string, work: string): Promise<{ ms: number; requests: number }> {
  const report = join(work, 'runner.json');
  const started = performance.now();
  const child = spawn(process.execPath, [runnerCli, '--quiet', '--seed', '1', '--json', report], { stdio: 'ignore' });
  return new Promise((resolve) =>
    child.on('exit', () =>
      resolve({
        ms: performance.now() - started,
        requests: (JSON.parse(readFileSync(report, 'utf8')) as { requests: number }).requests,
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
