// Throughput for the bench: autocannon scenarios run against several servers in interleaved
// rounds (A, B, C, A, B, C, …) so the noise of a shared machine hits each alike. Medians per server,
// with the server's own CPU per request read from /proc.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { DEFAULT_API_KEY } from '../mock/core/defaults.js';
import type { Server } from './bench-servers.js';

const KEY = DEFAULT_API_KEY;
const CLOCK_TICKS = 100;

export interface Load {
  readonly duration: number;
  readonly connections: number;
  readonly rounds: number;
}

export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  cpuPerRequestUs: number;
  errors: number;
  non2xx: number;
}

export interface Scenario {
  readonly name: string;
  readonly request: (baseUrl: string) => autocannon.Options;
  /** Changes no server's store (the bare one takes some bodies the mock refuses): the steady-state
   * RSS is read after these, before the first that may. */
  readonly steady?: boolean;
  /** Grows every server's store by the hundred thousand: measured on servers started for it, so the
   * heap the rows before left (millions of items) does not decide it. Measured after them, the
   * same build's 2,000-number create came out at 0.70 and 0.84 of bare in one run. */
  readonly fresh?: boolean;
}

/** User plus system CPU seconds of a process, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

export function memoryKiB(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0);
}

let counter = 0;
const fiftyMembers = Array.from({ length: 50 }, (_, i) => [`m${i}`, i]);
const twoThousandNumbers = Array.from({ length: 2000 }, (_, i) => i);
/** How many categories the create scenario has made so far. */
export const created = (): number => counter;

export const listRequest = (baseUrl: string): autocannon.Options => ({
  url: `${baseUrl}/categories`,
  headers: { authorization: `Bearer ${KEY}` },
});

const postOf =
  (body: string, type = 'application/json') =>
  (baseUrl: string): autocannon.Options => ({
    url: `${baseUrl}/categories`,
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': type },
    body,
  });

const creating =
  (fields: object) =>
  (baseUrl: string): autocannon.Options => ({
    url: `${baseUrl}/categories`,
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ name: `bench-${counter++}`, ...fields }) }),
      },
    ],
  });

export const SCENARIOS: readonly Scenario[] = [
  { name: 'list (20 categories)', request: listRequest, steady: true },
  { name: '401 (no key)', request: (baseUrl) => ({ url: `${baseUrl}/categories` }), steady: true },
  {
    name: '400 (invalid body)',
    steady: true,
    request: postOf('{"name":5}'),
  },
  ...(
    [
      ['400 (two faults: name missing, description not a string)', '{"description":5}'],
      ['400 (five faults: name missing, wrong types, unknown members)', '{"description":[1],"a":1,"b":2,"c":3,"d":4}'],
      ['400 (malformed JSON)', '{"name":'],
    ] as const
  ).map(([name, body]) => ({ name, steady: true, request: postOf(body) })),
  ...(
    [
      // Bodies of other shapes, so no one kind of fault is the only one measured.
      ['400 (a list, not an object)', '[]'],
      ['400 (null)', 'null'],
      ['400 (50 unknown members, name missing)', JSON.stringify(Object.fromEntries(fiftyMembers))],
      ['400 (wrong type, nested)', JSON.stringify({ name: 5, description: { a: { b: [1, 2, { c: 3 }] } } })],
      ['400 (a trailing comma)', '{"name":"a",}'],
      ['400 (2 KiB string, unterminated)', `{"name":"${'z'.repeat(2048)}`],
      ['400 (Content-Type text/plain)', '{"name":"x"}', 'text/plain'],
    ] as const
  ).map(([name, body, type]: readonly [string, string, string?]) => ({ name, request: postOf(body, type) })),
  // Creations, each with a name not sent before.
  ...(
    [
      ['create (unique names)', { description: 'load' }],
      ['create (1 KiB description)', { description: 'd'.repeat(1024) }],
      // 9 KB: past the journal slot's room, so the journal keeps the body in its overflow log.
      ['create (a member of 2,000 numbers the document does not name)', { tags: twoThousandNumbers }],
    ] as const
  ).map(([name, fields]) => ({ name, fresh: true, request: creating(fields) })),
];

export async function measure(server: Server, options: autocannon.Options, load: Load): Promise<Measurement> {
  const before = cpuSeconds(server.child.pid!);
  const result = await autocannon({ connections: load.connections, duration: load.duration, ...options });
  const cpu = cpuSeconds(server.child.pid!) - before;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuPerRequestUs: result.requests.total > 0 ? (cpu / result.requests.total) * 1e6 : Number.NaN,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export const median = (values: number[]): number => {
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

/** Interleaved rounds over every server; the medians, in the servers' order. */
export async function interleaved(
  servers: readonly Server[],
  request: (baseUrl: string) => autocannon.Options,
  load: Load,
): Promise<Measurement[]> {
  const runs = servers.map(() => [] as Measurement[]);
  for (let round = 0; round < load.rounds; round++) {
    for (const [i, server] of servers.entries()) runs[i]!.push(await measure(server, request(server.baseUrl), load));
  }
  return runs.map(summarise);
}
