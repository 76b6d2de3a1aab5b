// The mock as a Node service: the core with, for --proxy, the validating proxy in place of the
// operation steps. The server answers from it directly; the Express app (app.ts) wraps the same one.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Contract } from '../../spec/index.js';
import type { SessionStore } from '../behaviours/sessions.js';
import type { Step } from '../core/chain.js';
import { DEFAULT_BODY_LIMIT, DEFAULT_PROXY_JUDGE_LIMIT } from '../core/defaults.js';
import type { JournalEntry } from '../journal/journal.js';
import { type CoreOptions, createMockCore, type MockCore, type MockedOperation } from '../pipeline/core.js';
import { createProxyStep } from '../proxy/proxy.js';
import type { ContractViolation } from '../proxy/violations.js';

export interface MockOptions extends CoreOptions {
  /** Validating proxy: forward every request under the base path to this upstream base URL. */
  readonly proxy?: string;
  /** With a proxy: a violating answer becomes a 502 Error, an invalid request the mock's own 400. */
  readonly proxyStrict?: boolean;
  /** With a proxy: answers larger than this pass through unjudged (default 10 MiB). */
  readonly proxyJudgeLimitBytes?: number;
}

/** What the mock serves, for the start-up banner and for embedders. */
export interface MockInfo {
  readonly contract: Contract;
  readonly operations: readonly MockedOperation[];
  readonly store: SessionStore;
  /** Items per collection in the seed (reading it draws the items of collections seeded on first use). */
  readonly seeded: ReadonlyMap<string, number>;
  /** Items per collection where drawn already; undefined where they are drawn on first use. */
  readonly seeding: () => ReadonlyMap<string, number | undefined>;
  /** The core's steps for requests under the base path, without Express's per-request set-up
   * (prototype swaps, router layers): the running server's hot path. */
  readonly direct: (req: IncomingMessage, res: ServerResponse) => void;
  /** The request journal of one session (default: requests without X-Mock-Session), oldest first. */
  readonly requests: (session?: string) => JournalEntry[];
  /** What the validating proxy found (empty unless --proxy). */
  readonly violations: () => readonly ContractViolation[];
}

export function createMockService(options: MockOptions): MockCore {
  const { contract, proxy } = options;
  // As a validating proxy, the operation steps give way to one step that forwards and judges.
  return createMockCore(
    options,
    proxy
      ? ({ router, violations }) => [
          createProxyStep({
            contract,
            router,
            upstream: proxy,
            strict: options.proxyStrict === true,
            bodyLimit: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT,
            judgeLimit: options.proxyJudgeLimitBytes ?? DEFAULT_PROXY_JUDGE_LIMIT,
            violations,
          }) as unknown as Step,
        ]
      : undefined,
  );
}

export function infoOf(core: MockCore): MockInfo {
  return Object.freeze({
    contract: core.contract,
    operations: core.operations,
    store: core.store,
    get seeded() {
      return core.seeded;
    },
    seeding: core.seeding,
    direct: core.handle,
    violations: () => core.violationLog.list(),
    requests: core.requests,
  });
}
