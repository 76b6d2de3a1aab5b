// runConformance: plans cases from the document, sends them to a target, judges and records every
// exchange, and returns the result. Knows nothing of the mock: a target is a base URL or a listener.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CollectionSpec, type Contract, findCollections, loadContract, type Operation } from '../spec/index.js';
import type { TransportOptions } from './agents.js';
import { canAuthenticate, secretsOf } from './auth-variants.js';
import { CHECK_NAMES, CHECKS } from './checks.js';
import { gatherFacts, judge, parseBody, type Scope } from './evaluate.js';
import type { Exchange } from './http.js';
import type { Executed, NamedCheck, TestCase, Violation } from './model.js';
import { type CreatedItem, CreationLog } from './plan/creations.js';
import { PlanContext, planOperation } from './plan/index.js';
import { runItemLifecycle } from './plan/lifecycle.js';
import { runSequences, type SequenceRunner } from './plan/sequences.js';
import { runProperty } from './property.js';
import { proxySecrets } from './proxy.js';
import { type OperationResult, Recorder } from './recorder.js';
import { createRedactor, redactDeep } from './redact.js';
import { type Selection, unselected } from './select.js';
import { SAFE_METHODS, Sender } from './sender.js';

export type Target = { readonly baseUrl: string } | { readonly app: RequestListener };

