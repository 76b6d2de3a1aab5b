// The runner where real deployments live, over real sockets: a private certificate authority
// (made here), mutual TLS, a forward proxy that records what it saw, headers a gateway needs,
// filters and shards whose union is the full run, a rate limit, and a HAR file a validator accepts.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import harValidator from 'har-validator';
import { afterAll, describe, expect, it } from 'vitest';
import { privateAuthority } from '../fixtures/certificates.js';
import { createReferenceHandler } from '../fixtures/reference-server.js';
import { loadContract } from '../spec/index.js';
import { consoleReport } from './report/console.js';
import { jsonReport } from './report/json.js';
import { type RunOptions, runConformance } from './run.js';

const KEY = 'deploy-Key-8c1f2e';
const contract = await loadContract();
const authority = privateAuthority();
const folder = mkdtempSync(join(tmpdir(), 'deployment-'));
const caFile = join(folder, 'ca.pem');
writeFileSync(caFile, authority.ca.cert);
writeFileSync(join(folder, 'client.pem'), authority.client.cert);
writeFileSync(join(folder, 'client.key'), authority.client.key);

const servers: Array<http.Server | net.Server> = [];
afterAll(() => {
  for (const server of servers) {
    if ('closeAllConnections' in server) server.closeAllConnections();
    server.close();
  }
});

async function listen<T extends http.Server | net.Server>(server: T): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** The reference server over TLS with the private authority's certificate. */
async function tlsTarget(options: https.ServerOptions = {}): Promise<string> {
  const server = https.createServer(
    { cert: authority.server.cert, key: authority.server.key, ...options },
    createReferenceHandler({ key: KEY }),
  );
  return `https://127.0.0.1:${await listen(server)}/v1`;
}

/** A plain reference server that records every request's headers. */
async function recordingTarget(): Promise<{ baseUrl: string; seen: http.IncomingHttpHeaders[] }> {
  const seen: http.IncomingHttpHeaders[] = [];
  const handler = createReferenceHandler({ key: KEY });
  const server = http.createServer((req, res) => {
    seen.push(req.headers);
    handler(req, res);
  });
  return { baseUrl: `http://127.0.0.1:${await listen(server)}/v1`, seen };
}

/** A forward proxy (absolute-form requests and CONNECT tunnels) that records what it saw. */
async function forwardProxy(): Promise<{ url: string; seen: string[] }> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers['proxy-authorization'] ?? ''}`);
    const { 'proxy-authorization': _auth, 'proxy-connection': _connection, ...headers } = req.headers;
    const upstream = http.request(req.url!, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  server.on('connect', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url} ${req.headers['proxy-authorization'] ?? ''}`);
    const [host, port] = req.url!.split(':');
    const upstream = net.connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  return { url: `http://127.0.0.1:${await listen(server)}`, seen };
}

const quick: Partial<RunOptions> = { runs: 3, seed: 11, selection: { include: ['operationId:listCategories'] } };
const run = (baseUrl: string, options: Partial<RunOptions> = {}) =>
  runConformance({ target: { baseUrl }, contract, apiKey: KEY, ...quick, ...options });

