// The request journal through the public surface: /__mock/requests over HTTP, and running.requests().
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument, loadContract } from '../spec/index.js';
import { createMockApp, startMockServer } from './index.js';

const contract = await loadContract();
const KEY = 'journal-Key-31';
const auth = { authorization: `Bearer ${KEY}` };

describe('the request journal', () => {
  it('lists what was sent, oldest first, with credentials redacted', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    await request(app).get('/v1/categories?x=1&x=2').set(auth);
    await request(app).post('/v1/categories').set(auth).send({ name: 'Ferret', description: 'Mustelids.' });
    await request(app).post('/v1/categories').send({ name: 'NoKey' });
    const journal = await request(app).get('/__mock/requests').set(auth);
    expect(journal.status).toBe(200);
    expect(journal.body.map((e: { method: string; status: number }) => `${e.method} ${e.status}`)).toEqual([
      'GET 200',
      'POST 201',
      'POST 401',
    ]);
    const [list, created] = journal.body;
    expect(list).toMatchObject({ path: '/v1/categories', query: { x: ['1', '2'] } });
    expect(created.body).toEqual({ name: 'Ferret', description: 'Mustelids.' });
    expect(created.headers.authorization).toBe('Bearer [REDACTED]');
    expect(typeof created.durationMs).toBe('number');
    expect(JSON.stringify(journal.body)).not.toContain(KEY);
  });

  it('keeps a large body cut short, saying how long it was, so a thousand of them stay small', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY], bodyLimitBytes: 1024 * 1024 });
    const description = 'd'.repeat(300_000);
    const created = await request(app).post('/v1/categories').set(auth).send({ name: 'Long', description });
    expect(created.status).toBe(201);
    const [entry] = (await request(app).get('/__mock/requests').set(auth)).body as Array<{ body: unknown }>;
    const size = Buffer.byteLength(JSON.stringify({ name: 'Long', description }));
    expect(typeof entry!.body).toBe('string');
    expect(entry!.body).toMatch(
      new RegExp(`^\\{"name":"Long","description":"d+… \\(${size} bytes; the journal keeps the first 16384\\)$`),
    );
    expect((entry!.body as string).length).toBeLessThan(17_000);
  });

  it('keeps one journal per session, clears on DELETE, and needs a key', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    await request(app).get('/v1/categories').set(auth).set('X-Mock-Session', 'a');
    await request(app).get('/v1/categories').set(auth).set('X-Mock-Session', 'b');
    await request(app).get('/v1/categories').set(auth).set('X-Mock-Session', 'b');
    expect((await request(app).get('/__mock/requests?session=a').set(auth)).body).toHaveLength(1);
    expect((await request(app).get('/__mock/requests').set(auth).set('X-Mock-Session', 'b')).body).toHaveLength(2);
    expect((await request(app).get('/__mock/requests?session=a')).status).toBe(401);
    expect((await request(app).delete('/__mock/requests?session=b').set(auth)).status).toBe(200);
    expect((await request(app).get('/__mock/requests?session=b').set(auth)).body).toHaveLength(0);
    expect((await request(app).get('/__mock/requests?session=a').set(auth)).body).toHaveLength(1);
  });

  it('holds the last 1000 requests of a session', async () => {
    const running = await startMockServer({ contract, apiKeys: [KEY], port: 0 });
    try {
      for (let i = 0; i < 1005; i++) await fetch(`${running.baseUrl}/categories?i=${i}`, { headers: auth });
      const entries = running.requests();
      expect(entries).toHaveLength(1000);
      expect(entries[0]!.query).toEqual({ i: '5' });
      expect(entries.at(-1)!.query).toEqual({ i: '1004' });
    } finally {
      await running.close();
    }
  });

  it('redacts API keys sent in a header, the query or a cookie', async () => {
    const shop = await loadContract(fileURLToPath(new URL('../fixtures/documents/shop-openapi.yaml', import.meta.url)));
    const app = createMockApp({ contract: shop, apiKeys: [KEY] });
    await request(app).get('/api/owners?limit=5').set('X-Shop-Key', KEY).set('X-Request-Id', 'r1');
    const [entry] = (await request(app).get('/__mock/requests').set(auth)).body;
    expect(entry.headers['x-shop-key']).toBe('[REDACTED]');
    expect(JSON.stringify(entry)).not.toContain(KEY);
  });

  it('shows repeated headers as Node joins them, and redacts a key in any of them', async () => {
    const cookieKey = contractFromDocument({
      openapi: '3.0.3',
      info: { title: 'cookie key', version: '1' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
      security: [{ session: [] }],
      paths: { '/things': { get: { responses: { '200': { description: 'ok' } } } } },
    });
    const running = await startMockServer({ contract: cookieKey, apiKeys: [KEY], port: 0 });
    try {
      // Raw, as a client may send them: Cookie and X-Tag twice, in two casings.
      const { port } = new URL(running.baseUrl);
      const head = [
        'GET /things HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Cookie: theme=dark',
        `Cookie: sid=${KEY}`,
        'X-Tag: a',
        'x-tag: b',
        'Connection: close',
      ];
      const answer = await new Promise<string>((resolve, reject) => {
        let text = '';
        net
          .connect(Number(port), '127.0.0.1', function send(this: net.Socket) {
            this.end(`${head.join('\r\n')}\r\n\r\n`);
          })
          .on('data', (chunk) => {
            text += chunk;
          })
          .on('end', () => resolve(text))
          .on('error', reject);
      });
      const status = Number(answer.split(' ')[1]);
      expect(status).toBe(200);
      const [entry] = running.requests();
      expect(entry!.headers.cookie).toBe('theme=dark; sid=[REDACTED]');
      expect(entry!.headers['x-tag']).toBe('a, b');
      expect(JSON.stringify(entry)).not.toContain(KEY);
    } finally {
      await running.close();
    }
  });

  it('keeps nothing when turned off (--no-journal)', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY], journal: false });
    await request(app).get('/v1/categories').set(auth);
    expect((await request(app).get('/__mock/requests').set(auth)).body).toEqual([]);
  });
});
