// Sends cases to the target: the bounded client, the write budget, the first-request gate, waits
// for 429s, and the target's health (unreachable at the first request, or stopped answering).

import type { Operation } from '../../spec/index.js';
import type { TestCase } from '../model.js';
import type { TransportOptions } from './agents.js';
import { buildRequest } from './build-request.js';
import { type Exchange, HttpClient, type HttpRequest } from './http.js';
import { WriteBudget } from './write-budget.js';

export interface SenderOptions {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly concurrency: number;
  readonly maxWrites: number;
  /** How the write budget is shared; default: first come, first served. */
  readonly writeBudget?: WriteBudget;
  /** Headers sent on every request (--header), below the case's own. */
  readonly headers?: Readonly<Record<string, string>>;
  /** At most this many requests per second over the whole run (--rate-limit). */
  readonly rateLimit?: number;
  readonly transport?: TransportOptions;
  /** Why the document allows an operation to be slow, where it does (spec/model/delays.ts): a
   * deadline missed there leaves the case not run (raise --timeout-ms), not failed. */
  readonly allowedDelay?: (operation: Operation) => string | undefined;
  /** Called for every exchange that happened (not for cases left unsent). */
  readonly onSent: (testCase: TestCase, exchange: Exchange) => void;
  readonly onProgress: (message: string) => void;
}

/** Transport faults in a row on plain and sequence requests of more than one operation, with no
 * answer between them, after which the target is deemed down and the run stops: a flaky proxy's
 * scattered resets seldom line up (at 10% lost, three in a row is one in a thousand, and plain
 * requests are a few hundred a run), a dead target's all do, within one wave of requests (a target
 * that hangs stops the run in under 20 requests). */
const FAULTS_BEFORE_ABORT = 3;
/** Transport faults in a row on one operation's plain and sequence requests after which that
 * operation stops (an endpoint that hangs), while the others go on. */
const OPERATION_FAULTS_BEFORE_STOP = 3;
/** Transport faults in a row on one operation's invalid or unusual cases after which those cases
 * stop: a target that hangs on malformed input keeps being tested with everything else, while a
 * flaky proxy's scattered resets (10% lost: five in a row is one in 100,000) stop nothing. */
const EXOTIC_FAULTS_BEFORE_STOP = 5;
/** Or this share of them failed, once a few have: a target that hangs on every other such case. */
const EXOTIC_FAULT_SHARE = 0.5;
const EXOTIC_FAULTS_FOR_SHARE = 6;

/** An operation's invalid and unusual cases: sent, failed, failed in a row. */
interface ExoticHealth {
  sent: number;
  faults: number;
  inRow: number;
}
/** Deadlines missed where the document allows delays, after which that operation's cases wait no
 * more (each would wait the whole deadline). */
const SLOW_BEFORE_STOP = 3;
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

/** Plain input and the sequences' requests: what the state checks stand on. */
export const isEssential = (testCase: TestCase): boolean => testCase.plain === true;

export class Sender {
  private readonly client: HttpClient;
  private readonly limit: <T>(task: () => Promise<T>) => Promise<T>;
  private firstExchange: Promise<void> | undefined;
  /** Transport faults in a row on plain requests, any operation (reset by an answer). */
  private faults = 0;
  /** The operations those faults in a row came from: a target is down when more than one fails. */
  private readonly faultingOperations = new Set<Operation>();
  /** The same, per operation; an operation that reached the limit is stopped. */
  private readonly operationFaults = new Map<Operation, number>();
  private readonly stoppedOperations = new Set<Operation>();
  /** Operations the document allows to be slow that missed the deadline: why, and how often. */
  private readonly slowOperations = new Map<Operation, { reason: string; times: number }>();
  private readonly exoticHealth = new Map<Operation, ExoticHealth>();
  private readonly exoticStopped = new Set<Operation>();
  private readonly budget: WriteBudget;
  private readonly unsent = new Map<Operation, Map<string, number>>();
  /** Requests actually sent. */
  requests = 0;
  /** Write requests actually sent. */
  writes = 0;
  /** Why the run stopped sending, if it did. */
  aborted: string | undefined;
  /** Set when the very first request found nothing listening. */
  unreachable: string | undefined;

