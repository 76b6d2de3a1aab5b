// Bytes allocated and promoted per request, from V8's own GC trace (--trace-gc-nvp): unlike
// throughput, these hardly move with the load of a shared machine, so a regression in the work per
// request shows even when the throughput ratios drown in noise. Promoted bytes are what outlives
// the young generation (the journal's entries, the store's items), the costliest kind to collect.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

export interface Allocation {
  readonly allocatedBytes: number;
  readonly promotedBytes: number;
}

const sum = (text: string, field: string): number =>
  [...text.matchAll(new RegExp(` ${field}=(\\d+)`, 'g'))].reduce((total, match) => total + Number(match[1]), 0);

/** Per request of `request`, over `count` requests after a warm-up, of the server `command` starts
 * (node arguments, the script, its flags; it prints "listening on URL"). */
export async function allocationPerRequest(
  command: readonly string[],
  request: (baseUrl: string) => autocannon.Options,
  count = 30_000,
): Promise<Allocation> {
  const child = spawn(process.execPath, ['--trace-gc-nvp', ...command], { stdio: ['ignore', 'pipe', 'ignore'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  try {
    const baseUrl = await new Promise<string>((resolve, reject) => {
      const seen = (): void => {
        const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
        if (url) resolve(url);
      };
      child.stdout.on('data', seen);
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    await autocannon({ connections: 10, amount: 5_000, ...request(baseUrl) });
    const from = output.length;
    await autocannon({ connections: 10, amount: count, ...request(baseUrl) });
    const trace = output.slice(from);
    return { allocatedBytes: sum(trace, 'allocated') / count, promotedBytes: sum(trace, 'promoted') / count };
  } finally {
    child.removeAllListeners('exit');
    child.kill('SIGKILL');
  }
}
