// Every exchange of a run as HAR 1.2 (--har FILE), for a browser's devtools or any HAR viewer:
// request and response headers and bodies, with credentials, --header values and proxy
// credentials redacted like everywhere else. A transport failure is an entry with status 0 and
// the fault in `_error` (HAR allows custom fields that start with an underscore).
import type { Exchange } from '../send/http.js';
import { type Redact, redactDeep } from './redact.js';

interface NameValue {
  readonly name: string;
  readonly value: string;
}

const pairs = (headers: Readonly<Record<string, string | string[] | undefined>>): NameValue[] =>
  Object.entries(headers).flatMap(([name, value]) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((one) => ({ name, value: String(one) })),
  );

function cookiesOf(header: string | undefined): NameValue[] {
  if (!header) return [];
  return header.split(/;\s*/).flatMap((part) => {
    const at = part.indexOf('=');
    return at > 0 ? [{ name: part.slice(0, at), value: part.slice(at + 1) }] : [];
  });
}

export function harEntry(exchange: Exchange, startedAt: Date): Record<string, unknown> {
  const { request } = exchange;
  const url = new URL(request.url);
  const requestContentType = request.headers['content-type'];
  const response = exchange.ok
    ? {
        status: exchange.response.status,
        statusText: '',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: pairs(exchange.response.headers),
        content: {
          size: exchange.response.bytes,
          mimeType: String(exchange.response.headers['content-type'] ?? ''),
          text: exchange.response.text,
        },
        redirectURL: String(exchange.response.headers.location ?? ''),
        headersSize: -1,
        bodySize: exchange.response.bytes,
      }
    : {
        status: 0,
        statusText: '',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: [],
        content: { size: 0, mimeType: '' },
        redirectURL: '',
        headersSize: -1,
        bodySize: -1,
        _error: `${exchange.fault.kind}: ${exchange.fault.message}`,
      };
  return {
    startedDateTime: startedAt.toISOString(),
    time: exchange.ms,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: 'HTTP/1.1',
      cookies: cookiesOf(request.headers.cookie),
      headers: pairs(request.headers),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(request.body !== undefined ? { postData: { mimeType: requestContentType ?? '', text: request.body } } : {}),
      headersSize: -1,
      bodySize: request.body === undefined ? 0 : Buffer.byteLength(request.body),
    },
    response,
    cache: {},
    timings: { send: 0, wait: exchange.ms, receive: 0 },
  };
}

/** The HAR document, every string redacted. */
export function harDocument(entries: readonly Record<string, unknown>[], redact: Redact, version: string): string {
  const har = {
    log: {
      version: '1.2',
      creator: { name: 'pet-catalog-conformance', version },
      entries,
    },
  };
  return `${JSON.stringify(redactDeep(har, redact), null, 2)}\n`;
}
