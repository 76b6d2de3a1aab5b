// The runner against targets that misbehave at the transport level. Each is a tiny server on port 0.
// Every run must end (the per-request deadline, the response-size cap and the stop after repeated
// transport failures bound it; vitest's time-out is only the safety net), fail with exit 1 (or 2
// when nothing answers at all), and never print the key.
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Socket, type Server as TcpServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../fixtures/reference-server.js';
import { loadContract } from '../spec/index.js';
import { consoleReport } from './report/console.js';
import { jsonReport } from './report/json.js';
import { junitReport } from './report/junit.js';
import { notRunOf } from './report/not-run.js';
import { type RunResult, runConformance } from './run.js';

const contract = await loadContract();
const KEY = 'hostile-Key-5150';
const open: Array<Server | TcpServer> = [];
const sockets = new Set<Socket>();

afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await Promise.all(open.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(server: Server | TcpServer): Promise<string> {
  open.push(server);
  server.on('connection', (socket: Socket) => {
    // The runner gives up on these servers mid-answer; their late writes must not crash the test.
    socket.on('error', () => undefined);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
}

const http = (handler: (req: IncomingMessage, res: ServerResponse) => void) => listen(createServer(handler));
const tcp = (onSocket: (socket: Socket) => void) => listen(createTcpServer(onSocket));

/** The base URL of a port that was just listened on and closed: nothing is behind it. */
async function closedPort(): Promise<string> {
  const server = createServer();
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}

function run(baseUrl: string, timeoutMs = 300): Promise<RunResult> {
  return runConformance({
    target: { baseUrl },
    contract,
    apiKey: KEY,
    seed: 8,
    timeoutMs,
    maxResponseBytes: 256 * 1024,
  });
}

function expectNoLeak(result: RunResult): void {
  const text = [consoleReport(result, 'npm run conformance --'), jsonReport(result), junitReport(result)].join('\n');
  expect(text).not.toContain(KEY);
  expect(text).not.toMatch(/\n\s+at .*\.js:\d+/); // no stack trace
}

// [label, server, check that must fail, per-request deadline: short where the server stalls]
const HOSTILE: Array<[string, () => Promise<string>, string, number?]> = [
  ['never answers', () => tcp(() => undefined), 'transport_errors'],
  ['resets every connection', () => tcp((socket) => socket.resetAndDestroy()), 'transport_errors'],
  [
    'closes after the headers',
    () =>
      tcp((socket) =>
        socket.once('data', () =>
          socket.end('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n[{'),
        ),
      ),
    'transport_errors',
  ],
  [
    'drips one byte every 200 ms',
    () =>
      tcp((socket) => {
        const reply = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n[]';
        let index = 0;
        const timer = setInterval(
          () => (index < reply.length && !socket.destroyed ? socket.write(reply[index++]!) : clearInterval(timer)),
          200,
        );
        socket.on('close', () => clearInterval(timer));
      }),
    'transport_errors',
  ],
  [
    'streams an endless body',
    () =>
      http((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const pump = (): void => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once('drain', pump);
        };
        pump();
      }),
    'transport_errors',
  ],
  [
    'sends non-JSON as JSON',
    () =>
      http((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('<html>surprise</html>');
      }),
    'transport_errors',
    3000,
  ],
  [
    'answers JSON nested 100,000 levels deep',
    () =>
      http((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(`[{"id":1,"name":"a","description":${'['.repeat(100_000)}${']'.repeat(100_000)}}]`);
      }),
    'transport_errors',
    3000,
  ],
  [
    'redirects in a loop',
    () =>
      http((req, res) => {
        res.writeHead(302, { Location: req.url ?? '/' });
        res.end();
      }),
    'status_code_conformance',
    3000,
  ],
  [
    'answers 204 with no body',
    () =>
      http((_req, res) => {
        res.writeHead(204);
        res.end();
      }),
    'status_code_conformance',
    3000,
  ],
  [
    'speaks garbage instead of HTTP',
    () => tcp((socket) => socket.once('data', () => socket.end('SSH-2.0-OpenSSH_9.0\r\n'))),
    'transport_errors',
  ],
  [
    'echoes the credentials back',
    () =>
      http((req, res) => {
        const echo = JSON.stringify({ code: 'x', message: `you sent ${req.headers.authorization}`, status: 500 });
        res.writeHead(500, { 'Content-Type': 'application/json', 'X-Echo': req.headers.authorization ?? '' });
        res.end(echo);
      }),
    'no_server_error',
    3000,
  ],
];

describe('hostile targets fail the run cleanly', () => {
  it.each(HOSTILE)('a server that %s', async (_label, start, check, timeoutMs) => {
    const result = await run(await start(), timeoutMs);
    expect(result.exitCode).toBe(1);
    expect(result.violations.map((v) => v.check)).toContain(check);
    expectNoLeak(result);
  });
});

describe('targets that cannot be tested', () => {
  it('a server that does not exist gives exit 2 after one request', async () => {
    const result = await run(await closedPort());
    expect(result.exitCode).toBe(2);
    expect(result.error).toMatch(/unreachable/);
    expect(result.requests).toBe(1);
  });

  it('a host that does not resolve gives exit 2', async () => {
    // The resolver's answer may be slow on a loaded machine: the deadline must not decide this test.
    const result = await run('http://no-such-host.invalid/v1', 20_000);
    expect(result.exitCode).toBe(2);
  });

  it('stops sending after repeated transport failures', async () => {
    const result = await run(await tcp(() => undefined));
    expect(result.aborted).toMatch(/transport failures/);
    expect(result.requests).toBeLessThan(20);
  });
});

describe('the CLI against a hostile target', () => {
  it('prints no stack trace and no key', async () => {
    const baseUrl = await tcp((socket) => socket.resetAndDestroy());
    const cli = fileURLToPath(new URL('../dist/conformance/cli.js', import.meta.url));
    const child = spawn(process.execPath, [cli, '--base-url', baseUrl, '--timeout-ms', '300'], {
      env: { ...process.env, CONFORMANCE_API_KEY: KEY },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/Transport failure: reset/);
    expect(output).not.toContain(KEY);
    expect(output).not.toMatch(/\n\s+at /);
  });
});

describe('transport failures stop only what they happen on', () => {
  const correctServer = async (reset: (req: IncomingMessage, count: number) => boolean) => {
    const server = await startReferenceServer({ key: KEY });
    let count = 0;
    server.server.prependListener('request', (req: IncomingMessage) => {
      if (reset(req, ++count)) req.socket.destroy();
    });
    return server;
  };

  it('an operation whose every request is reset stops; the others are tested and the run goes on', async () => {
    const server = await correctServer((req) => req.method === 'POST');
    const result = await runConformance({ target: { baseUrl: server.baseUrl }, contract, apiKey: KEY, seed: 3 });
    await server.close();
    expect(result.aborted).toBeUndefined();
    expect(result.exitCode).toBe(1);
    const create = result.operations.find((o) => o.id === 'createCategory')!;
    expect(create.checks.transport_errors!.outcome).toBe('failed');
    expect(Object.keys(create.unsent ?? {}).join()).toMatch(/stopped after 3 transport failures in a row/);
    const list = result.operations.find((o) => o.id === 'listCategories')!;
    expect(list.checks.response_schema_conformance!.outcome).toBe('passed');
    expect(list.checks.ignored_auth!.outcome).toBe('passed');
  });

  it.each([1, 2, 3])(
    'random resets (one request in ten, drawn with seed %i) are failures, yet every check runs',
    async (seed) => {
      let state = seed * 7919;
      const random = () => {
        state = (state * 1103515245 + 12345) % 2 ** 31;
        return state / 2 ** 31;
      };
      const server = await correctServer(() => random() < 0.1);
      const result = await runConformance({ target: { baseUrl: server.baseUrl }, contract, apiKey: KEY, seed });
      await server.close();
      expect(result.aborted).toBeUndefined();
      expect(result.exitCode).toBe(1);
      expect(new Set(result.violations.map((violation) => violation.check))).toEqual(new Set(['transport_errors']));
      expect(notRunOf(result)).toEqual({ count: 0, reasons: [] });
    },
  );

  it('scattered resets (one request in ten) are failures, but do not stop the run', async () => {
    const server = await correctServer((_req, count) => count % 10 === 5);
    const result = await runConformance({ target: { baseUrl: server.baseUrl }, contract, apiKey: KEY, seed: 4 });
    await server.close();
    expect(result.aborted).toBeUndefined();
    expect(result.exitCode).toBe(1);
    const failed = result.operations.filter((o) => o.checks.transport_errors?.outcome === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    for (const id of ['listCategories', 'createCategory']) {
      const operation = result.operations.find((o) => o.id === id)!;
      expect(operation.checks.ignored_auth!.outcome, id).toBe('passed');
    }
  });
});
