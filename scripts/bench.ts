#!/usr/bin/env node
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
// `npm run bench`: the mock against the bare node:http reference, side by side in one run, in
// interleaved rounds (A, B, A, B, …) so that the noise of a shared machine hits both alike.
// Reports medians, ratios (mock / bare), server CPU per request, start-up time, memory, and the
// runner's own timings. A benchmark, never a test: nothing here asserts a timing.
import { DEFAULT_API_KEY } from '../mock/core/defaults.js';
import { allocationPerRequest } from './bench-allocation.js';
import { idiomThroughput } from './bench-idioms.js';
import { firstAnswer, writeMultiFileDocument } from './bench-multi-file.js';
import { proxyLatency } from './bench-proxy.js';
import { medianRun, type RunnerRun, runRunnerCli, timeToFirstFailure } from './bench-runner.js';
import { type Server, spawnServer, stop } from './bench-servers.js';
import {
  created,
  interleaved,
  listRequest,
  type Measurement,
  median,
  memoryKiB,
  SCENARIOS,
} from './bench-throughput.js';
import { writeBigDocument } from './big-document.js';
import { writeSeedFile } from './seed-data.js';
import { startCommand } from './start-command.js';

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    output: { type: 'string', default: 'reports/bench.md' },
    // A checkout of an earlier build (built, dependencies installed): measured in the same rounds.
    compare: { type: 'string' },
  },
});
const LOAD = { duration: Number(flags.duration), rounds: Number(flags.rounds), connections: Number(flags.connections) };
const KEY = DEFAULT_API_KEY;
const root = fileURLToPath(new URL('../..', import.meta.url));
const MOCK = startCommand(root);
const previousRoot = flags.compare ? resolve(flags.compare) : undefined;
const PREVIOUS = previousRoot ? startCommand(previousRoot) : undefined;
const BARE_CLI = join(root, 'dist/scripts/bare-server.js');
const work = mkdtempSync(join(tmpdir(), 'bench-'));

