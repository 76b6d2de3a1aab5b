// The request journal (WireMock's, for end-to-end suites): the last requests per session, oldest
// first, so a test can assert what a page sent. Entries keep the raw parts; words and redaction
// come when someone reads them, so the hot path only files a reference.

import type { Contract } from '../spec/core.js';
import { showUtf8 } from './bytes.js';
import type { MockHeaders, MockRequest, MockResponse } from './exchange.js';
import type { Next } from './pipeline.js';
import { pathOf, sessionOf } from './pipeline.js';

export const JOURNAL_SIZE = 1000;
const MAX_SESSIONS = 1000;
const DEFAULT_SESSION = '';

interface Filed {
  /** performance.now() when the request came. */
  readonly started: number;
  readonly method: string;
  readonly url: string;
  readonly headers: MockHeaders;
  readonly status: number;
  readonly ms: number;
  readonly body?: Uint8Array;
  /** The body's whole length, where only its first KEPT_BODY_BYTES were kept. */
  readonly bodySize?: number | undefined;
}

export interface JournalEntry {
  readonly at: string;
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string | string[]>;
  readonly headers: Record<string, string>;
  readonly body?: unknown;
  readonly status: number;
  readonly durationMs: number;
}

// The body the operation steps read, noted for the journal (the stream can be read only once).
// Kept as bytes on the request itself (a WeakMap's entries cost the collector more at this rate):
// decoded only when someone reads the journal.
const BODY = Symbol('journal body');
type WithBody = MockRequest & { [BODY]?: Uint8Array; [BODY_SIZE]?: number };
const BODY_SIZE = Symbol('journal body size');
/** Bodies past this many bytes are kept cut short: 1000 entries of a 1 MiB body would be 1 GB. */
export const KEPT_BODY_BYTES = 64 * 1024;
export function noteBody(req: MockRequest, raw: Uint8Array): void {
  // A copy of the first bytes, so the whole body is not held by a view of it.
  (req as WithBody)[BODY] = raw.length > KEPT_BODY_BYTES ? raw.slice(0, KEPT_BODY_BYTES) : raw;
  if (raw.length > KEPT_BODY_BYTES) (req as WithBody)[BODY_SIZE] = raw.length;
}

/** Names of headers and query fields that carry credentials, from the document's schemes. */
function credentialNames(contract: Contract): { headers: Set<string>; query: Set<string>; cookies: Set<string> } {
  const names = {
    headers: new Set(['authorization', 'proxy-authorization']),
    query: new Set<string>(),
    cookies: new Set<string>(),
  };
  for (const scheme of contract.operations.flatMap((operation) => operation.security.flat())) {
    if (scheme.type !== 'apiKey' || !scheme.parameterName) continue;
    if (scheme.in === 'query') names.query.add(scheme.parameterName);
    else if (scheme.in === 'cookie') names.cookies.add(scheme.parameterName);
    else names.headers.add(scheme.parameterName.toLowerCase());
  }
  return names;
}

const REDACTED = '[REDACTED]';

/** A session's last JOURNAL_SIZE entries: a ring, so filing one never moves the others. */
class Ring {
  private readonly slots: Filed[] = [];
  private next = 0;

  push(entry: Filed): void {
    if (this.slots.length < JOURNAL_SIZE) this.slots.push(entry);
    else this.slots[this.next] = entry;
    this.next = (this.next + 1) % JOURNAL_SIZE;
  }

  /** Oldest first. */
  all(): Filed[] {
    return this.slots.length < JOURNAL_SIZE
      ? [...this.slots]
      : [...this.slots.slice(this.next), ...this.slots.slice(0, this.next)];
  }
}

// When the request came, kept on the response: one handler per journal, no closure per request.
const STARTED = Symbol('journal start');
type Journaled = MockResponse & { [STARTED]?: number };

export class RequestJournal {
  private readonly sessions = new Map<string, Ring>();
  private newest: string | undefined;
  private readonly secret: ReturnType<typeof credentialNames>;