  constructor(private readonly options: SenderOptions) {
    this.client = new HttpClient(options);
    this.limit = limiter(options.concurrency);
    this.budget = options.writeBudget ?? new WriteBudget(options.maxWrites, [], 0);
  }

  /** An operation starts sending its own cases. */
  startWrites(operation: Operation): void {
    this.budget.start(operation);
  }

  /** An operation sends no more cases of its own: its unspent writes go to the others. */
  finishWrites(operation: Operation): void {
    this.budget.finish(operation);
  }

  /** The sequences send no more writes: their unspent reserve goes to the operations. */
  finishSequenceWrites(): void {
    this.budget.finishSequences();
  }

  get stopped(): boolean {
    return this.aborted !== undefined || this.unreachable !== undefined;
  }

  /** Why cases of an operation were left unsent, with counts. */
  unsentOf(operation: Operation): ReadonlyMap<string, number> {
    return this.unsent.get(operation) ?? new Map();
  }

  private skip(testCase: TestCase, reason: string): undefined {
    let reasons = this.unsent.get(testCase.operation);
    if (!reasons) this.unsent.set(testCase.operation, (reasons = new Map()));
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    return undefined;
  }

  /** Why this case cannot be sent now, if it cannot. */
  private refusal(testCase: TestCase): string | undefined {
    if (this.unreachable) return 'the target was unreachable';
    if (this.aborted) return `the run stopped sending: ${this.aborted}`;
    const slow = this.slowOperations.get(testCase.operation);
    if (slow && slow.times >= SLOW_BEFORE_STOP) return slow.reason;
    if (this.stoppedOperations.has(testCase.operation))
      return `its requests stopped after ${OPERATION_FAULTS_BEFORE_STOP} transport failures in a row`;
    if (!isEssential(testCase) && this.exoticStopped.has(testCase.operation)) {
      return `its invalid and unusual cases stopped after ${EXOTIC_FAULTS_BEFORE_STOP} transport failures in a row (or half of them failing)`;
    }
    return undefined;
  }

  /** Sends one case, within the write budget (a sequence's from the sequences' reserve); undefined
   * when it was not sent (the reason is kept). */
  async send(testCase: TestCase, forSequence = false): Promise<Exchange | undefined> {
    const isWrite = !SAFE_METHODS.has(testCase.operation.method);
    const refused = this.refusal(testCase);
    if (refused) return this.skip(testCase, refused);
    if (isWrite && !(await this.budget.takeWhenFree(testCase.operation, forSequence)))
      return this.skip(testCase, 'the write budget was spent');
    // The very first request runs alone: if the target is unreachable, nothing else is sent.
    const first = this.firstExchange;
    let release: (() => void) | undefined;
    if (!first) this.firstExchange = new Promise<void>((resolve) => (release = resolve));
    else await first;
    // Checked again once a slot is free: the target may have been given up on while this waited.
    const exchange = await this.limit(async () => {
      const late = this.refusal(testCase);
      if (late) return this.skip(testCase, late);
      const sent = await this.sendWithRateLimitRetries(
        buildRequest(this.options.baseUrl, testCase, this.options.headers),
      );
      return sent ?? this.skip(testCase, `the run stopped sending: ${this.aborted}`);
    });
    const tooSlow = exchange ? this.allowedSlowness(testCase.operation, exchange) : undefined;
    if (!exchange || tooSlow) {
      if (tooSlow) this.skip(testCase, tooSlow);
      if (isWrite) this.budget.giveBack(testCase.operation, forSequence);
      release?.();
      return undefined;
    }
    this.requests++;
    if (isWrite) this.writes++;
    this.observeHealth(testCase, exchange, release !== undefined);
    this.options.onSent(testCase, exchange);
    release?.();
    return exchange;
  }

