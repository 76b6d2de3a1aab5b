// The validating proxy over real sockets: the mock in front of the reference server, correct and
// with planted faults, in lenient and strict mode, and in front of nothing at all.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { type Fault, startReferenceServer } from '../fixtures/reference-server.js';
import { loadContract } from '../spec/index.js';
import { type RunningMock, startMockServer } from './index.js';

const contract = await loadContract();
const KEY = 'upstream-Key-4242';
const MOCK_KEY = 'mock-Key-77';
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

async function proxyFor(fault?: Fault, strict = false): Promise<{ mock: RunningMock; upstreamRequests: () => number }> {
  const upstream = await startReferenceServer({ key: KEY, ...(fault ? { fault } : {}) });
  let count = 0;
  upstream.server.prependListener('request', () => count++);
  const mock = await startMockServer({ contract, apiKeys: [MOCK_KEY], proxy: upstream.baseUrl, proxyStrict: strict });
  closers.push(upstream.close, mock.close);
  return { mock, upstreamRequests: () => count };
}

const call = (mock: RunningMock, path: string, init: RequestInit = {}) =>
  fetch(`${mock.baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
const violations = async (mock: RunningMock) =>
  (await (
    await fetch(`${mock.origin}/__mock/violations`, { headers: { authorization: `Bearer ${MOCK_KEY}` } })
  ).json()) as Array<Record<string, unknown>>;

describe('in front of a correct upstream', () => {
  it('passes answers through unchanged, with X-Contract-Violations: 0, and records nothing', async () => {
    const { mock, upstreamRequests } = await proxyFor();
    const list = await call(mock, '/categories');
    expect(list.status).toBe(200);
    expect(list.headers.get('x-contract-violations')).toBe('0');
    expect(((await list.json()) as Array<{ name: string }>).map((c) => c.name)).toEqual(['Dog', 'Cat']);
    const created = await call(mock, '/categories', { method: 'POST', body: JSON.stringify({ name: 'Ferret' }) });
    expect(created.status).toBe(201);
    expect(created.headers.get('x-contract-violations')).toBe('0');
    const denied = await call(mock, '/categories', { headers: { authorization: 'Bearer wrong' } });
    expect(denied.status).toBe(401);
    expect(upstreamRequests()).toBe(3);
    expect(await violations(mock)).toEqual([]);
  });
});

describe('in front of a broken upstream, each violation is counted, logged and kept', () => {
  it.each([
    ['create-answers-200', 'status_code_conformance', 'POST', { name: 'Ferret' }],
    ['text-plain-content-type', 'content_type_conformance', 'GET', undefined],
    ['list-items-without-name', 'response_schema_conformance', 'GET', undefined],
  ] as const)('%s → %s', async (fault, check, method, body) => {
    const { mock } = await proxyFor(fault);
    const answer = await call(mock, '/categories', { method, ...(body ? { body: JSON.stringify(body) } : {}) });
    expect(Number(answer.headers.get('x-contract-violations'))).toBeGreaterThan(0);
    const found = await violations(mock);
    expect(found[0]).toMatchObject({ check, method, path: '/v1/categories', status: answer.status });
    expect(found[0]!.operation).toBe(method === 'GET' ? 'listCategories' : 'createCategory');
    expect(JSON.stringify(found)).not.toContain(KEY);
  });

  it('error-status-differs → error_status_matches_http_status', async () => {
    const { mock } = await proxyFor('error-status-differs');
    const answer = await call(mock, '/categories', { headers: { authorization: 'Bearer wrong' } });
    expect(answer.status).toBe(401);
    expect((await violations(mock)).map((v) => v.check)).toContain('error_status_matches_http_status');
  });

  it('an invalid request is recorded as request_conformance, and still forwarded', async () => {
    const { mock, upstreamRequests } = await proxyFor();
    const answer = await call(mock, '/categories', { method: 'POST', body: JSON.stringify({ name: 42 }) });
    expect(answer.status).toBe(400);
    expect(upstreamRequests()).toBe(1);
    expect((await violations(mock))[0]).toMatchObject({ check: 'request_conformance', operation: 'createCategory' });
    const cleared = await fetch(`${mock.origin}/__mock/violations`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${MOCK_KEY}` },
    });
    expect(cleared.status).toBe(200);
    expect(await violations(mock)).toEqual([]);
    expect((await fetch(`${mock.origin}/__mock/violations`)).status).toBe(401);
  });

  it.each([
    ['not JSON', '{"name":"Ferret",', /not valid JSON/],
    ['blank', '   ', /body is empty/],
  ])('a request body that is %s is recorded as request_conformance', async (_, body, message) => {
    const { mock, upstreamRequests } = await proxyFor();
    const answer = await call(mock, '/categories', { method: 'POST', body });
    expect(answer.status).toBe(400);
    expect(upstreamRequests()).toBe(1);
    const found = await violations(mock);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ check: 'request_conformance', operation: 'createCategory' });
    expect(String(found[0]!.message)).toMatch(message);
  });
});