  constructor(
    contract: Contract,
    private readonly basePath: string,
  ) {
    this.secret = credentialNames(contract);
  }

  private readonly onFinish = (() => {
    const journal = this;
    return function fileOnFinish(this: Journaled): void {
      journal.file(this.req, this.statusCode, this[STARTED] ?? performance.now());
    };
  })();

  /** The step that files every request under the base path once its answer is sent. */
  readonly step = (req: MockRequest, res: MockResponse, next: Next): void => {
    const url = req.url ?? '/';
    const after = url.charCodeAt(this.basePath.length);
    // Under the base path: the path itself, or followed by "/" (47) or "?" (63).
    if (url.startsWith(this.basePath) && (Number.isNaN(after) || after === 47 || after === 63)) {
      (res as Journaled)[STARTED] = performance.now();
      res.on('finish', this.onFinish);
    }
    next();
  };

  file(req: MockRequest, status: number, started: number): void {
    const session = sessionOf(req) ?? DEFAULT_SESSION;
    let ring = this.sessions.get(session);
    if (!ring) {
      ring = new Ring();
      this.sessions.set(session, ring);
      if (this.sessions.size > MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
    } else if (session !== this.newest) {
      // Least recently used sessions go first: re-inserted, this one is now the newest.
      this.sessions.delete(session);
      this.sessions.set(session, ring);
    }
    this.newest = session;
    ring.push({
      started,
      ms: performance.now() - started,
      method: req.method ?? '',
      url: req.url ?? '/',
      headers: req.headers,
      status,
      body: (req as WithBody)[BODY],
      bodySize: (req as WithBody)[BODY_SIZE],
    });
  }

  /** One session's requests, oldest first, credentials redacted. */
  entries(session = DEFAULT_SESSION): JournalEntry[] {
    return (this.sessions.get(session)?.all() ?? []).map((filed) => this.describe(filed));
  }

  clear(session?: string): void {
    if (session === undefined) this.sessions.clear();
    else this.sessions.delete(session);
    this.newest = undefined;
  }

  private describe(filed: Filed): JournalEntry {
    const url = new URL(filed.url, 'http://mock.invalid');
    const query: Record<string, string | string[]> = {};
    for (const [name, value] of url.searchParams) {
      const shown = this.secret.query.has(name) ? REDACTED : value;
      const known = query[name];
      query[name] = known === undefined ? shown : [...(Array.isArray(known) ? known : [known]), shown];
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(filed.headers)) {
      if (value === undefined) continue;
      const text = Array.isArray(value) ? value.join(', ') : value;
      headers[name] = this.secret.headers.has(name)
        ? redactCredential(text)
        : name === 'cookie'
          ? this.cookies(text)
          : text;
    }
    return {
      at: new Date(performance.timeOrigin + filed.started).toISOString(),
      method: filed.method,
      path: pathOf({ url: filed.url } as MockRequest),
      query,
      headers,
      ...(filed.body !== undefined ? { body: shownBody(filed.body, filed.bodySize) } : {}),
      status: filed.status,
      durationMs: Math.round(filed.ms * 100) / 100,
    };
  }

  private cookies(header: string): string {
    return header
      .split(/;\s*/)
      .map((pair) => {
        const at = pair.indexOf('=');
        return at > 0 && this.secret.cookies.has(pair.slice(0, at)) ? `${pair.slice(0, at)}=${REDACTED}` : pair;
      })
      .join('; ');
  }
}

/** "Bearer abc" → "Bearer [REDACTED]": the scheme stays, so a test can still see which was used. */
function redactCredential(value: string): string {
  const match = /^(\S+)\s+\S/.exec(value);
  return match ? `${match[1]} ${REDACTED}` : REDACTED;
}

/** A body as its value; one kept cut short as its first bytes' text, saying how long it was. */
function shownBody(body: Uint8Array, size: number | undefined): unknown {
  const text = showUtf8(body);
  return size === undefined ? parsed(text) : `${text}… (${size} bytes; the journal keeps the first ${KEPT_BODY_BYTES})`;
}

/** A JSON body as its value, anything else as its text. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
