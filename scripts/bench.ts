#!/usr/bin/env node
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
// `npm run bench`: the mock against the bare node:http reference, side by side in one run, in
// interleaved rounds (A, B, A, B, …) so that the noise of a shared machine hits both alike.
// Reports medians, ratios (mock / bare), server CPU per request, start-up time, memory, and the
// runner's own timings. A benchmark, never a test: nothing here asserts a timing.
import autocannon from 'autocannon';
import { DEFAULT_API_KEY } from '../mock/defaults.js';
import { firstAnswer, writeMultiFileDocument } from './bench-multi-file.js';
import { proxyLatency } from './bench-proxy.js';
import { runRunnerCli, timeToFirstFailure } from './bench-runner.js';
import { type Server, spawnServer, stop } from './bench-servers.js';
import { writeBigDocument } from './big-document.js';
import { writeSeedFile } from './seed-data.js';
import { startCommand } from './start-command.js';

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    output: { type: 'string', default: 'reports/bench.md' },
  },
});
const DURATION = Number(flags.duration);
const ROUNDS = Number(flags.rounds);
const CONNECTIONS = Number(flags.connections);
const KEY = DEFAULT_API_KEY;
const root = fileURLToPath(new URL('../..', import.meta.url));
const MOCK = startCommand(root);
const BARE_CLI = join(root, 'dist/scripts/bare-server.js');
const work = mkdtempSync(join(tmpdir(), 'bench-'));
const CLOCK_TICKS = 100;

function startPair(categories: number): Promise<[Server, Server]> {
  const seed = writeSeedFile(join(work, `seed-${categories}.json`), categories);
  return Promise.all([
    spawnServer('mock', [...MOCK, '--port', '0', '--quiet', '--seed-file', seed, '--max-categories', '100000000']),
    spawnServer('bare', [BARE_CLI, '--port', '0', '--categories', String(categories)]),
  ]);
}

/** User plus system CPU seconds of a process, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

function memoryKiB(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0);
}

interface Scenario {
  readonly name: string;
  readonly request: (baseUrl: string) => autocannon.Options;
}

let counter = 0;
const listRequest = (baseUrl: string): autocannon.Options => ({
  url: `${baseUrl}/categories`,
  headers: { authorization: `Bearer ${KEY}` },
});
const SCENARIOS: Scenario[] = [
  { name: 'list (20 categories)', request: listRequest },
  { name: '401 (no key)', request: (baseUrl) => ({ url: `${baseUrl}/categories` }) },
  {
    name: '400 (invalid body)',
    request: (baseUrl) => ({
      url: `${baseUrl}/categories`,
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: '{"name":5}',
    }),
  },
  {
    name: 'create (unique names)',
    request: (baseUrl) => ({
      url: `${baseUrl}/categories`,
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ name: `bench-${counter++}`, description: 'load' }),
          }),
        },
      ],
    }),
  },
];

interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  cpuPerRequestUs: number;
  errors: number;
  non2xx: number;
}

async function measure(
  server: Server,
  options: autocannon.Options,
  duration = DURATION,
  connections = CONNECTIONS,
): Promise<Measurement> {
  const before = cpuSeconds(server.child.pid!);
  const result = await autocannon({ connections, duration, ...options });
  const cpu = cpuSeconds(server.child.pid!) - before;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuPerRequestUs: result.requests.total > 0 ? (cpu / result.requests.total) * 1e6 : NaN,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function summarise(runs: Measurement[]): Measurement {
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    cpuPerRequestUs: median(runs.map((r) => r.cpuPerRequestUs)),
    errors: runs.reduce((s, r) => s + r.errors, 0),
    non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
  };
}

/** Interleaved rounds: mock, bare, mock, bare, … */
async function sideBySide(
  mock: Server,
  bare: Server,
  scenario: Scenario,
): Promise<{ mock: Measurement; bare: Measurement }> {
  const runs = { mock: [] as Measurement[], bare: [] as Measurement[] };
  for (let round = 0; round < ROUNDS; round++) {
    runs.mock.push(await measure(mock, scenario.request(mock.baseUrl)));
    runs.bare.push(await measure(bare, scenario.request(bare.baseUrl)));
  }
  return { mock: summarise(runs.mock), bare: summarise(runs.bare) };
}