describe('--proxy-strict', () => {
  it('replaces a violating answer by a 502 Error naming the check', async () => {
    const { mock } = await proxyFor('list-items-without-name', true);
    const answer = await call(mock, '/categories');
    expect(answer.status).toBe(502);
    const body = (await answer.json()) as { message: string };
    expect(body).toMatchObject({ code: 'contract_violation', status: 502 });
    expect(body.message).toMatch(/response_schema_conformance/);
  });

  it('answers an invalid request with the mock own 400, without reaching the upstream', async () => {
    const { mock, upstreamRequests } = await proxyFor(undefined, true);
    const answer = await call(mock, '/categories', { method: 'POST', body: JSON.stringify({}) });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ status: 400 });
    expect(upstreamRequests()).toBe(0);
  });
});

describe('an unreachable upstream', () => {
  it('is a 502 Error upstream_unreachable', async () => {
    const mock = await startMockServer({ contract, proxy: 'http://127.0.0.1:9/v1' });
    closers.push(mock.close);
    const answer = await call(mock, '/categories');
    expect(answer.status).toBe(502);
    expect(await answer.json()).toMatchObject({ code: 'upstream_unreachable', status: 502 });
  });
});

describe('bounded work per answer', () => {
  /** An upstream that answers every GET with the same body. */
  async function upstreamAnswering(body: Buffer): Promise<string> {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  }

  it('judges a large wrong answer by its first problem, not one violation per item', async () => {
    const numbers = Buffer.from(JSON.stringify(Array.from({ length: 300_000 }, (_, i) => i)));
    const mock = await startMockServer({ contract, apiKeys: [MOCK_KEY], proxy: await upstreamAnswering(numbers) });
    closers.push(mock.close);
    const answer = await call(mock, '/categories');
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer()).equals(numbers)).toBe(true);
    expect(answer.headers.get('x-contract-violations')).toBe('1');
    expect(await violations(mock)).toMatchObject([{ check: 'response_schema_conformance', pointer: '/0' }]);
  });

  it('streams an answer past the judge limit through unchanged, with answer_not_judged', async () => {
    const items = Array.from({ length: 5000 }, (_, i) => ({ id: i + 1, name: `Category ${i}` }));
    const body = Buffer.from(JSON.stringify(items));
    const proxy = await upstreamAnswering(body);
    const mock = await startMockServer({ contract, apiKeys: [MOCK_KEY], proxy, proxyJudgeLimitBytes: 4096 });
    closers.push(mock.close);
    const answer = await call(mock, '/categories');
    expect(Buffer.from(await answer.arrayBuffer()).equals(body)).toBe(true);
    expect(answer.headers.get('x-contract-violations')).toBe('1');
    expect(await violations(mock)).toMatchObject([{ check: 'answer_not_judged', operation: 'listCategories' }]);
  });
});
