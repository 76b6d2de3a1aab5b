// The request journal (WireMock's, for end-to-end suites): the last requests per session, oldest
// first, so a test can assert what a page sent. Entries keep the raw parts; words and redaction
// come when someone reads them, so the hot path only files a reference.

import { type Contract, parseWithinDepth } from '../../spec/core.js';
import { showUtf8 } from '../core/bytes.js';
import type { Next } from '../core/chain.js';
import { pathOf, sessionOf } from '../core/chain.js';
import type { MockRequest, MockResponse } from '../core/exchange.js';
import { type Filed, type FiledBody, type FiledHeaders, JournalRing, OVERFLOW_BYTES } from './journal-ring.js';

export const JOURNAL_SIZE = 1000;
const MAX_SESSIONS = 1000;
const DEFAULT_SESSION = '';

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
// Kept on the request itself (a WeakMap's entries cost the collector more at this rate) as the bytes
// that came: filing copies them into the ring as they are, where the decoded text would be encoded
// again (1 µs on a 1 KiB body); they are decoded only when someone reads the journal.
const BODY = Symbol('journal body');
type WithBody = MockRequest & { [BODY]?: FiledBody; [BODY_SIZE]?: number };
const BODY_SIZE = Symbol('journal body size');
/** Bodies past this many bytes are kept cut short: 1000 entries of a 1 MiB body would be 1 GB. */
export const KEPT_BODY_BYTES = 16 * 1024;
export function noteBody(req: MockRequest, raw: Uint8Array): void {
  if (raw.length <= KEPT_BODY_BYTES) {
    (req as WithBody)[BODY] = raw;
    return;
  }
  // The first bytes: the ring copies what it keeps, so the whole body is not held.
  (req as WithBody)[BODY] = raw.subarray(0, KEPT_BODY_BYTES);
  (req as WithBody)[BODY_SIZE] = raw.length;
}

/** Node's raw header list as one string (the parsed object and its strings cost more to keep). */
function filedHeaders(req: MockRequest): FiledHeaders {
  const raw = (req as { rawHeaders?: readonly string[] }).rawHeaders;
  return raw ? raw.join('\n') : req.headers;
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

// When the request came, kept on the response: one handler per journal, no closure per request.
const STARTED = Symbol('journal start');
type Journaled = MockResponse & { [STARTED]?: number };

export class RequestJournal {
  private readonly sessions = new Map<string, JournalRing>();
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
      ring = new JournalRing(JOURNAL_SIZE);
      this.sessions.set(session, ring);
      if (this.sessions.size > MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
    } else if (session !== this.newest) {
      // Least recently used sessions go first: re-inserted, this one is now the newest.
      this.sessions.delete(session);
      this.sessions.set(session, ring);
    }
    this.newest = session;
    ring.push(
      started,
      performance.now() - started,
      status,
      req.method ?? '',
      req.url ?? '/',
      filedHeaders(req),
      (req as WithBody)[BODY],
      (req as WithBody)[BODY_SIZE],
    );
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
    for (const [name, text] of headerPairs(filed.headers)) {
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
      ...(filed.body !== undefined ? { body: shownBody(filed) } : {}),
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

/** Filed headers as lower-case names and their values, a repeated header's values joined as
 * Node joins them (cookies by "; ", the rest by ", "). */
function headerPairs(headers: FiledHeaders): Array<[string, string]> {
  const pairs = new Map<string, string>();
  const add = (name: string, value: string): void => {
    const known = pairs.get(name);
    pairs.set(name, known === undefined ? value : `${known}${name === 'cookie' ? '; ' : ', '}${value}`);
  };
  if (typeof headers === 'string') {
    const parts = headers.split('\n');
    for (let i = 0; i + 1 < parts.length; i += 2) add(parts[i]!.toLowerCase(), parts[i + 1]!);
  } else {
    for (const [name, value] of Object.entries(headers)) {
      if (value !== undefined) add(name, Array.isArray(value) ? value.join(', ') : value);
    }
  }
  return [...pairs];
}

/** A body as its value; one kept cut short as its first bytes' text, saying how long it was; one
 * written over in the overflow log, saying so. */
function shownBody({ body, bodySize: size, bodyDropped }: Filed): unknown {
  if (bodyDropped) return `(${size} bytes, no longer kept: ${DROPPED})`;
  const text = typeof body === 'string' ? body : showUtf8(body!);
  return size === undefined ? parsed(text) : `${text}… (${size} bytes; the journal keeps the first ${KEPT_BODY_BYTES})`;
}

const DROPPED = `the journal keeps the last ${OVERFLOW_BYTES / 1024 / 1024} MiB of the bodies too large for its slots`;

/** A JSON body as its value, anything else (JSON nested too deep to show included) as its text. */
function parsed(text: string): unknown {
  try {
    return parseWithinDepth(text);
  } catch {
    return text;
  }
}
