// 64-bit integers to the digit: the mock stores and answers them exactly, the runner sends one no
// double can hold and catches a service that reads JSON numbers as doubles.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { createMockApp } from '../mock/index.js';
import { loadContract } from '../spec/index.js';
import { startFront } from './front.js';

const ledger = await loadContract(fileURLToPath(new URL('../fixtures/documents/ledger-openapi.yaml', import.meta.url)));
const KEY = 'ledger-Key-4711';
const auth = { Authorization: `Bearer ${KEY}` };

describe('int64 values past 2^53', () => {
  it('are stored and answered by the mock to the digit', async () => {
    const app = request(createMockApp({ contract: ledger, apiKeys: [KEY], seed: null }));
    const sent =
      '{"name":"a","creditLimit":9223372036854775807,"balanceCents":-9007199254740993,"externalId":12345678901234567}';
    const created = await app.post('/api/accounts').set(auth).set('Content-Type', 'application/json').send(sent);
    expect(created.status).toBe(201);
    for (const text of [created.text, (await app.get('/api/accounts').set(auth)).text]) {
      expect(text).toContain('"creditLimit":9223372036854775807');
      expect(text).toContain('"balanceCents":-9007199254740993');
      expect(text).toContain('"externalId":12345678901234567');
    }
    const read = await app.get(`/api/accounts/${created.body.id}`).set(auth);
    expect(read.text).toContain('"balanceCents":-9007199254740993');
  });

  it('catches a service that rounds them, and passes the mock', async () => {
    const run = (target: { app: ReturnType<typeof createMockApp> } | { baseUrl: string }) =>
      runConformance({ target, contract: ledger, apiKey: KEY, seed: 4, runs: 5 });
    const correct = await run({ app: createMockApp({ contract: ledger, apiKeys: [KEY] }) });
    expect(correct.violations).toEqual([]);
    // The planted fault: the request passes through JSON.parse and JSON.stringify on its way in.
    const rounding = await startFront(createMockApp({ contract: ledger, apiKeys: [KEY] }), ledger.basePath, {
      request: (body) => body,
    });
    try {
      const result = await run({ baseUrl: rounding.baseUrl });
      expect(result.exitCode).toBe(1);
      const echoed = result.violations.find((v) => v.check === 'created_data_echoed');
      expect(JSON.stringify(echoed)).toContain('9007199254740993');
      expect(JSON.stringify(echoed)).toContain('9007199254740992');
    } finally {
      rounding.close();
    }
  });
});

describe('int64 bounds in bodies, to the digit', () => {
  it.each([
    ['creditLimit', '9223372036854775808', 'must be <= 9223372036854775807'],
    ['balanceCents', '-9223372036854775809', 'must be >= -9223372036854775808'],
    ['externalId', '9223372036854775808', 'must be an int64'],
  ])('the mock refuses %s one past its bound (%s) and says the bound exactly', async (member, past, says) => {
    const app = request(createMockApp({ contract: ledger, apiKeys: [KEY], seed: null }));
    const send = (value: string) =>
      app
        .post('/api/accounts')
        .set(auth)
        .set('Content-Type', 'application/json')
        .send(`{"name":"a",${member === 'creditLimit' ? '' : '"creditLimit":1,'}"${member}":${value}}`);
    const refused = await send(past);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(`/${member} ${says}`);
    expect(refused.text).not.toContain('9223372036854776000');
    const atBound = past.startsWith('-') ? '-9223372036854775808' : '9223372036854775807';
    expect((await send(atBound)).status).toBe(201);
    expect((await app.get('/api/accounts').set(auth)).text).not.toContain(past);
  });
});

describe('int64 bounds in answers, to the digit', () => {
  it('the runner fails an answer one past the largest int64, which a double cannot tell from it', async () => {
    const body = (limit: string) => `[{"id":1,"name":"a","creditLimit":${limit}}]`;
    let limit = '9223372036854775808';
    const server = createServer((req, res) => {
      const authorised = req.headers.authorization === `Bearer ${KEY}`;
      res.writeHead(authorised ? 200 : 401, { 'content-type': 'application/json' });
      res.end(authorised ? body(limit) : '{"code":"unauthorized","message":"no","status":401}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    const run = () =>
      runConformance({
        target: { baseUrl },
        contract: ledger,
        apiKey: KEY,
        seed: 1,
        runs: 2,
        readOnly: true,
        checks: ['response_schema_conformance'],
      });
    try {
      const past = (await run()).violations.filter((v) => v.operation === 'listAccounts');
      expect(JSON.stringify(past)).toContain('/0/creditLimit must be <= 9223372036854775807');
      limit = '9223372036854775807';
      const atBound = (await run()).violations.filter((v) => v.operation === 'listAccounts');
      expect(JSON.stringify(atBound)).not.toContain('creditLimit');
    } finally {
      server.close();
    }
  });
});

describe('int64 bounds in parameters, to the digit', () => {
  it('the mock refuses one past the largest int64 in a path, and says the bound exactly', async () => {
    const app = request(createMockApp({ contract: ledger, apiKeys: [KEY], seed: null }));
    const past = await app.get('/api/accounts/9223372036854775808').set(auth);
    expect(past.status).toBe(400);
    expect(past.text).toContain('9223372036854775807');
    expect(past.text).not.toContain('9223372036854776000');
    expect((await app.get('/api/accounts/9223372036854775807').set(auth)).status).toBe(404);
  });

  it('the runner never sends a path id past the largest int64 as valid input', async () => {
    const app = createMockApp({ contract: ledger, apiKeys: [KEY] });
    const sent: { id: bigint; status: number }[] = [];
    const result = await runConformance({
      target: { app },
      contract: ledger,
      apiKey: KEY,
      seed: 1,
      runs: 10,
      onExchange: (exchange) => {
        const id = /\/accounts\/(-?\d{16,})(?:$|[/?])/.exec(exchange.request.url)?.[1];
        if (id && exchange.ok) sent.push({ id: BigInt(id), status: exchange.response.status });
      },
    });
    expect(result.violations).toEqual([]);
    const accepted = sent.filter(({ status }) => status !== 400);
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.every(({ id }) => id <= 2n ** 63n - 1n)).toBe(true);
  });
});
