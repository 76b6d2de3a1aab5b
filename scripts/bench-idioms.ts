// The API model's paths under load: an envelope page walked by cursor, an idempotent replay and a
// conditional read, each on the mock serving a fixture document and on that document's hand-written
// reference server (fixtures/*-server.ts), side by side in interleaved rounds.
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { DEFAULT_API_KEY } from '../mock/core/defaults.js';
import { type Server, spawnServer, stop } from './bench-servers.js';
import { interleaved, type Load, type Measurement } from './bench-throughput.js';

const AUTH = { authorization: `Bearer ${DEFAULT_API_KEY}` };
const JSON_BODY = { ...AUTH, 'content-type': 'application/json' };

interface IdiomScenario {
  readonly name: string;
  readonly document: 'envelopes' | 'scheduling';
  /** The status every measured request must get. */
  readonly status: number;
  /** Makes the state the scenario needs on one server; gives the request to repeat. */
  readonly prepare: (baseUrl: string) => Promise<autocannon.Options>;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const res = await fetch(url, { method: 'POST', headers: { ...JSON_BODY, ...headers }, body: JSON.stringify(body) });
  if (res.status >= 300) throw new Error(`bench set-up: POST ${url} answered ${res.status}`);
  return res;
}

const REPLAYED = { room: 'bench-room', guest: 'Ada' };

const SCENARIOS: readonly IdiomScenario[] = [
  {
    name: 'envelope page 2 by cursor (notes, 20 of 60)',
    document: 'envelopes',
    status: 200,
    prepare: async (baseUrl) => {
      for (let i = 0; i < 60; i++) await post(`${baseUrl}/notes`, { text: `note ${i}` });
      const first = (await (await fetch(`${baseUrl}/notes?limit=20`, { headers: AUTH })).json()) as {
        next_cursor: string;
      };
      return { url: `${baseUrl}/notes?limit=20&cursor=${encodeURIComponent(first.next_cursor)}`, headers: AUTH };
    },
  },
  {
    name: 'replay (same Idempotency-Key and body)',
    document: 'scheduling',
    status: 200,
    prepare: async (baseUrl) => {
      const headers = { ...JSON_BODY, 'idempotency-key': 'bench-replay' };
      await post(`${baseUrl}/bookings`, REPLAYED, headers);
      return { url: `${baseUrl}/bookings`, method: 'POST', headers, body: JSON.stringify(REPLAYED) };
    },
  },
  {
    name: 'conditional read (If-None-Match, 304)',
    document: 'scheduling',
    status: 304,
    prepare: async (baseUrl) => {
      const created = await post(`${baseUrl}/bookings`, { room: 'bench-etag', guest: 'Grace' });
      const { id } = (await created.json()) as { id: string };
      const headers = { ...AUTH, 'if-none-match': created.headers.get('etag') ?? '' };
      return { url: `${baseUrl}/bookings/${id}`, headers };
    },
  },
];

export interface IdiomResult {
  readonly name: string;
  readonly mock: Measurement;
  readonly reference: Measurement;
}

/** Each scenario on a fresh mock of its document and a fresh reference server. */
export async function idiomThroughput(root: string, mock: readonly string[], load: Load): Promise<IdiomResult[]> {
  const results: IdiomResult[] = [];
  for (const scenario of SCENARIOS) {
    const spec = join(
      root,
      `fixtures/documents/${scenario.document === 'scheduling' ? 'scheduling-3.1' : scenario.document}-openapi.yaml`,
    );
    const servers: Server[] = await Promise.all([
      spawnServer('mock', [...mock, '--port', '0', '--quiet', '--spec', spec]),
      spawnServer('reference', [join(root, 'dist/scripts/fixture-server.js'), '--document', scenario.document]),
    ]);
    try {
      const requests = await Promise.all(servers.map((server) => scenario.prepare(server.baseUrl)));
      for (const [i, server] of servers.entries()) await expectStatus(server.name, requests[i]!, scenario.status);
      const byServer = new Map(servers.map((server, i) => [server.baseUrl, requests[i]!]));
      const [m, r] = await interleaved(servers, (baseUrl) => byServer.get(baseUrl)!, load);
      results.push({ name: scenario.name, mock: m!, reference: r! });
    } finally {
      for (const server of servers) stop(server);
    }
  }
  return results;
}

/** A scenario measures what it says only if both servers give its status. */
async function expectStatus(name: string, options: autocannon.Options, status: number): Promise<void> {
  const res = await fetch(options.url, {
    method: options.method ?? 'GET',
    headers: options.headers as Record<string, string>,
    ...(options.body ? { body: options.body as string } : {}),
  });
  await res.arrayBuffer();
  if (res.status !== status) throw new Error(`bench set-up: ${name} answered ${res.status}, not ${status}`);
}
