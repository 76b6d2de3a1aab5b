// A kept-alive connection the service closes just as a request goes out on it (Node's reusedSocket
// race, common under load) costs nothing: the request goes once more on another connection. A
// connection reset with nothing reused is still the service's fault.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from './http.js';

const servers: Server[] = [];
afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done)))));

/** A server that drops every connection on its second request, unanswered; or every request. */
async function dropping(every: boolean): Promise<string> {
  const seen = new WeakMap<object, number>();
  const server = createServer((req, res) => {
    const count = (seen.get(req.socket) ?? 0) + 1;
    seen.set(req.socket, count);
    if (every || count > 1) return req.socket.destroy();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const client = () => new HttpClient({ timeoutMs: 2000, maxResponseBytes: 1 << 20, concurrency: 1 });

describe('stale kept-alive connections', () => {
  it('sends a request again once where the reused connection was closed under it', async () => {
    const url = await dropping(false);
    const http = client();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await http.send({ method: 'POST', url, headers: {}, body: '{}' }));
    expect(answers.map((answer) => answer.ok)).toEqual([true, true, true, true, true]);
  });

  it('reports a reset on a new connection', async () => {
    const url = await dropping(true);
    const answer = await client().send({ method: 'GET', url, headers: {} });
    expect(answer.ok).toBe(false);
    expect(answer.ok ? undefined : answer.fault.kind).toBe('reset');
  });
});
