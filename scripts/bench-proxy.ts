// What the validating proxy adds to a request: the same GET sent to the bare reference directly
// and through the mock started with --proxy in front of it, one at a time over keep-alive, in
// interleaved blocks so the machine's noise hits both alike. Sub-millisecond timings, measured here.
import http from 'node:http';
import { join } from 'node:path';
import { spawnServer, stop } from './bench-servers.js';

const BLOCKS = 10;
const PER_BLOCK = 200;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timedGets(url: string, key: string, count: number, agent: http.Agent): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
          res.resume();
          res.on('end', resolve);
        })
        .on('error', reject);
    });
    times.push(performance.now() - started);
  }
  return times;
}

export interface ProxyLatency {
  readonly direct: { p50: number; p99: number };
  readonly proxied: { p50: number; p99: number };
}

export async function proxyLatency(root: string, mockCommand: readonly string[], key: string): Promise<ProxyLatency> {
  const bare = await spawnServer('bare', [
    join(root, 'dist/scripts/bare-server.js'),
    '--port',
    '0',
    '--categories',
    '20',
  ]);
  const mock = await spawnServer('mock', [...mockCommand, '--port', '0', '--quiet', '--proxy', bare.baseUrl]);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const direct: number[] = [];
    const proxied: number[] = [];
    await timedGets(`${mock.baseUrl}/categories`, key, 200, agent); // warm-up
    for (let block = 0; block < BLOCKS; block++) {
      direct.push(...(await timedGets(`${bare.baseUrl}/categories`, key, PER_BLOCK, agent)));
      proxied.push(...(await timedGets(`${mock.baseUrl}/categories`, key, PER_BLOCK, agent)));
    }
    const summary = (times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    };
    return { direct: summary(direct), proxied: summary(proxied) };
  } finally {
    agent.destroy();
    stop(mock);
    stop(bare);
  }
}
