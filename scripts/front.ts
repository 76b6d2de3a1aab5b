// A faulty front for tests: the mock behind a small server that may rewrite what passes, so one
// planted fault can be put into any document's correct service.
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { type RunOptions, runConformance } from '../conformance/index.js';
import { createMockApp } from '../mock/index.js';
import type { Contract } from '../spec/index.js';

export interface Rewrites {
  /** The request body the mock gets, from the one the client sent (JSON bodies of writes). */
  readonly request?: (body: Record<string, unknown>, method: string) => Record<string, unknown>;
  /** The answer body the client gets, from the one the mock sent and the client's request body. */
  readonly response?: (
    answer: unknown,
    sent: Record<string, unknown> | undefined,
    method: string,
    url: string,
  ) => unknown;
  /** Compress every non-empty answer so, asked or not (Content-Encoding: gzip, br or deflate). */
  readonly encoding?: 'gzip' | 'br' | 'deflate';
  /** A front server's limit: a longer URL is answered 414 in HTML, as nginx answers it. */
  readonly urlLimit?: number;
  /** A front server's body limit (Express's 100kb, nginx's client_max_body_size): a larger body is
   * answered 413 in HTML. */
  readonly bodyLimit?: number;
  /** Requests the front answers 400 itself (in the Error shape), before the mock sees them. */
  readonly refuse?: (method: string, url: string, body: unknown, bytes: number) => boolean;
  /** The status of those refusals, where not 400 (FastAPI's 422). */
  readonly refuseStatus?: number;
}

const ENCODERS = { gzip: gzipSync, br: brotliCompressSync, deflate: deflateSync } as const;

export async function startFront(app: RequestListener, basePath: string, rewrites: Rewrites) {
  const mock = createServer(app);
  await new Promise<void>((resolve) => mock.listen(0, '127.0.0.1', resolve));
  const upstream = `http://127.0.0.1:${(mock.address() as AddressInfo).port}`;
  const front = createServer(async (req, res) => {
    if (rewrites.urlLimit !== undefined && (req.url ?? '').length > rewrites.urlLimit) {
      res.writeHead(414, { 'Content-Type': 'text/html' });
      res.end('<html><body><h1>414 Request-URI Too Large</h1></body></html>');
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body = Buffer.concat(chunks).toString('utf8');
    if (rewrites.bodyLimit !== undefined && Buffer.byteLength(body) > rewrites.bodyLimit) {
      res.writeHead(413, { 'Content-Type': 'text/html' });
      res.end('<html><body><h1>413 Request Entity Too Large</h1></body></html>');
      return;
    }
    let sent: Record<string, unknown> | undefined;
    try {
      sent = req.method === 'GET' || body === '' ? undefined : JSON.parse(body);
      if (sent && rewrites.request) body = JSON.stringify(rewrites.request(sent, req.method ?? 'GET'));
    } catch {}
    if (rewrites.refuse?.(req.method ?? 'GET', decodeURIComponent(req.url ?? '/'), sent, Buffer.byteLength(body))) {
      const status = rewrites.refuseStatus ?? 400;
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 'invalid_input', message: 'Refused by the front.', status }));
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name)),
    ) as Record<string, string>;
    const answer = await fetch(`${upstream}${req.url}`, {
      method: req.method,
      headers,
      ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body }),
    });
    let text = Buffer.from(await answer.arrayBuffer()).toString('utf8');
    if (rewrites.response && text !== '') {
      try {
        text = JSON.stringify(rewrites.response(JSON.parse(text), sent, req.method ?? 'GET', req.url ?? '/'));
      } catch {}
    }
    const answerHeaders = Object.fromEntries(answer.headers);
    delete answerHeaders['content-length'];
    if (rewrites.encoding && text !== '') {
      answerHeaders['content-encoding'] = rewrites.encoding;
      res.writeHead(answer.status, answerHeaders);
      res.end(ENCODERS[rewrites.encoding](Buffer.from(text)));
      return;
    }
    res.writeHead(answer.status, answerHeaders);
    res.end(text);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(front.address() as AddressInfo).port}${basePath}`,
    close: () => {
      front.closeAllConnections();
      mock.closeAllConnections();
      front.close();
      mock.close();
    },
  };
}

/** The runner against the mock behind a front with `rewrites`, for one seed; `through` may put
 * another server between (given the front's base URL, it gives its own). */
export async function runBehindFront(options: {
  readonly contract: Contract;
  readonly key: string;
  readonly rewrites: Rewrites;
  readonly seed: number;
  readonly onExchange?: RunOptions['onExchange'];
  readonly through?: (baseUrl: string) => Promise<{ baseUrl: string; close: () => void }>;
}) {
  const { contract, key, rewrites, seed, onExchange, through } = options;
  const front = await startFront(createMockApp({ contract, apiKeys: [key] }), contract.basePath, rewrites);
  const between = through ? await through(front.baseUrl) : undefined;
  try {
    return await runConformance({
      target: { baseUrl: between?.baseUrl ?? front.baseUrl },
      contract,
      apiKey: key,
      seed,
      ...(onExchange ? { onExchange } : {}),
    });
  } finally {
    between?.close();
    front.close();
  }
}
