// Bad input thrown at the mock, in-process (through Express) and over real HTTP (the server's direct
// path and Node's parser): every case gets a 4xx in the contract's Error shape, nothing crashes,
// the store is unchanged afterwards and Object.prototype is untouched.
import { connect } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../spec/index.js';
import { createMockApp } from './adapters/app.js';
import { type RunningMock, startMockServer } from './adapters/server.js';

const contract = await loadContract();
const errorValidator = contract.operations
  .find((op) => op.id === 'createCategory')!
  .responses.find((r) => r.status === '400')!.content[0]!.validator!;
const AUTH = 'Bearer dev-key';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes bytes to a socket as they are and reads the whole answer: no client-side cleaning. */
function raw(port: number, data: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.end(data);
  });
}

function httpRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | Buffer = '',
): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const lines = [
    `${method} ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  if (method !== 'GET' || bytes.length > 0) lines.push(`Content-Length: ${bytes.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), bytes]);
}

function expectErrorShape(status: number, body: string): void {
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
  const parsed = JSON.parse(body) as { status: number; message: string };
  expect(errorValidator.validate(parsed)).toEqual([]);
  expect(parsed.status).toBe(status);
  expect(parsed.message).not.toMatch(/\n\s+at /); // no stack trace
}

const json = { Authorization: AUTH, 'Content-Type': 'application/json' };
const deep = (depth: number) => `{"name":"deep","nested":${'['.repeat(depth)}${']'.repeat(depth)}}`;

/** Bodies for POST /v1/categories that must all be refused. */
const BAD_BODIES: Array<[string, Record<string, string>, string | Buffer]> = [
  ['truncated JSON', json, '{"name": "Do'],
  ['a trailing comma', json, '{"name": "Dog",}'],
  ['single quotes', json, "{'name': 'Dog'}"],
  ['JSON with a comment', json, '{"name": "Dog" /* c */}'],
  ['two JSON values', json, '{"name":"a"}{"name":"b"}'],
  ['NaN', json, '{"name": NaN}'],
  ['a number for name', json, '{"name": 1}'],
  ['a boolean for name', json, '{"name": true}'],
  ['an object for name', json, '{"name": {}}'],
  ['an array for name', json, '{"name": ["Dog"]}'],
  ['null for name', json, '{"name": null}'],
  ['a number for description', json, '{"name": "a", "description": 2}'],
  ['null for description', json, '{"name": "a", "description": null}'],
  ['an array body', json, '[{"name":"Dog"}]'],
  ['a string body', json, '"Dog"'],
  ['a number body', json, '42'],
  ['a null body', json, 'null'],
  ['an empty body', json, ''],
  ['whitespace', json, ' \r\n\t '],
  ['a deeply nested name', json, `{"name":${'['.repeat(20_000)}${']'.repeat(20_000)}}`],
  ['__proto__ without a name', json, '{"__proto__": {"name": "Dog"}}'],
  ['constructor.prototype without a name', json, '{"constructor": {"prototype": {"name": "x"}}}'],
  ['invalid UTF-8', json, Buffer.from([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d])],
  ['a UTF-16 body', json, Buffer.from('{"name":"Dog"}', 'utf16le')],
  ['no Content-Type', { Authorization: AUTH }, '{"name":"Dog"}'],
  ['text/plain', { Authorization: AUTH, 'Content-Type': 'text/plain' }, '{"name":"Dog"}'],
  ['form encoding', { Authorization: AUTH, 'Content-Type': 'application/x-www-form-urlencoded' }, 'name=Dog'],
  [
    'multipart',
    { Authorization: AUTH, 'Content-Type': 'multipart/form-data; boundary=x' },
    '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nDog\r\n--x--',
  ],
  ['a garbage Content-Type', { Authorization: AUTH, 'Content-Type': ';;;' }, '{"name":"Dog"}'],
  [
    'a non-UTF-8 charset',
    { Authorization: AUTH, 'Content-Type': 'application/json; charset=iso-8859-1' },
    '{"name":"Dog"}',
  ],
];

