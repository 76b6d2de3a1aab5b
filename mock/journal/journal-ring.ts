// One session's last requests, stored column by column. Every entry outlives many young-generation
// collections, so whatever it holds is copied and promoted: at 40,000 requests a second, a record
// object per request, Node's parsed header object and a Buffer per body cost more in collection
// than the rest of a 400 answer. Here the numbers live in typed arrays (never scanned), and the
// request is kept as at most three strings: its URL, its headers as one string, its body.

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
}

const FIRST_CAPACITY = 16;

export class JournalRing {
  private size = 0;
  private next = 0;
  private started = new Float64Array(FIRST_CAPACITY);
  private ms = new Float64Array(FIRST_CAPACITY);
  private status = new Uint16Array(FIRST_CAPACITY);
  private readonly methods: string[] = [];
  private readonly urls: string[] = [];
  private readonly headers: FiledHeaders[] = [];
  private readonly bodies: Array<FiledBody | undefined> = [];
  // Rare (bodies past the kept length): a map, so the common entry stores nothing for it.
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
    this.urls[slot] = url;
    this.headers[slot] = headers;
    this.bodies[slot] = body;
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

  private at(slot: number): Filed {
    return {
      started: this.started[slot]!,
      ms: this.ms[slot]!,
      status: this.status[slot]!,
      method: this.methods[slot]!,
      url: this.urls[slot]!,
      headers: this.headers[slot]!,
      body: this.bodies[slot],
      bodySize: this.bodySizes.get(slot),
    };
  }

  private grow(): void {
    const length = Math.min(this.capacity, this.started.length * 2);
    this.started = grown(this.started, new Float64Array(length));
    this.ms = grown(this.ms, new Float64Array(length));
    this.status = grown(this.status, new Uint16Array(length));
  }
}

function grown<T extends Float64Array | Uint16Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