export interface RunOptions {
  readonly target: Target;
  readonly contract?: Contract;
  /** Path of the document, when no contract is given. */
  readonly spec?: string;
  readonly apiKey?: string;
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
export function runSecrets(options: Pick<RunOptions, 'headers' | 'transport'>): string[] {
  const env = options.transport?.env ?? process.env;
  const proxies = [
    options.transport?.proxy,
    env.https_proxy,
    env.HTTPS_PROXY,
    env.http_proxy,
    env.all_proxy,
    env.ALL_PROXY,
  ];
  return [...Object.values(options.headers ?? {}), ...proxies.flatMap(proxySecrets)].filter((s) => s.length > 0);
}

/** Check names that are not in the registry. */
export function unknownChecks(names: readonly string[]): string[] {
  return names.filter((name) => !CHECK_NAMES.includes(name));
}

function selectChecks(options: RunOptions): NamedCheck[] {
  const unknown = unknownChecks([...(options.checks ?? []), ...(options.skip ?? [])]);
  if (unknown.length > 0)
    throw new RunError(`unknown check(s): ${unknown.join(', ')}; known: ${CHECK_NAMES.join(', ')}`);
  return CHECKS.filter(
    (check) => (!options.checks || options.checks.includes(check.name)) && !options.skip?.includes(check.name),
  );
}

async function startTarget(target: Target): Promise<{ baseUrl: string; server?: Server }> {
  if ('baseUrl' in target) return { baseUrl: target.baseUrl.replace(/\/+$/, '') };
  const server = createServer(target.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

function skipReason(
  options: RunOptions,
  operation: Operation,
  unselectedReasons: ReadonlyMap<Operation, string>,
): string | undefined {
  if (operation.unspecified) return 'x-unspecified: the document names it but does not show its behaviour';
  const unselectedBecause = unselectedReasons.get(operation);
  if (unselectedBecause) return unselectedBecause;
  const finals = operation.responses.filter((r) => !/^1(\d\d|XX)$/i.test(r.status));
  if (finals.length === 0) return 'the document lists only informational (1xx) statuses, which are never final answers';
  if (options.readOnly && !SAFE_METHODS.has(operation.method)) return '--read-only: no writes are sent';
  if (!canAuthenticate(operation, options)) {
    const schemes = [...new Set(operation.security.flat().map((scheme) => scheme.name))].join(', ');
    return `no API key given (CONFORMANCE_API_KEY or --api-key), nor credentials for ${schemes} (--auth NAME=VALUE)`;
  }
  return undefined;
}

export async function runConformance(options: RunOptions): Promise<RunResult> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const seed = options.seed ?? chooseSeed();
  const checks = selectChecks(options);
  const contract = options.contract ?? (await loadContract(options.spec));
  const redact = createRedactor(options.apiKey, [...secretsOf(options, contract.operations), ...runSecrets(options)]);
  const leftOut = unselected(contract.operations, options.selection ?? {});
  const progress = (message: string) => options.onProgress?.(redact(message));
  const { baseUrl: targetUrl, server } = await startTarget(options.target);
  // A base URL is the service's base address, taken as given; an in-process app gets the document's base path.
  const baseUrl = 'app' in options.target ? `${targetUrl}${contract.basePath}` : targetUrl;

  const recorder = new Recorder(contract.operations, {
    checks,
    skipReason: (operation) => skipReason(options, operation, leftOut),
    onProgress: progress,
    ...(options.onFailure
      ? { onFailure: (violation: Violation) => options.onFailure?.(redactDeep(violation, redact)) }
      : {}),
  });
  const sender = new Sender({
    baseUrl,
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULTS.maxResponseBytes,
    concurrency: options.concurrency ?? DEFAULTS.concurrency,
    maxWrites: options.readOnly ? 0 : (options.maxWrites ?? DEFAULTS.maxWrites),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    ...(options.transport ? { transport: options.transport } : {}),
    onSent: (testCase, exchange) => {
      recorder.countExchange(testCase, exchange);
      options.onExchange?.(exchange, new Date(Date.now() - exchange.ms));
    },
    onProgress: progress,
  });
  const collections = findCollections(contract);
  const context = new PlanContext(
    seed,
    {
      ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
      ...(options.auth ? { auth: options.auth } : {}),
    },
    options.namePrefix ?? DEFAULTS.namePrefix,
    options.runs ?? DEFAULTS.runs,
    progress,
    collections,
  );

  const readList = async (collection: CollectionSpec) => {
    if (!collection.list) return undefined;
    const exchange = await sender.send(
      context.testCase(collection.list.operation, { kind: 'positive', what: 'to confirm a refusal' }),
    );
    const body = exchange ? parseBody(exchange) : undefined;
    return body?.kind === 'json' && Array.isArray(body.value) ? body.value : undefined;
  };
  const judgeSent = async (testCase: TestCase, exchange: Exchange, scope: Scope): Promise<Executed> => {
    const facts = await gatherFacts(testCase, exchange, scope, readList);
    return judge(contract, checks, testCase, exchange, parseBody(exchange), scope, facts);
  };
  const execute = async (testCase: TestCase, scope: Scope): Promise<Executed | undefined> => {
    const exchange = await sender.send(testCase);
    if (!exchange) return undefined;
    const executed = await judgeSent(testCase, exchange, scope);
    recorder.record(executed);
    return executed;
  };
  const stopped = () => sender.stopped;
  const collectionOf = (operation: Operation) =>
    collections.find(
      (c) => c.list?.operation === operation || c.create?.operation === operation || c.read?.operation === operation,
    );

  const creations = new CreationLog(collections);
  async function testOperation(operation: Operation): Promise<void> {
    const collection = collectionOf(operation);
    const scope: Scope = collection ? { collection } : {};
    const plan = planOperation(operation, context);
    const executeLogged = async (testCase: TestCase) => {
      const executed = await execute(testCase, scope);
      if (executed) creations.record(executed);
    };
    if (plan.probe) await executeLogged(plan.probe);
    if (stopped()) return;
    progress(`${operation.id}: valid, invalid and credential cases`);
    await Promise.all([
      ...plan.cases.map(executeLogged),
      ...plan.properties.map((property) =>
        runProperty(property, seed, {
          judge: async (testCase) => {
            const exchange = await sender.send(testCase);
            if (!exchange) return undefined;
            const executed = await judgeSent(testCase, exchange, scope);
            creations.record(executed);
            return executed;
          },
          record: (executed) => recorder.record(executed),
          keyOf: (check, testCase, finding) => recorder.keyOf(check, testCase.operation, finding),
          stopped,
        }),
      ),
    ]);
  }

  const sequenceRunner: SequenceRunner = {
    send: (testCase) => sender.send(testCase),
    execute,
    conclude: (testCase, exchange, body, scope) =>
      recorder.record(judge(contract, checks, testCase, exchange, body, scope)),
    stopped,
  };
  const testable = contract.operations.filter((operation) => !recorder.resultOf(operation).skipped);
  try {
    // A shard that the split leaves nothing to (more jobs than operations) has done its part.
    const emptyShard = options.selection?.shard !== undefined && testable.length === 0;
    if (testable.length === 0 && !emptyShard) {
      const reasons = [...new Set(recorder.operations.map((r) => r.skipped))].join('; ');
      throw new RunError(`nothing to test: ${reasons}`);
    }
    await Promise.all([
      ...testable.map(async (operation) => {
        await testOperation(operation);
        const result = recorder.resultOf(operation);
        const failed = Object.values(result.checks).filter((c) => c.outcome === 'failed').length;
        progress(`${operation.id}: done, ${result.requests} requests, ${failed} failing check(s)`);
      }),
      ...collections
        .filter((c) => c.list && c.create && !options.readOnly && testable.includes(c.create.operation))
        .map(async (collection) => {
          await runSequences(collection, context, sequenceRunner);
          progress(`${collection.path}: create, list and read-back sequences done`);
        }),
      ...collections
        .filter(
          (c) =>
            c.create &&
            (c.replace || c.update || c.remove) &&
            !options.readOnly &&
            testable.includes(c.create.operation),
        )
        .map(async (collection) => {
          await runItemLifecycle(collection, context, sequenceRunner);
          progress(`${collection.path}: change and delete sequence done`);
        }),
    ]);
    if (!options.readOnly) {
      await creations.verify(context, sequenceRunner);
      progress('every creation of the run looked up in a final list');
    }
  } finally {
    sender.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server?.closeAllConnections();
  }

  for (const operation of contract.operations) recorder.markUnsent(operation, sender.unsentOf(operation));
  for (const [operation, missing] of context.shortfalls) {
    for (const what of missing) recorder.noteNoValidInput(operation, what, baseUrl);
  }
  const { failures, notes } = recorder.violations();
  const tested = recorder.operations.some((r) => r.requests > 0) || testable.length === 0;
  const exitCode = sender.unreachable || !tested ? 2 : failures.length > 0 ? 1 : 0;
  const error = sender.unreachable ?? (!tested ? 'nothing was tested' : undefined);
  // The one boundary: everything the result holds that may carry data is redacted before anyone
  // prints or writes it (operation records hold only the document's names and counts).
  return {
    seed,
    baseUrl: redact(baseUrl),
    startedAt,
    durationMs: performance.now() - started,
    requests: sender.requests,
    writes: sender.writes,
    operations: recorder.operations,
    // A target that could not be reached is no violation: the run could not run.
    violations: sender.unreachable ? [] : redactDeep(failures, redact),
    notes: redactDeep(notes, redact),
    checks: checks.map((check) => check.name),
    created: redactDeep(creations.created(), redact),
    exitCode,
    ...(error ? { error: redact(error) } : {}),
    ...(sender.aborted ? { aborted: redact(sender.aborted) } : {}),
    ...(options.transport?.insecure ? { insecure: true } : {}),
  };
}
