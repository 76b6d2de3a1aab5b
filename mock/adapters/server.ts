// Starts the mock on a real port and stops it gracefully.
import { createServer, type RequestListener, type Server, STATUS_CODES } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { isMetaPath } from '../core/chain.js';
import { MockHttpError, sendError } from '../core/errors.js';
import type { JournalEntry } from '../journal/journal.js';
import type { MockCore } from '../pipeline/core.js';
import { createMockService, infoOf, type MockInfo, type MockOptions } from './service.js';

export interface RunningMock {
  /** What it serves (operations, seed, store, journal), for banners and embedders. */
  readonly info: MockInfo;
  readonly server: Server;
  /** e.g. http://127.0.0.1:4010 */
  readonly origin: string;
  /** origin plus the document's base path, e.g. http://127.0.0.1:4010/v1 */
  readonly baseUrl: string;
  /** The request journal of one session (default: requests without X-Mock-Session), oldest first. */
  requests(session?: string): JournalEntry[];
  /**
   * Serves a new document (or seed) from the next request on, without a restart: the sessions
   * keep their data for the collections that still exist, unless `keepData` is false.
   */
  reload(changes: Partial<MockOptions>, keepData?: boolean): void;
  close(): Promise<void>;
}

/** The most collections a document may have for its seeds to be drawn before anyone asks; a larger
 * description keeps drawing each on its first use. */
const SEEDS_DRAWN_AHEAD = 12;

/** Seeds drawn one collection per turn of the event loop once the server listens, so the first
 * request finds its collection made (the tracker's first list: 60-75 ms after listening, then
 * 15-20), and a request arriving meanwhile waits at most one collection's draw. */
function drawSeedsWhileIdle(core: MockCore): void {
  const all = [...core.store.collections(undefined).values()];
  // A larger description draws each on first use: drawing ahead held its first answer up (a
  // 700-operation description's first answer 0.8 s later, its validators compiled for collections
  // nobody had asked for yet).
  if (all.length > SEEDS_DRAWN_AHEAD) return;
  const waiting = all;
  const drawNext = () => {
    const collection = waiting.shift();
    if (!collection) return;
    void collection.size;
    setImmediate(drawNext);
  };
  setImmediate(drawNext);
}

/**
 * The running server's request listener. Requests under the base path go straight to the core's
 * steps. Everything else (the document, /__mock/*) goes through the Express app, loaded and built
 * on the first such request: Express is not on the start-up path.
 */
export function mockListener(core: MockCore): RequestListener {
  const prefix = `${core.contract.basePath}/`;
  const isApi = (url: string): boolean => url.startsWith(prefix) && !isMetaPath(url);
  let app: Promise<RequestListener> | undefined;
  const express = (): Promise<RequestListener> =>
    (app ??= import('./app.js').then(({ expressAround }) => expressAround(core) as unknown as RequestListener));
  return (req, res) => {
    if (isApi(req.url ?? '')) return core.handle(req, res);
    express().then(
      (listener) => listener(req, res),
      () => sendError(res, new MockHttpError(500, 'internal_error', 'The mock could not load its own endpoints.')),
    );
  };
}

export async function startMockServer(options: MockOptions & { port?: number; host?: string }): Promise<RunningMock> {
  let current = options;
  let core = createMockService(current);
  let listener = mockListener(core);
  // Headers up to 64 KiB (Node's default is 16): long URLs a document allows (generated path and
  // query values) reach the steps and get the document's own answer, not the parser's 431.
  const server = createServer({ maxHeaderSize: 64 * 1024 }, (req, res) => listener(req, res));
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) =>
    answerClientError(error, socket, core.shapeUnrouted),
  );
  // Bounded waits, so a slow or stuck client cannot hold a socket forever.
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  server.keepAliveTimeout = 5_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  drawSeedsWhileIdle(core);
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const origin = `http://${shownHost}:${address.port}`;
  return {
    get info() {
      return infoOf(core);
    },
    server,
    origin,
    get baseUrl() {
      return `${origin}${core.contract.basePath}`;
    },
    requests: (session?: string) => core.requests(session),
    reload(changes: Partial<MockOptions>, keepData = true) {
      current = { ...current, ...changes };
      const next = createMockService(current);
      if (keepData) next.store.adopt(core.store);
      core = next;
      listener = mockListener(next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 2_000).unref();
      }),
  };
}

/**
 * Requests Node's parser refuses (oversized headers, malformed HTTP, an unknown method) never reach
 * the app; they still get the contract's Error shape instead of Node's bare default answer.
 */
function answerClientError(
  error: NodeJS.ErrnoException,
  socket: Duplex,
  shape: (error: MockHttpError) => MockHttpError,
): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'header_too_large', 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request was not received in time.']
        : [400, 'bad_request', 'The request is not valid HTTP.'];
  // In the document's error shape and media type, as every other refusal.
  const shaped = shape(new MockHttpError(status, code, message));
  const body = shaped.body();
  const type = shaped.contentType ?? 'application/json; charset=utf-8';
  socket.end(
    `HTTP/1.1 ${shaped.status} ${STATUS_CODES[shaped.status]}\r\nContent-Type: ${type}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
