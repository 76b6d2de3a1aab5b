// One session's last requests, stored column by column. Every entry outlives many young-generation
// collections, so whatever it holds on the heap is copied and promoted: at 40,000 requests a second,
// a record object per request, Node's parsed header object and a string per body cost more in
// collection than the rest of a 400 answer. Here the numbers live in typed arrays, and a request's
// URL, headers and body are written as bytes into its slot of one array outside the collected heap
// (an entry too large for its slot keeps its strings instead).

import { showUtf8, writeUtf8 } from '../core/bytes.js';
import type { MockHeaders } from '../core/exchange.js';

/** A request's headers as filed: Node's raw name/value list joined by "\n" (one flat string), or,
 * where the transport gives no raw list (a plain request), its header object. */
export type FiledHeaders = string | MockHeaders;

/** A body as filed: its text where the steps decoded it as text, else its bytes. */
export type FiledBody = string | Uint8Array;

export interface Filed {
  /** performance.now() when the request came. */
  readonly started: number;
  readonly ms: number;
  readonly status: number;
  readonly method: string;
  readonly url: string;
  readonly headers: FiledHeaders;
  readonly body: FiledBody | undefined;
  /** The body's whole length, where only its first bytes were kept. */
  readonly bodySize: number | undefined;
  /** The body was too large for its slot and later ones took its place in the overflow log
   * (`body` is then empty, `bodySize` its length). */
  readonly bodyDropped?: true;
}

const FIRST_CAPACITY = 16;
/** Bytes of URL, headers and body an entry keeps outside the heap (an API client's request, a 1 KiB body beside them). */
const SLOT_BYTES = 2048;

// How a slot's body is kept.
const NO_BODY = 0;
const TEXT_BODY = 1;
const BYTES_BODY = 2;
/** Bytes in the overflow log, not in the slot. */
const LOGGED_BODY = 3;

/** The overflow log: bodies too large for their slot, the newest kept whole, in one array allocated
 * on the first such body. Holding the request's own chunks instead cost the collector ~10 µs a
 * request at 4 KB bodies (each a Buffer Node allocated for the socket's read). */
export const OVERFLOW_BYTES = 1024 * 1024;
/** Past this a body's length does not fit its slot's Uint16 length (the mock keeps 16 KiB at most). */
const MAX_LOGGED_BYTES = 0xffff;

/** What an entry too large for its slot keeps as it came. */
interface Spilled {
  readonly url: string;
  readonly headers: FiledHeaders;
  readonly body: FiledBody | undefined;
}

export class JournalRing {
  private size = 0;
  private next = 0;
  private started = new Float64Array(FIRST_CAPACITY);
  private ms = new Float64Array(FIRST_CAPACITY);
  private status = new Uint16Array(FIRST_CAPACITY);
  /** Per slot: the byte lengths of its URL, headers and body, and how the body is kept. */
  private lengths = new Uint16Array(FIRST_CAPACITY * 3);
  private bodyKinds = new Uint8Array(FIRST_CAPACITY);
  private bytes = new Uint8Array(FIRST_CAPACITY * SLOT_BYTES);
  /** Per slot with a LOGGED_BODY: where its body starts in the overflow log, counted in bytes
   * written since the log began (so a position the log has since written over is known). */
  private loggedAt = new Float64Array(FIRST_CAPACITY);
  private overflow: Uint8Array | undefined;
  private overflowEnd = 0;
  private readonly methods: string[] = [];
  // Rare (entries past a slot, bodies past the kept length): maps, so the common entry stores
  // nothing in them.
  private readonly spilled = new Map<number, Spilled>();
  private readonly bodySizes = new Map<number, number>();

  constructor(private readonly capacity: number) {}

  /** Positional, not a Filed: filing allocates nothing of its own. */
  push(
    started: number,
    ms: number,
    status: number,
    method: string,
    url: string,
    headers: FiledHeaders,
    body: FiledBody | undefined,
    bodySize: number | undefined,
  ): void {
    const slot = this.next;
    if (slot >= this.started.length) this.grow();
    this.started[slot] = started;
    this.ms[slot] = ms;
    this.status[slot] = status;
    this.methods[slot] = method;
    if (this.spilled.size > 0) this.spilled.delete(slot);
    if (!this.keep(slot, url, headers, body)) this.spilled.set(slot, { url, headers, body });
    if (bodySize !== undefined) this.bodySizes.set(slot, bodySize);
    else if (this.bodySizes.size > 0) this.bodySizes.delete(slot);
    this.next = (slot + 1) % this.capacity;
    if (this.size < this.capacity) this.size++;
  }

  /** Oldest first. */
  all(): Filed[] {
    const first = this.size < this.capacity ? 0 : this.next;
    return Array.from({ length: this.size }, (_, i) => this.at((first + i) % this.capacity));
  }

