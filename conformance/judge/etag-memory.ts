// Strong ETags the run has seen, per URL: RFC 9110 §8.8.3 says a strong validator changes whenever
// the representation's data changes, so one strong tag on two different bodies of the same URL is
// a fault (caches and If-Match then trust a stale copy). Bodies are compared as JSON values, so
// member order and spacing do not count; weak tags (W/) promise nothing of the kind. A deletion
// ends what was seen at its URL and below: an item made again there (a workspace's ticket 1 under a
// workspace made again at its slug) is another item, and a version count starting over again is
// no stale copy of the first.
import { createHash } from 'node:crypto';
import type { EtagConflict } from '../model.js';
import type { Exchange } from '../send/http.js';

/** Request headers that do not select a representation (conditions, keys, tracing). */
const NOT_SELECTING = /^(?:if-|idempotency-key|x-idempotency-key|x-request-id|traceparent|tracestate|content-)/i;

type Json = unknown;

/** JSON text with every object's members sorted: two equal values give one text. */
function canonical(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, Json>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** Where two JSON values first differ, as a JSON pointer, with the two values there. */
function firstDifference(a: Json, b: Json, at = ''): { at: string; before: Json; after: Json } | undefined {
  if (canonical(a) === canonical(b)) return undefined;
  const objects = typeof a === 'object' && a !== null && typeof b === 'object' && b !== null;
  if (objects && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)]);
    for (const key of keys) {
      const found = firstDifference(
        (a as Record<string, Json>)[key],
        (b as Record<string, Json>)[key],
        `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
      );
      if (found) return found;
    }
  }
  return { at: at || '(body)', before: a, after: b };
}

/** The top-level members two JSON objects differ in (none where either is not an object). */
function differingMembers(a: Json, b: Json): string[] {
  const objects = typeof a === 'object' && a !== null && typeof b === 'object' && b !== null;
  if (!objects || Array.isArray(a) || Array.isArray(b)) return [];
  const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)]);
  return [...keys].filter(
    (key) => canonical((a as Record<string, Json>)[key]) !== canonical((b as Record<string, Json>)[key]),
  );
}

const headerText = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

export class EtagMemory {
  /** Per request (URL and the headers that select a representation, hashed): each strong tag's body. */
  private readonly seen = new Map<string, Map<string, Json>>();
  /** The URL of each request key, for deletions to end. */
  private readonly urls = new Map<string, string>();
  private readonly conflicts = new WeakMap<Exchange, EtagConflict>();

  /** Notes a GET's answer; remembers a conflict with an earlier answer of the same request. */
  note(exchange: Exchange): void {
    if (exchange.ok && exchange.request.method === 'DELETE' && exchange.response.status < 300)
      return this.forgetUnder(exchange.request.url);
    if (!exchange.ok || exchange.request.method !== 'GET' || exchange.response.status !== 200) return;
    const etag = headerText(exchange.response.headers.etag)?.trim();
    if (!etag || etag.startsWith('W/')) return;
    let body: Json;
    try {
      body = JSON.parse(exchange.response.text);
    } catch {
      return;
    }
    const selecting = Object.entries(exchange.request.headers)
      .filter(([name]) => !NOT_SELECTING.test(name))
      .map(([name, value]) => `${name.toLowerCase()}:${value}`)
      .sort();
    const key = createHash('sha256')
      .update(`${exchange.request.url}\n${selecting.join('\n')}`)
      .digest('hex');
    let tags = this.seen.get(key);
    if (!tags) {
      this.seen.set(key, (tags = new Map()));
      this.urls.set(key, exchange.request.url.split('?')[0]!);
    }
    if (!tags.has(etag)) {
      tags.set(etag, body);
      return;
    }
    const earlier = tags.get(etag);
    const difference = firstDifference(earlier, body);
    if (difference) this.conflicts.set(exchange, { etag, ...difference, members: differingMembers(earlier, body) });
  }

  /** Forgets the tags seen at a deleted URL and below it. */
  private forgetUnder(url: string): void {
    const gone = url.split('?')[0]!.replace(/\/+$/, '');
    for (const [key, seenAt] of this.urls)
      if (seenAt === gone || seenAt.startsWith(`${gone}/`)) {
        this.urls.delete(key);
        this.seen.delete(key);
      }
  }

  /** The conflict this answer showed, once: whoever reports it takes it. */
  take(exchange: Exchange): EtagConflict | undefined {
    const conflict = this.conflicts.get(exchange);
    this.conflicts.delete(exchange);
    return conflict;
  }
}
