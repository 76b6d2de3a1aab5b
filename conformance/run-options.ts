// What a run takes and gives: its options (target, document, credentials, budgets, selection,
// transport), its result, the defaults, and the rules that follow from the options alone (which
// checks, which operations are skipped and why, which secrets to redact).
import type { RequestListener } from 'node:http';
import type { Contract, Operation, ResourceCorrection } from '../spec/index.js';
import { canAuthenticate } from './auth/auth-variants.js';
import { CHECK_NAMES, CHECKS } from './judge/checks.js';
import type { BaselineOutcome, NamedCheck, ReachSummary, Violation } from './model.js';
import type { CreatedItem } from './plan/scenarios/creations.js';
import type { OperationResult } from './report/recorder.js';
import type { Selection } from './select.js';
import type { TransportOptions } from './send/agents.js';
import type { Exchange } from './send/http.js';
import { proxySecrets } from './send/proxy.js';
import { SAFE_METHODS } from './send/sender.js';

export type { ReachSummary, UnreachedStep } from './model.js';

export type Target = { readonly baseUrl: string } | { readonly app: RequestListener };

export interface RunOptions {
  readonly target: Target;
  readonly contract?: Contract;
  /** Path of the document, when no contract is given. */
  readonly spec?: string;
  /** Corrections to the inferred API model (--model FILE), by path. */
  readonly model?: ReadonlyMap<string, ResourceCorrection>;
  readonly apiKey?: string;
  /** A second user's key (--other-api-key): owned items must be out of its reach. Redacted like the first. */
  readonly otherApiKey?: string;
  /** Credentials by security scheme name (--auth NAME=VALUE); the API key serves every other scheme. */
  readonly auth?: Readonly<Record<string, string>>;
  readonly seed?: number;
  /** Generated cases per operation and property. */
  readonly runs?: number;
  readonly timeoutMs?: number;
  readonly maxResponseBytes?: number;
  readonly concurrency?: number;
  readonly readOnly?: boolean;
  readonly maxWrites?: number;
  readonly namePrefix?: string;
  /** Fail the run (exit 1) when less than this share (0-100) of the API was reached (--min-reach). */
  readonly minReach?: number;
  /** Only these checks (names); default all. */
  readonly checks?: readonly string[];
  readonly skip?: readonly string[];
  /** Which operations to test: --include/--exclude filters and --shard I/N. */
  readonly selection?: Selection;
  /** Headers sent on every request (--header); their values are redacted like the key. */
  readonly headers?: Readonly<Record<string, string>>;
  /** At most this many requests per second (--rate-limit). */
  readonly rateLimit?: number;
  /** TLS and proxy settings (--ca-file, --insecure, --client-cert/--client-key, --proxy). */
  readonly transport?: TransportOptions;
  /** Called with every exchange sent, unredacted (the HAR writer redacts). */
  readonly onExchange?: (exchange: Exchange, startedAt: Date) => void;
  readonly onProgress?: (message: string) => void;
  /** Called once for each new distinct failure, as soon as it is found. */
  readonly onFailure?: (violation: Violation) => void;
  /** Called once, as the run starts, with a reader of its live counts (for a progress line). */
  readonly onStart?: (live: () => LiveStatus) => void;
}

/** Where a run stands. */
export interface LiveStatus {
  readonly operationsDone: number;
  readonly operations: number;
  readonly requests: number;
  readonly writes: number;
  readonly maxWrites: number;
  /** Distinct failures found so far. */
  readonly failures: number;
  readonly elapsedMs: number;
}

export interface RunResult {
  readonly seed: number;
  readonly baseUrl: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly requests: number;
  readonly writes: number;
  readonly operations: readonly OperationResult[];
  readonly violations: readonly Violation[];
  readonly notes: readonly Violation[];
  readonly checks: readonly string[];
  /** Every item the run's cases created (the sequences' own aside), so test data can be found. */
  readonly created: readonly CreatedItem[];
  /** 0 conformant, 1 violations, 2 could not run. */
  readonly exitCode: 0 | 1 | 2;
  readonly error?: string;
  /** Why the run stopped early, if it did (e.g. the target stopped answering). */
  readonly aborted?: string;
  /** Certificates were not verified (--insecure). */
  readonly insecure?: boolean;
  /** Webhooks the document declares (requests the service sends): listed, never tested. */
  readonly webhooks?: readonly string[];
  /** Measured against a baseline of known violations (--baseline). */
  readonly baseline?: BaselineOutcome;
  /** What the run reached: operations whose success was seen, state checks that ran. */
  readonly reach?: ReachSummary;
  /** Why the run failed its --min-reach gate, where it did. */
  readonly belowReach?: string;
}

export class RunError extends Error {}

export const DEFAULTS = {
  runs: 25,
  timeoutMs: 5_000,
  maxResponseBytes: 10 * 1024 * 1024,
  concurrency: 8,
  maxWrites: 500,
  namePrefix: 'conformance-',
} as const;

/** A random seed, printed so that the run can be replayed. */
export function chooseSeed(): number {
  return (Math.random() * 2 ** 31) | 0;
}

/** Every secret a run holds besides credentials: --header values and proxy credentials. */
export function runSecrets(options: Pick<RunOptions, 'headers' | 'transport' | 'otherApiKey'>): string[] {
  const env = options.transport?.env ?? process.env;
  const proxies = [
    options.transport?.proxy,
    env.https_proxy,
    env.HTTPS_PROXY,
    env.http_proxy,
    env.all_proxy,
    env.ALL_PROXY,
  ];
  return [
    ...Object.values(options.headers ?? {}),
    ...proxies.flatMap(proxySecrets),
    ...(options.otherApiKey ? [options.otherApiKey] : []),
  ].filter((s) => s.length > 0);
}

/** Check names that are not in the registry. */
export function unknownChecks(names: readonly string[]): string[] {
  return names.filter((name) => !CHECK_NAMES.includes(name));
}

export function selectChecks(options: RunOptions): NamedCheck[] {
  const unknown = unknownChecks([...(options.checks ?? []), ...(options.skip ?? [])]);
  if (unknown.length > 0)
    throw new RunError(`unknown check(s): ${unknown.join(', ')}; known: ${CHECK_NAMES.join(', ')}`);
  return CHECKS.filter(
    (check) => (!options.checks || options.checks.includes(check.name)) && !options.skip?.includes(check.name),
  );
}

export function skipReason(
  options: RunOptions,
  operation: Operation,
  unselectedReasons: ReadonlyMap<Operation, string>,
): string | undefined {
  if (operation.unspecified) return 'x-unspecified: the document names it but does not show its behaviour';
  const unselectedBecause = unselectedReasons.get(operation);
  if (unselectedBecause) return unselectedBecause;
  if (operation.responses.length === 0) return 'the document lists no responses for it, so no answer can be judged';
  const finals = operation.responses.filter((r) => !/^1(\d\d|XX)$/i.test(r.status));
  if (finals.length === 0) return 'the document lists only informational (1xx) statuses, which are never final answers';
  if (options.readOnly && !SAFE_METHODS.has(operation.method)) return '--read-only: no writes are sent';
  if (!canAuthenticate(operation, options)) {
    const schemes = [...new Set(operation.security.flat().map((scheme) => scheme.name))].join(', ');
    return `no API key given (CONFORMANCE_API_KEY or --api-key), nor credentials for ${schemes} (--auth NAME=VALUE)`;
  }
  return undefined;
}