  /** Writes the entry's parts into its slot; false when they do not fit. */
  private keep(slot: number, url: string, headers: FiledHeaders, body: FiledBody | undefined): boolean {
    if (typeof headers !== 'string') return false;
    const start = slot * SLOT_BYTES;
    const end = start + SLOT_BYTES;
    const urlBytes = writeUtf8(this.bytes, url, start, SLOT_BYTES);
    if (urlBytes < 0) return false;
    const headerBytes = writeUtf8(this.bytes, headers, start + urlBytes, end - start - urlBytes);
    if (headerBytes < 0) return false;
    const bodyAt = start + urlBytes + headerBytes;
    let bodyBytes = 0;
    let kind = body === undefined ? NO_BODY : typeof body === 'string' ? TEXT_BODY : BYTES_BODY;
    if (typeof body === 'string') {
      bodyBytes = writeUtf8(this.bytes, body, bodyAt, end - bodyAt);
    } else if (body !== undefined) {
      bodyBytes = body.length;
      if (body.length <= end - bodyAt) this.bytes.set(body, bodyAt);
      else if (body.length <= MAX_LOGGED_BYTES) {
        this.loggedAt[slot] = this.log(body);
        kind = LOGGED_BODY;
      } else bodyBytes = -1;
    }
    if (bodyBytes < 0) return false;
    this.lengths[slot * 3] = urlBytes;
    this.lengths[slot * 3 + 1] = headerBytes;
    this.lengths[slot * 3 + 2] = bodyBytes;
    this.bodyKinds[slot] = kind;
    return true;
  }

  /** Appends bytes to the overflow log (from its start where they would run past its end): where
   * they start, in bytes written since the log began. */
  private log(body: Uint8Array): number {
    const log = (this.overflow ??= new Uint8Array(OVERFLOW_BYTES));
    let start = this.overflowEnd;
    const offset = start % OVERFLOW_BYTES;
    if (offset + body.length > OVERFLOW_BYTES) start += OVERFLOW_BYTES - offset;
    log.set(body, start % OVERFLOW_BYTES);
    this.overflowEnd = start + body.length;
    return start;
  }

  /** Whether later bodies have left a logged body's bytes as they were. */
  private stillLogged(slot: number): boolean {
    return this.overflowEnd - this.loggedAt[slot]! <= OVERFLOW_BYTES;
  }

  /** A logged body's bytes; none where later bodies have written over them. */
  private logged(slot: number): Uint8Array {
    if (!this.stillLogged(slot)) return new Uint8Array(0);
    const from = this.loggedAt[slot]! % OVERFLOW_BYTES;
    return this.overflow!.slice(from, from + this.lengths[slot * 3 + 2]!);
  }

  private at(slot: number): Filed {
    const spilled = this.spilled.get(slot);
    const dropped = !spilled && this.bodyKinds[slot] === LOGGED_BODY && !this.stillLogged(slot);
    return {
      started: this.started[slot]!,
      ms: this.ms[slot]!,
      status: this.status[slot]!,
      method: this.methods[slot]!,
      ...(spilled ?? this.parts(slot)),
      // Written over: the entry still says how long its body was.
      bodySize: this.bodySizes.get(slot) ?? (dropped ? this.lengths[slot * 3 + 2] : undefined),
      ...(dropped ? { bodyDropped: true as const } : {}),
    };
  }

  /** A slot's URL, headers and body, read back from its bytes. */
  private parts(slot: number): Spilled {
    const headersAt = slot * SLOT_BYTES + this.lengths[slot * 3]!;
    const bodyAt = headersAt + this.lengths[slot * 3 + 1]!;
    const text = (from: number, to: number): string => showUtf8(this.bytes.subarray(from, to));
    const kind = this.bodyKinds[slot];
    return {
      url: text(slot * SLOT_BYTES, headersAt),
      headers: text(headersAt, bodyAt),
      body:
        kind === NO_BODY
          ? undefined
          : kind === TEXT_BODY
            ? text(bodyAt, bodyAt + this.lengths[slot * 3 + 2]!)
            : kind === LOGGED_BODY
              ? this.logged(slot)
              : this.bytes.slice(bodyAt, bodyAt + this.lengths[slot * 3 + 2]!),
    };
  }

  private grow(): void {
    const length = Math.min(this.capacity, this.started.length * 2);
    this.started = grown(this.started, new Float64Array(length));
    this.ms = grown(this.ms, new Float64Array(length));
    this.status = grown(this.status, new Uint16Array(length));
    this.lengths = grown(this.lengths, new Uint16Array(length * 3));
    this.bodyKinds = grown(this.bodyKinds, new Uint8Array(length));
    this.bytes = grown(this.bytes, new Uint8Array(length * SLOT_BYTES));
    this.loggedAt = grown(this.loggedAt, new Float64Array(length));
  }
}

function grown<T extends Float64Array | Uint16Array | Uint8Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