async function startupMs(command: string[], path = '/categories'): Promise<number> {
  const started = performance.now();
  const server = await spawnServer('startup', command);
  for (;;) {
    try {
      const res = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${KEY}` } });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      /* not yet */
    }
  }
  const ms = performance.now() - started;
  stop(server);
  return ms;
}

const fmt = (value: number, digits = 0): string => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

async function main(): Promise<void> {
  const lines: string[] = [];
  const out = (line = ''): void => {
    lines.push(line);
    process.stdout.write(`${line}\n`);
  };
  out(`# Benchmark: mock vs bare node:http reference`);
  out();
  out(
    `${new Date().toISOString().slice(0, 10)} · Node ${process.version} · ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'} · autocannon ${CONNECTIONS} connections, ${DURATION} s × ${ROUNDS} interleaved rounds per server · \`npm run bench\``,
  );
  out();

  const [mock, bare] = await startPair(20);
  out(
    '| scenario (20 categories) | mock req/s | bare req/s | ratio | mock p50 / p99 ms | bare p50 / p99 ms | mock CPU µs/req | bare CPU µs/req | CPU ratio |',
  );
  out('|---|---|---|---|---|---|---|---|---|');
  let steadyRss = 0;
  for (const scenario of SCENARIOS) {
    // Creations grow the store, so the steady-state peak is read before them.
    if (scenario.name.startsWith('create')) steadyRss = memoryKiB(mock.child.pid!, 'VmHWM');
    const result = await sideBySide(mock, bare, scenario);
    const problems =
      result.mock.errors + result.bare.errors > 0
        ? ` (transport errors: mock ${result.mock.errors}, bare ${result.bare.errors})`
        : '';
    out(
      `| ${scenario.name}${problems} | ${fmt(result.mock.rps)} | ${fmt(result.bare.rps)} | **${fmt(result.mock.rps / result.bare.rps, 2)}** | ${result.mock.p50} / ${result.mock.p99} | ${result.bare.p50} / ${result.bare.p99} | ${fmt(result.mock.cpuPerRequestUs, 1)} | ${fmt(result.bare.cpuPerRequestUs, 1)} | ${fmt(result.mock.cpuPerRequestUs / result.bare.cpuPerRequestUs, 2)} |`,
    );
  }
  const peakRss = memoryKiB(mock.child.pid!, 'VmHWM');
  stop(mock);
  stop(bare);
  out();
  out(
    `Peak RSS of the mock under load at 20 categories (list, 401, 400): **${fmt(steadyRss / 1024, 1)} MB**; after the create rounds too (${counter} categories created): ${fmt(peakRss / 1024, 1)} MB.`,
  );
  out();

  out('List latency by size, one connection (latency, not throughput under contention):');
  out();
  out('| list size | mock req/s | bare req/s | ratio | mock p50 ms | bare p50 ms | mock RSS MB | bare RSS MB |');
  out('|---|---|---|---|---|---|---|---|');
  for (const size of [10, 1_000, 10_000, 100_000]) {
    const [sizedMock, sizedBare] = await startPair(size);
    const rounds = ROUNDS;
    const runs = { mock: [] as Measurement[], bare: [] as Measurement[] };
    for (let round = 0; round < rounds; round++) {
      runs.mock.push(await measure(sizedMock, listRequest(sizedMock.baseUrl), size >= 100_000 ? 2 : DURATION, 1));
      runs.bare.push(await measure(sizedBare, listRequest(sizedBare.baseUrl), size >= 100_000 ? 2 : DURATION, 1));
    }
    const m = summarise(runs.mock);
    const b = summarise(runs.bare);
    out(
      `| ${size} | ${fmt(m.rps)} | ${fmt(b.rps)} | **${fmt(m.rps / b.rps, 1)}** | ${m.p50} | ${b.p50} | ${fmt(memoryKiB(sizedMock.child.pid!, 'VmRSS') / 1024, 1)} | ${fmt(memoryKiB(sizedBare.child.pid!, 'VmRSS') / 1024, 1)} |`,
    );
    stop(sizedMock);
    stop(sizedBare);
  }
  out();

  const mockStarts: number[] = [];
  const bareStarts: number[] = [];
  for (let i = 0; i < 5; i++) {
    mockStarts.push(await startupMs([...MOCK, '--port', '0', '--quiet']));
    bareStarts.push(await startupMs([BARE_CLI, '--port', '0']));
  }
  out(
    `Start-up, spawn to first 200 (\`node ${MOCK.map((a) => a.replace(root, '')).join(' ')}\`, what npm start runs, median of 5): mock **${fmt(median(mockStarts))} ms**, bare ${fmt(median(bareStarts))} ms.`,
  );

  const proxy = await proxyLatency(root, MOCK, KEY);
  out(
    `Validating proxy (--proxy in front of the bare reference, GET list of 20, one request at a time, ${10 * 200} each): direct p50 ${fmt(proxy.direct.p50, 2)} ms / p99 ${fmt(proxy.direct.p99, 2)} ms; through the proxy p50 ${fmt(proxy.proxied.p50, 2)} ms / p99 ${fmt(proxy.proxied.p99, 2)} ms; added **${fmt(proxy.proxied.p50 - proxy.direct.p50, 2)} ms** at p50, ${fmt(proxy.proxied.p99 - proxy.direct.p99, 2)} ms at p99.`,
  );
  const big = join(work, `big-${process.pid}.json`);
  const operations = writeBigDocument(big);
  const bigStarts: number[] = [];
  for (let i = 0; i < 5; i++)
    bigStarts.push(await startupMs([...MOCK, '--port', '0', '--quiet', '--spec', big], '/things3'));
  out(
    `Start-up of a generated ${operations}-operation document with 60 recursive components (spawn to first 200): first start **${fmt(bigStarts[0]!)} ms** (document validated), later starts median ${fmt(median(bigStarts.slice(1)))} ms (validation cached).`,
  );

  const multi = writeMultiFileDocument(join(work, `multi-${process.pid}`));
  const url = (port: number) => `http://127.0.0.1:${port}/api/things3`;
  const multiMock = [process.execPath, ...MOCK, '--port', '{port}', '--quiet', '--spec', multi.file];
  const mockCold = await firstAnswer(multiMock, url);
  const mockWarm = await firstAnswer(multiMock, url);
  const prismBin = process.env.BENCH_PRISM;
  const prism = prismBin
    ? await firstAnswer(
        [prismBin, 'mock', '-p', '{port}', '-h', '127.0.0.1', multi.file],
        (port) => `http://127.0.0.1:${port}/things3`,
      )
    : undefined;
  out(
    `Start-up of a generated ${multi.operations}-operation multi-file description (${multi.operations} operation files, one per operation, $refs across folders; spawn to first answer): mock cold **${fmt(mockCold.ms)} ms** (${fmt(mockCold.rssMiB)} MiB), cached ${fmt(mockWarm.ms)} ms (${fmt(mockWarm.rssMiB)} MiB); ${
      prism
        ? `Prism **${fmt(prism.ms)} ms** (${fmt(prism.rssMiB)} MiB): mock cold / Prism **${fmt(mockCold.ms / prism.ms, 2)}**.`
        : 'Prism not measured (set BENCH_PRISM to a prism binary installed outside the project).'
    }`,
  );

  const runner = await runRunnerCli(join(root, 'dist/conformance/cli.js'), work);
  out(
    `Runner, default run against the mock (\`npm run conformance\` without npm, wall time incl. start-up): **${fmt(runner.ms)} ms**, ${runner.requests} requests (${fmt(runner.requests / (runner.ms / 1000))} req/s).`,
  );
  const failure = await timeToFirstFailure(KEY);
  out(
    `Runner against a broken server (create answers 200): first failure after **${fmt(failure.firstMs)} ms**, verdict after ${fmt(failure.totalMs)} ms.`,
  );

  mkdirSync(join(root, 'reports'), { recursive: true });
  writeFileSync(join(root, flags.output!), `${lines.join('\n')}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
