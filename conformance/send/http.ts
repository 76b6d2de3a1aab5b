// The runner's HTTP client: one bounded exchange per call. Every request has a deadline for the
// whole exchange and a cap on the response size; redirects are never followed.
import http from 'node:http';
import https from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Agents, type TransportOptions } from './agents.js';

export interface HttpRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** The same request for a shell: the URL and the credential headers with secrets as variables. */
  readonly shell?: { readonly url: string; readonly headers: Readonly<Record<string, string>> };
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
  readonly bytes: number;
}

/** A deadline that fires this much later than set means the process itself was busy. */
const STALL_MS = 25;

export type TransportFaultKind =
  | 'timeout'
  | 'reset'
  | 'refused'
  | 'not-found'
  | 'tls'
  | 'too-large'
  | 'protocol'
  | 'other';

export interface TransportFault {
  readonly kind: TransportFaultKind;
  readonly message: string;
}

export type Exchange =
  | { readonly ok: true; readonly request: HttpRequest; readonly response: HttpResponse; readonly ms: number }
  | { readonly ok: false; readonly request: HttpRequest; readonly fault: TransportFault; readonly ms: number };

export interface ClientOptions {
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly concurrency: number;
  readonly transport?: TransportOptions;
}

// Certificate problems: the target cannot be trusted, which is not a fault of its API.
const TLS_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
]);

function classify(error: NodeJS.ErrnoException): TransportFault {
  if (error.code && TLS_CODES.has(error.code)) {
    return { kind: 'tls', message: `the certificate could not be trusted (${error.code}: ${error.message})` };
  }
  // A TLS alert from the server: it refused the handshake (no or a wrong client certificate, say).
  if (error.code?.startsWith('ERR_SSL_')) {
    const reason = /(?:tlsv\d+ |sslv\d+ )?alert [a-z ]+/i.exec(error.message)?.[0] ?? error.message.split('\n')[0];
    return { kind: 'tls', message: `the TLS handshake failed (${error.code}: ${reason})` };
  }
  switch (error.code) {
    case 'ECONNREFUSED':
      return { kind: 'refused', message: 'connection refused' };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return { kind: 'not-found', message: 'host not found' };
    case 'ECONNRESET':
    case 'EPIPE':
      return { kind: 'reset', message: 'connection reset by the server' };
    case 'HPE_INVALID_CONSTANT':
    case 'HPE_INVALID_CHUNK_SIZE':
    case 'HPE_INVALID_HEADER_TOKEN':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return { kind: 'protocol', message: `malformed HTTP response (${error.code})` };
    default:
      return { kind: 'other', message: error.code ? `${error.code}: ${error.message}` : error.message };
  }
}

const DECODERS: Readonly<Record<string, (body: Buffer, options: { maxOutputLength: number }) => Buffer>> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};

/** The body's text under its Content-Encoding (several codings are undone last first); a coding
 * the body does not follow, or one past the size limit once decoded, is a transport fault. */
function decodeContent(
  body: Buffer,
  header: string | undefined,
  limit: number,
): { text: string } | { fault: TransportFault } {
  const codings = (header ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  let bytes = body;
  for (const coding of codings.reverse()) {
    const decode = DECODERS[coding];
    if (!decode || bytes.length === 0) continue;
    try {
      bytes = decode(bytes, { maxOutputLength: limit });
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE'
          ? 'larger than the limit once decoded'
          : 'not valid';
      return { fault: { kind: 'protocol', message: `Content-Encoding ${coding}, but the body is ${reason}` } };
    }
  }
  return { text: bytes.toString('utf8') };
}

/** How a kept-alive connection the service had closed fails a request written to it. */
const STALE_CONNECTION = new Set(['ECONNRESET', 'EPIPE']);

export class HttpClient {
  private readonly agents: Agents;

  constructor(private readonly options: ClientOptions) {
    this.agents = new Agents(options.concurrency, options.transport);
  }

  send(request: HttpRequest): Promise<Exchange> {
    return this.attempt(request, false);
  }

  private attempt(request: HttpRequest, again: boolean): Promise<Exchange> {
    const started = performance.now();
    const url = new URL(request.url);
    const transport = url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
    return new Promise<Exchange>((resolve) => {
      let settled = false;
      const finish = (outcome: { response: HttpResponse } | { fault: TransportFault }): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const ms = performance.now() - started;
        resolve(
          'response' in outcome
            ? { ok: true, request, response: outcome.response, ms }
            : { ok: false, request, fault: outcome.fault, ms },
        );
      };
      const req = transport.request(url, {
        method: request.method,
        headers,
        agent: this.agents.for(url),
        // The target's TLS settings, also through a proxy's tunnel.
        ...(url.protocol === 'https:' ? this.agents.tls : {}),
      });
      // A deadline that fires late because this process was busy (generating a large case, say)
      // gives the request back the time the process took from it, once: the target is not blamed
      // for our own stall.
      const timeOut = () => {
        finish({ fault: { kind: 'timeout', message: `no complete response within ${this.options.timeoutMs} ms` } });
        req.destroy();
      };
      let timer = setTimeout(() => {
        const late = performance.now() - started - this.options.timeoutMs;
        if (late > STALL_MS) timer = setTimeout(timeOut, Math.min(late, this.options.timeoutMs));
        else timeOut();
      }, this.options.timeoutMs);
      let answered = false;
      req.on('error', (error) => {
        // A kept-alive connection the service closed just as this request went out (Node's
        // `reusedSocket` race): nothing of it was answered, so it goes once more on another
        // connection, as browsers do; a reset on a new connection is the service's.
        const stale = STALE_CONNECTION.has((error as NodeJS.ErrnoException).code ?? '');
        if (!again && !answered && !settled && req.reusedSocket && stale) {
          settled = true;
          clearTimeout(timer);
          resolve(this.attempt(request, true));
          return;
        }
        finish({ fault: classify(error) });
      });
      req.on('response', (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > this.options.maxResponseBytes) {
            finish({
              fault: { kind: 'too-large', message: `response body larger than ${this.options.maxResponseBytes} bytes` },
            });
            req.destroy();
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', (error) => finish({ fault: classify(error) }));
        res.on('aborted', () => finish({ fault: { kind: 'reset', message: 'response aborted by the server' } }));
        res.on('close', () => {
          if (!res.complete)
            finish({ fault: { kind: 'reset', message: 'connection closed before the response was complete' } });
        });
        res.on('end', () => {
          // RFC 9110 lets a service compress an answer the client did not ask to have compressed:
          // the body is judged as decoded, as a browser or curl --compressed would read it.
          const decoded = decodeContent(
            Buffer.concat(chunks),
            res.headers['content-encoding'],
            this.options.maxResponseBytes,
          );
          if ('fault' in decoded) return finish(decoded);
          finish({ response: { status: res.statusCode ?? 0, headers: res.headers, text: decoded.text, bytes } });
        });
      });
      req.end(request.body);
    });
  }

  close(): void {
    this.agents.destroy();
  }
}