  /** A deadline missed where the document allows delays: why, as the case's reason for not running. */
  private allowedSlowness(operation: Operation, exchange: Exchange): string | undefined {
    if (exchange.ok || exchange.fault.kind !== 'timeout') return undefined;
    const why = this.options.allowedDelay?.(operation);
    if (why === undefined) return undefined;
    const slow = this.slowOperations.get(operation) ?? {
      reason: `no answer within ${this.options.timeoutMs} ms, a delay the document allows (${why}): raise --timeout-ms to test it`,
      times: 0,
    };
    slow.times++;
    this.slowOperations.set(operation, slow);
    return slow.reason;
  }

  private exoticOf(operation: Operation): ExoticHealth {
    let health = this.exoticHealth.get(operation);
    if (!health) this.exoticHealth.set(operation, (health = { sent: 0, faults: 0, inRow: 0 }));
    return health;
  }

  private observeHealth(testCase: TestCase, exchange: Exchange, isFirst: boolean): void {
    const exotic = isEssential(testCase) ? undefined : this.exoticOf(testCase.operation);
    if (exotic) exotic.sent++;
    if (exchange.ok) {
      this.faults = 0;
      this.faultingOperations.clear();
      if (exotic) exotic.inRow = 0;
      else this.operationFaults.delete(testCase.operation);
      return;
    }
    if (isFirst && ['refused', 'not-found', 'tls'].includes(exchange.fault.kind)) {
      this.unreachable = `target unreachable: ${exchange.fault.message} at ${this.options.baseUrl}`;
    } else if (exotic) {
      exotic.faults++;
      exotic.inRow++;
      const stops =
        exotic.inRow >= EXOTIC_FAULTS_BEFORE_STOP ||
        (exotic.faults >= EXOTIC_FAULTS_FOR_SHARE && exotic.faults >= EXOTIC_FAULT_SHARE * exotic.sent);
      if (stops && !this.exoticStopped.has(testCase.operation)) {
        this.exoticStopped.add(testCase.operation);
        this.options.onProgress(
          `${testCase.operation.id}: invalid and unusual cases stopped after ${exotic.faults} transport failures of ${exotic.sent} (last: ${exchange.fault.message}); plain and sequence requests go on`,
        );
      }
    } else {
      const operation = testCase.operation;
      const inOperation = (this.operationFaults.get(operation) ?? 0) + 1;
      this.operationFaults.set(operation, inOperation);
      if (inOperation === OPERATION_FAULTS_BEFORE_STOP && !this.stoppedOperations.has(operation)) {
        this.stoppedOperations.add(operation);
        this.options.onProgress(
          `${operation.id}: stopped after ${inOperation} transport failures in a row (last: ${exchange.fault.message}); the other operations go on`,
        );
      }
      this.faultingOperations.add(operation);
      // One operation failing alone stops itself (above); the run stops when several fail in a row.
      if (++this.faults >= FAULTS_BEFORE_ABORT && this.faultingOperations.size > 1 && !this.aborted) {
        this.aborted = `stopped after ${this.faults} transport failures in a row on plain requests (last: ${exchange.fault.message})`;
        this.options.onProgress(this.aborted);
      }
    }
  }

  /** Rate limits are not specified, so a 429 is waited out (Retry-After, at most 2 s) a few times. */
  private async sendWithRateLimitRetries(request: HttpRequest): Promise<Exchange | undefined> {
    for (let attempt = 0; ; attempt++) {
      if (this.aborted) return undefined;
      await this.pace();
      const exchange = await this.client.send(request);
      if (!exchange.ok || exchange.response.status !== 429 || attempt >= RATE_LIMIT_RETRIES) return exchange;
      const retryAfter = Number(exchange.response.headers['retry-after']);
      const waitMs = Number.isFinite(retryAfter) ? Math.min(retryAfter * 1000, 2_000) : 500;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }

  private nextSlot = 0;

  /** Spaces requests 1/N s apart over the whole run, retries included (--rate-limit N). */
  private async pace(): Promise<void> {
    if (!this.options.rateLimit) return;
    const interval = 1000 / this.options.rateLimit;
    const now = performance.now();
    const slot = Math.max(now, this.nextSlot);
    this.nextSlot = slot + interval;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  }

  close(): void {
    this.client.close();
  }
}
