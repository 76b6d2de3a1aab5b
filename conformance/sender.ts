// Sends cases to the target: the bounded client, the write budget, the first-request gate, waits
// for 429s, and the target's health (unreachable at the first request, or stopped answering).
import { encodeBody } from './encode-body.js';
import { type Exchange, HttpClient, type HttpRequest } from './http.js';
import type { TestCase } from './model.js';

export interface SenderOptions {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly concurrency: number;
  readonly maxWrites: number;
  /** Called for every exchange that happened (not for cases left unsent). */
  readonly onSent: (testCase: TestCase, exchange: Exchange) => void;
  readonly onProgress: (message: string) => void;
}

/** Transport faults after which the target is deemed down and the run stops sending. */
const FAULTS_BEFORE_ABORT = 3;
const RATE_LIMIT_RETRIES = 3;
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** At most `size` tasks at once, in order of arrival. */
function limiter(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** Text inside a double-quoted shell word, where only $ ` " \\ are special. */
function doubleQuoted(text: string): string {
  return text.replace(/[$`"\\]/g, '\\$&');
}

export function buildRequest(baseUrl: string, testCase: TestCase): HttpRequest {
  // Literal parts are encoded where a URL cannot carry them raw (#, ?, spaces); values always.
  const params = testCase.pathParams ?? {};
  const path = testCase.operation.path
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (name !== undefined) return encodeURIComponent(params[name] ?? part);
      return encodeURI(part).replace(/#/g, '%23').replace(/\?/g, '%3F');
    })
    .join('');
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'pet-catalog-conformance' };
  const shellHeaders: Record<string, string> = {};
  const query: string[] = [];
  const shellQuery: string[] = [];
  const cookies: string[] = [];
  const shellCookies: string[] = [];
  const placed = [
    ...(testCase.parameters ?? []).map((p) => ({ ...p, shell: undefined as string | undefined })),
    ...testCase.auth.credentials,
  ];
  for (const item of placed) {
    if (item.in === 'query') {
      const field = `${encodeURIComponent(item.name)}=${encodeURIComponent(item.value)}`;
      query.push(field);
      shellQuery.push(
        item.shell === undefined ? doubleQuoted(field) : `${encodeURIComponent(item.name)}=${item.shell}`,
      );
    } else if (item.in === 'cookie') {
      cookies.push(`${item.name}=${encodeURIComponent(item.value)}`);
      shellCookies.push(`${item.name}=${item.shell ?? doubleQuoted(encodeURIComponent(item.value))}`);
    } else {
      headers[item.name.toLowerCase()] = item.value;
      if (item.shell !== undefined) shellHeaders[item.name.toLowerCase()] = item.shell;
    }
  }
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  if (shellCookies.length > 0 && placed.some((p) => p.in === 'cookie' && p.shell !== undefined)) {
    shellHeaders.cookie = shellCookies.join('; ');
  }
  let body: string | undefined;
  if (testCase.payload) {
    const encoded = encodeBody(testCase.payload, testCase.mediaType ?? 'application/json');
    headers['content-type'] = encoded.contentType;
    body = encoded.body;
  }
  const url = `${baseUrl}${path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  const shellUrl = `"${doubleQuoted(`${baseUrl}${path}`)}${shellQuery.length > 0 ? `?${shellQuery.join('&')}` : ''}"`;
  return {
    method: testCase.operation.method,
    url,
    headers,
    ...(body !== undefined ? { body } : {}),
    shell: { url: shellUrl, headers: shellHeaders },
  };
}

export class Sender {
  private readonly client: HttpClient;
  private readonly limit: <T>(task: () => Promise<T>) => Promise<T>;
  private firstExchange: Promise<void> | undefined;
  private faults = 0;
  requests = 0;
  writes = 0;
  /** Why the run stopped sending, if it did. */
  aborted: string | undefined;
  /** Set when the very first request found nothing listening. */
  unreachable: string | undefined;

  constructor(private readonly options: SenderOptions) {
    this.client = new HttpClient(options);
    this.limit = limiter(options.concurrency);
  }

  get stopped(): boolean {
    return this.aborted !== undefined || this.unreachable !== undefined;
  }

  /** Sends one case, within the write budget; undefined when it was not sent. */
  async send(testCase: TestCase): Promise<Exchange | undefined> {
    if (this.stopped) return undefined;
    const isWrite = !SAFE_METHODS.has(testCase.operation.method);
    if (isWrite && this.writes >= this.options.maxWrites) return undefined;
    if (isWrite) this.writes++;
    // The very first request runs alone: if the target is unreachable, nothing else is sent.
    const first = this.firstExchange;
    let release: (() => void) | undefined;
    if (!first) this.firstExchange = new Promise<void>((resolve) => (release = resolve));
    else await first;
    if (this.unreachable) return undefined;
    // Checked again once a slot is free: the target may have been given up on while this waited.
    const exchange = await this.limit(() =>
      this.sendWithRateLimitRetries(buildRequest(this.options.baseUrl, testCase)),
    );
    if (!exchange) {
      release?.();
      return undefined;
    }
    this.requests++;
    this.observeHealth(exchange, release !== undefined);
    this.options.onSent(testCase, exchange);
    release?.();
    return exchange;
  }

  private observeHealth(exchange: Exchange, isFirst: boolean): void {
    if (exchange.ok) return;
    if (isFirst && (exchange.fault.kind === 'refused' || exchange.fault.kind === 'not-found')) {
      this.unreachable = `target unreachable: ${exchange.fault.message} at ${this.options.baseUrl}`;
    } else if (++this.faults >= FAULTS_BEFORE_ABORT && !this.aborted) {
      this.aborted = `stopped after ${this.faults} transport failures (last: ${exchange.fault.message})`;
      this.options.onProgress(this.aborted);
    }
  }

  /** Rate limits are not specified, so a 429 is waited out (Retry-After, at most 2 s) a few times. */
  private async sendWithRateLimitRetries(request: HttpRequest): Promise<Exchange | undefined> {
    for (let attempt = 0; ; attempt++) {
      if (this.aborted) return undefined;
      const exchange = await this.client.send(request);
      if (!exchange.ok || exchange.response.status !== 429 || attempt >= RATE_LIMIT_RETRIES) return exchange;
      const retryAfter = Number(exchange.response.headers['retry-after']);
      const waitMs = Number.isFinite(retryAfter) ? Math.min(retryAfter * 1000, 2_000) : 500;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }

  close(): void {
    this.client.close();
  }
}