describe.each([
  ['in-process (Express)', 'express'],
  ['over real HTTP (direct path)', 'http'],
] as const)('%s', (_label, mode) => {
  let mock: RunningMock | undefined;
  let app: ReturnType<typeof createMockApp>;
  let listBefore: string;

  const post = async (
    headers: Record<string, string>,
    body: string | Buffer,
  ): Promise<{ status: number; body: string }> => {
    if (mode === 'http') {
      const res = await raw(
        (mock!.server.address() as { port: number }).port,
        httpRequest('POST', '/v1/categories', headers, body),
      );
      return { status: res.status, body: res.body };
    }
    let pending = request(app).post('/v1/categories');
    for (const [name, value] of Object.entries(headers)) pending = pending.set(name, value);
    const res = await pending.serialize((data: unknown) => data as string).send(body as string);
    return { status: res.status, body: res.text };
  };

  const list = async (): Promise<string> => {
    if (mode === 'http')
      return (
        await raw(
          (mock!.server.address() as { port: number }).port,
          httpRequest('GET', '/v1/categories', { Authorization: AUTH }),
        )
      ).body;
    return (await request(app).get('/v1/categories').set('Authorization', AUTH)).text;
  };

  beforeAll(async () => {
    if (mode === 'http') {
      mock = await startMockServer({ contract });
      app = createMockApp({ contract });
    } else {
      app = createMockApp({ contract });
    }
    listBefore = await list();
  });

  afterAll(async () => {
    await mock?.close();
  });

  it.each(BAD_BODIES)('refuses %s with a 400 Error', async (_name, headers, body) => {
    const res = await post(headers, body);
    expect(res.status).toBe(400);
    expectErrorShape(res.status, res.body);
  });

  it('refuses a 20 MiB body', async () => {
    const res = await post(json, `{"name":"${'x'.repeat(20 * 1024 * 1024)}"}`);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).code).toBe('payload_too_large');
  });

  it('accepts deep nesting in a property it does not store, and stores only name', async () => {
    const res = await post(json, deep(20_000));
    expect(res.status).toBe(201);
    expect(Object.keys(JSON.parse(res.body)).sort()).toEqual(['id', 'name']);
    listBefore = await list();
  });

  it('refuses unknown methods and paths with an Error', async () => {
    if (mode === 'http') {
      const port = (mock!.server.address() as { port: number }).port;
      for (const [method, path] of [
        ['PUT', '/v1/categories'],
        ['PROPFIND', '/v1/categories'],
        ['GET', '/v1/../etc/passwd'],
        ['GET', '/v1/categories/1'],
        ['GET', '/v1/%E0%A4%A'],
      ]) {
        const res = await raw(port, httpRequest(method!, path!, { Authorization: AUTH }));
        expectErrorShape(res.status, res.body);
      }
    } else {
      for (const method of ['put', 'patch', 'delete'] as const) {
        const res = await request(app)[method]('/v1/categories').set('Authorization', AUTH);
        expectErrorShape(res.status, res.text);
      }
      const res = await request(app).get('/v1/nowhere').set('Authorization', AUTH);
      expectErrorShape(res.status, res.text);
    }
  });

  it('survives very long and repeated headers', async () => {
    if (mode === 'http') {
      const port = (mock!.server.address() as { port: number }).port;
      const huge = await raw(
        port,
        httpRequest('GET', '/v1/categories', { Authorization: AUTH, 'X-Big': 'x'.repeat(100_000) }),
      );
      expect(huge.status).toBe(431);
      expectErrorShape(huge.status, huge.body);
      const repeated = Buffer.from(
        `GET /v1/categories HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${'Authorization: Bearer nope\r\n'.repeat(50)}${'X-Mock-Session: a\r\n'.repeat(50)}\r\n`,
      );
      const answer = await raw(port, repeated);
      expect(answer.status).toBe(401);
      expectErrorShape(answer.status, answer.body);
      const garbage = await raw(port, Buffer.from('NOT HTTP AT ALL\r\n\r\n'));
      expect(garbage.status).toBe(400);
      expectErrorShape(garbage.status, garbage.body);
    } else {
      const res = await request(app)
        .get('/v1/categories')
        .set('Authorization', AUTH)
        .set('X-Mock-Session', 's'.repeat(8000))
        .set('Prefer', 'code=401,'.repeat(500));
      expect([200, 401]).toContain(res.status);
    }
  });

  it('leaves the store as it was and Object.prototype untouched', async () => {
    expect(await list()).toBe(listBefore);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(
      Object.getOwnPropertyNames(Object.getPrototypeOf({})).sort(),
    );
    expect(({} as Record<string, unknown>).name).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