/** The mock, the bare reference and, with --compare, the previous build's mock. */
async function startServers(categories: number, withPrevious: boolean): Promise<Server[]> {
  const seed = writeSeedFile(join(work, `seed-${categories}.json`), categories);
  const mockFlags = ['--port', '0', '--quiet', '--seed-file', seed, '--max-categories', '100000000'];
  return Promise.all([
    spawnServer('mock', [...MOCK, ...mockFlags]),
    spawnServer('bare', [BARE_CLI, '--port', '0', '--categories', String(categories)]),
    ...(withPrevious && PREVIOUS ? [spawnServer('previous', [...PREVIOUS, ...mockFlags])] : []),
  ]);
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
    `${new Date().toISOString().slice(0, 10)} · Node ${process.version} · ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'} · autocannon ${LOAD.connections} connections, ${LOAD.duration} s × ${LOAD.rounds} interleaved rounds per server · \`npm run bench${previousRoot ? ` -- --compare ${previousRoot}` : ''}\``,
  );
  out();

  let servers = await startServers(20, true);
  const [mock, bare, previous] = servers as [Server, Server, Server | undefined];
  const previousColumns = previous ? ' previous req/s | previous ratio | now ÷ previous |' : '';
  out(
    `| scenario (20 categories) | mock req/s | bare req/s | ratio |${previousColumns} mock p50 / p99 ms | bare p50 / p99 ms | mock CPU µs/req | bare CPU µs/req | CPU ratio |`,
  );
  out(`|---|---|---|---|${previous ? '---|---|---|' : ''}---|---|---|---|---|`);
  let steadyRss = 0;
  let previousSteadyRss = 0;
  let bareSteadyRss = 0;
  let peakRss = 0;
  for (const scenario of SCENARIOS) {
    // Creations grow the store (the bare one's from some refused bodies too): the steady-state
    // peak is read before the first scenario that may.
    if (!scenario.steady && steadyRss === 0) {
      steadyRss = memoryKiB(mock.child.pid!, 'VmHWM');
      bareSteadyRss = memoryKiB(bare.child.pid!, 'VmHWM');
      previousSteadyRss = previous ? memoryKiB(previous.child.pid!, 'VmHWM') : 0;
    }
    if (scenario.fresh) {
      peakRss = Math.max(peakRss, memoryKiB(servers[0]!.child.pid!, 'VmHWM'));
      for (const server of servers) stop(server);
      servers = await startServers(20, true);
      // Unmeasured, so each server's code is compiled before its first round.
      await interleaved(servers, scenario.request, { ...LOAD, rounds: 1, duration: 1 });
    }
    const [now, reference, before] = (await interleaved(servers, scenario.request, LOAD)) as [
      Measurement,
      Measurement,
      Measurement | undefined,
    ];
    const errors = now.errors + reference.errors + (before?.errors ?? 0);
    const problems = errors > 0 ? ` (transport errors: mock ${now.errors}, bare ${reference.errors})` : '';
    const compared = before
      ? ` ${fmt(before.rps)} | ${fmt(before.rps / reference.rps, 2)} | **${fmt(now.rps / before.rps, 2)}** |`
      : '';
    out(
      `| ${scenario.name}${problems} | ${fmt(now.rps)} | ${fmt(reference.rps)} | **${fmt(now.rps / reference.rps, 2)}** |${compared} ${now.p50} / ${now.p99} | ${reference.p50} / ${reference.p99} | ${fmt(now.cpuPerRequestUs, 1)} | ${fmt(reference.cpuPerRequestUs, 1)} | ${fmt(now.cpuPerRequestUs / reference.cpuPerRequestUs, 2)} |`,
    );
  }
  peakRss = Math.max(peakRss, memoryKiB(servers[0]!.child.pid!, 'VmHWM'));
  for (const server of servers) stop(server);
  out();
  out(
    `Peak RSS under load at 20 categories (list, 401, the first four 400s): mock **${fmt(steadyRss / 1024, 1)} MB**${previous ? `, previous ${fmt(previousSteadyRss / 1024, 1)} MB` : ''}, bare ${fmt(bareSteadyRss / 1024, 1)} MB, all read before the first scenario that may grow a store; the largest mock after a creation row (each on servers started for it; ${created()} categories created in all): ${fmt(peakRss / 1024, 1)} MB.`,
  );
  out();

  out(
    "The API model's paths: the mock serving a fixture document against that document's hand-written reference server (`fixtures/*-server.ts`, plain node:http), same rounds and connections:",
  );
  out();
  out('| scenario | mock req/s | reference req/s | ratio | mock CPU µs/req | reference CPU µs/req |');
  out('|---|---|---|---|---|---|');
  for (const { name, mock: m, reference: r } of await idiomThroughput(root, MOCK, LOAD)) {
    out(
      `| ${name} | ${fmt(m.rps)} | ${fmt(r.rps)} | **${fmt(m.rps / r.rps, 2)}** | ${fmt(m.cpuPerRequestUs, 1)} | ${fmt(r.cpuPerRequestUs, 1)} |`,
    );
  }
  out();

  out(
    "Work per request, from V8's GC trace (`--trace-gc-nvp`, 30,000 requests after 5,000, 10 connections): bytes allocated and bytes promoted (outliving the young generation). These hardly move with the machine's load, so they show a regression the ratios above may hide:",
  );
  out();
  out(
    `| scenario | mock allocated / promoted B |${PREVIOUS ? ' previous allocated / promoted B |' : ''} bare allocated / promoted B |`,
  );
  out(`|---|---|${PREVIOUS ? '---|' : ''}---|`);
  const allocationSeed = writeSeedFile(join(work, 'seed-allocation.json'), 20);
  const allocationFlags = ['--port', '0', '--quiet', '--seed-file', allocationSeed, '--max-categories', '100000000'];
  const commands = [
    [...MOCK, ...allocationFlags],
    ...(PREVIOUS ? [[...PREVIOUS, ...allocationFlags]] : []),
    [BARE_CLI, '--port', '0', '--categories', '20'],
  ];
  for (const scenario of SCENARIOS) {
    const cells: string[] = [];
    for (const command of commands) {
      const { allocatedBytes, promotedBytes } = await allocationPerRequest(command, scenario.request);
      cells.push(`${fmt(allocatedBytes)} / ${fmt(promotedBytes)}`);
    }
    out(`| ${scenario.name} | ${cells.join(' | ')} |`);
  }
  out();

  out('List latency by size, one connection (latency, not throughput under contention):');
  out();
  out('| list size | mock req/s | bare req/s | ratio | mock p50 ms | bare p50 ms | mock RSS MB | bare RSS MB |');
  out('|---|---|---|---|---|---|---|---|');
  for (const size of [10, 1_000, 10_000, 100_000]) {
    const [sizedMock, sizedBare] = (await startServers(size, false)) as [Server, Server];
    const load = { ...LOAD, connections: 1, duration: size >= 100_000 ? 2 : LOAD.duration };
    const [m, b] = (await interleaved([sizedMock, sizedBare], listRequest, load)) as [Measurement, Measurement];
    out(
      `| ${size} | ${fmt(m.rps)} | ${fmt(b.rps)} | **${fmt(m.rps / b.rps, 1)}** | ${m.p50} | ${b.p50} | ${fmt(memoryKiB(sizedMock.child.pid!, 'VmRSS') / 1024, 1)} | ${fmt(memoryKiB(sizedBare.child.pid!, 'VmRSS') / 1024, 1)} |`,
    );
    stop(sizedMock);
    stop(sizedBare);
  }
  out();

  const mockStarts: number[] = [];
  const bareStarts: number[] = [];
  const previousStarts: number[] = [];
  for (let i = 0; i < 5; i++) {
    mockStarts.push(await startupMs([...MOCK, '--port', '0', '--quiet']));
    bareStarts.push(await startupMs([BARE_CLI, '--port', '0']));
    if (PREVIOUS) previousStarts.push(await startupMs([...PREVIOUS, '--port', '0', '--quiet']));
  }
  out(
    `Start-up, spawn to first 200 (\`node ${MOCK.map((a) => a.replace(root, '')).join(' ')}\`, what npm start runs, median of 5): mock **${fmt(median(mockStarts))} ms**, ${PREVIOUS ? `previous ${fmt(median(previousStarts))} ms, ` : ''}bare ${fmt(median(bareStarts))} ms.`,
  );

  // A nested 19-operation description (the tracker fixture): its first list is seeded on first use,
  // or while the server waits for it.
  const tracker = join(root, 'fixtures/panels/tracker/openapi.yaml');
  const trackerStarts: number[] = [];
  const trackerPrevious: number[] = [];
  for (let i = 0; i < 5; i++) {
    trackerStarts.push(await startupMs([...MOCK, '--port', '0', '--quiet', '--spec', tracker], '/projects'));
    if (PREVIOUS)
      trackerPrevious.push(await startupMs([...PREVIOUS, '--port', '0', '--quiet', '--spec', tracker], '/projects'));
  }
  out(
    `Start-up of the tracker fixture (19 operations, nested collections; spawn to the first 200 of its first list, median of 5): mock **${fmt(median(trackerStarts))} ms**${PREVIOUS ? `, previous ${fmt(median(trackerPrevious))} ms` : ''}; the bare Pet Catalog server above is the floor.`,
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

  // Interleaved, median of 3 each: one run apiece let a noisy neighbour pass for a regression.
  const runnerRuns: RunnerRun[] = [];
  const beforeRuns: RunnerRun[] = [];
  for (let i = 0; i < 3; i++) {
    runnerRuns.push(await runRunnerCli(join(root, 'dist/conformance/cli.js'), work));
    if (previousRoot) beforeRuns.push(await runRunnerCli(join(previousRoot, 'dist/conformance/cli.js'), work));
  }
  const runner = medianRun(runnerRuns);
  const before = previousRoot ? medianRun(beforeRuns) : undefined;
  out(
    `Runner, default run against the mock (\`npm run conformance\` without npm, wall time incl. start-up, median of 3 interleaved): **${fmt(runner.ms)} ms**, peak RSS ${fmt(runner.rssMiB)} MiB, ${runner.requests} requests (${fmt(runner.requests / (runner.ms / 1000))} req/s)${before ? `; previous ${fmt(before.ms)} ms, ${fmt(before.rssMiB)} MiB, ${before.requests} requests` : ''}.`,
  );
  const failure = await timeToFirstFailure(KEY);
  out(
    `Runner against a broken server (create answers 200): first failure after **${fmt(failure.firstMs)} ms**, verdict after ${fmt(failure.totalMs)} ms.`,
  );

  // An absolute path as given; a relative one from the project's root, where reports/ is.
  const output = resolve(root, flags.output!);
  mkdirSync(dirname(output), { recursive: true });
  writeFileSync(output, `${lines.join('\n')}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