describe('TLS', () => {
  it('an untrusted certificate is could-not-run, naming the certificate problem', async () => {
    const result = await run(await tlsTarget());
    expect(result.exitCode).toBe(2);
    expect(result.error).toMatch(/certificate could not be trusted \((UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED)/);
    expect(result.violations).toEqual([]);
  });

  it('--ca-file trusts a private authority', async () => {
    const result = await run(await tlsTarget(), { transport: { caFiles: [caFile] } });
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
  });

  it('--insecure verifies nothing, and the report says so', async () => {
    const result = await run(await tlsTarget(), { transport: { insecure: true } });
    expect(result.exitCode).toBe(0);
    expect(result.insecure).toBe(true);
    expect(consoleReport(result, 'x')).toMatch(/certificates were NOT verified/);
    expect(JSON.parse(jsonReport(result)).insecure).toBe(true);
  });

  it('--client-cert and --client-key answer a server that requires a client certificate', async () => {
    const baseUrl = await tlsTarget({ requestCert: true, rejectUnauthorized: true, ca: authority.ca.cert });
    const without = await run(baseUrl, { transport: { caFiles: [caFile] } });
    expect(without.exitCode).toBe(2);
    const withCert = await run(baseUrl, {
      transport: { caFiles: [caFile], clientCert: join(folder, 'client.pem'), clientKey: join(folder, 'client.key') },
    });
    expect(withCert.violations).toEqual([]);
    expect(withCert.exitCode).toBe(0);
  });
});

describe('proxies', () => {
  it('http_proxy carries http requests; NO_PROXY sends a host direct', async () => {
    const target = await recordingTarget();
    const proxy = await forwardProxy();
    const proxied = await run(target.baseUrl, { transport: { env: { http_proxy: proxy.url } } });
    expect(proxied.exitCode).toBe(0);
    expect(proxy.seen.length).toBe(proxied.requests);
    expect(proxy.seen[0]).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/v1\/categories/);
    const before = proxy.seen.length;
    const direct = await run(target.baseUrl, {
      transport: { env: { http_proxy: proxy.url, NO_PROXY: 'localhost,127.0.0.1' } },
    });
    expect(direct.exitCode).toBe(0);
    expect(proxy.seen.length).toBe(before);
  });

  it('upper-case HTTP_PROXY carries http requests too, except under CGI (REQUEST_METHOD set)', async () => {
    const target = await recordingTarget();
    const proxy = await forwardProxy();
    const proxied = await run(target.baseUrl, { transport: { env: { HTTP_PROXY: proxy.url } } });
    expect(proxied.exitCode).toBe(0);
    expect(proxy.seen.length).toBe(proxied.requests);
    const before = proxy.seen.length;
    const underCgi = await run(target.baseUrl, {
      transport: { env: { HTTP_PROXY: proxy.url, REQUEST_METHOD: 'GET' } },
    });
    expect(underCgi.exitCode).toBe(0);
    expect(proxy.seen.length).toBe(before);
  });

  it('HTTPS_PROXY tunnels https requests; --proxy overrides it, and its credentials are never printed', async () => {
    const baseUrl = await tlsTarget();
    const proxy = await forwardProxy();
    const viaEnv = await run(baseUrl, { transport: { caFiles: [caFile], env: { HTTPS_PROXY: proxy.url } } });
    expect(viaEnv.exitCode).toBe(0);
    expect(proxy.seen.every((line) => line.startsWith('CONNECT 127.0.0.1:'))).toBe(true);
    const other = await forwardProxy();
    const withCredentials = other.url.replace('http://', 'http://proxyuser:proxy-Secret-77@');
    const result = await run(baseUrl, {
      transport: { caFiles: [caFile], proxy: withCredentials, env: { HTTPS_PROXY: proxy.url } },
      // A failure, so that the reports carry requests and URLs.
      selection: { include: ['operationId:createCategory'] },
      maxWrites: 5,
    });
    expect(other.seen.length).toBeGreaterThan(0);
    expect(other.seen[0]).toContain(`Basic ${Buffer.from('proxyuser:proxy-Secret-77').toString('base64')}`);
    const outputs = consoleReport(result, 'x') + jsonReport(result);
    expect(outputs).not.toContain('proxy-Secret-77');
  });
});

describe('--header', () => {
  it('is sent on every request and never appears in a report', async () => {
    const target = await recordingTarget();
    const result = await run(target.baseUrl, {
      headers: { 'x-gateway-key': 'gateway-Secret-5150' },
      selection: { include: ['path:/categories*'] },
      maxWrites: 20,
    });
    expect(target.seen.length).toBe(result.requests);
    expect(target.seen.every((headers) => headers['x-gateway-key'] === 'gateway-Secret-5150')).toBe(true);
    expect(consoleReport(result, 'x') + jsonReport(result)).not.toContain('gateway-Secret-5150');
  });
});

describe('filters and shards', () => {
  it('--include and --exclude by tag, method, path and operationId; the rest is listed as skipped', async () => {
    const target = await recordingTarget();
    const result = await run(target.baseUrl, {
      selection: { include: ['path:/categories*'], exclude: ['method:POST'] },
    });
    const create = result.operations.find((o) => o.id === 'createCategory')!;
    expect(create.skipped).toBe('excluded by --exclude method:POST');
    expect(create.requests).toBe(0);
    expect(target.seen.length).toBe(result.requests);
  });
});

describe('--rate-limit', () => {
  it('spaces requests over the whole run', async () => {
    const target = await recordingTarget();
    const started = performance.now();
    const result = await run(target.baseUrl, { rateLimit: 40 });
    const seconds = (performance.now() - started) / 1000;
    // N requests at 40 per second take at least (N - 1) / 40 seconds, however fast the target.
    expect(result.requests).toBeGreaterThan(10);
    expect(seconds).toBeGreaterThanOrEqual((result.requests - 1) / 40 - 0.01);
  });
});

describe('--har', () => {
  it('writes HAR 1.2 that a validator accepts, one entry per request, with no secret inside', async () => {
    const target = await recordingTarget();
    const file = join(folder, 'run.har');
    const cli = fileURLToPath(new URL('../dist/conformance/cli.js', import.meta.url));
    const args = ['--base-url', target.baseUrl, '--seed', '5', '--runs', '3', '--har', file, '--quiet'];
    const child = spawn(process.execPath, [cli, ...args, '--header', 'X-Gateway-Key: gateway-Secret-5150'], {
      env: { ...process.env, CONFORMANCE_API_KEY: KEY },
    });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    const text = readFileSync(file, 'utf8');
    const har = JSON.parse(text);
    await expect(harValidator.har(har)).resolves.toBeTruthy();
    expect(har.log.entries.length).toBe(target.seen.length);
    expect(har.log.entries.some((entry: { request: { postData?: unknown } }) => entry.request.postData)).toBe(true);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('gateway-Secret-5150');
    expect(text).toContain('[REDACTED]');
  });
});
