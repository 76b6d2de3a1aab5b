// runConformance: plans cases from the document, sends them to a target, judges and records every
// exchange, and returns the result. Knows nothing of the mock: a target is a base URL or a listener.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  apiModelOf,
  type CollectionSpec,
  collectionOperations,
  listedItems,
  loadContract,
  type Operation,
} from '../spec/index.js';
import { secretsOf } from './auth/auth-variants.js';
import { gatherFacts, judge, parseBody, type Scope } from './judge/evaluate.js';
import type { Executed, TestCase, Violation } from './model.js';
import { PlanContext, planOperation } from './plan/index.js';
import { referencedCollections, withReferences } from './plan/references.js';
import { CreationLog } from './plan/scenarios/creations.js';
import { hasIdioms, runIdioms } from './plan/scenarios/idioms.js';
import { runItemLifecycle } from './plan/scenarios/lifecycle.js';
import { runSequences, type SequenceRunner } from './plan/scenarios/sequences.js';
import { runProperty } from './property.js';
import { Recorder } from './report/recorder.js';
import { createRedactor, redactDeep } from './report/redact.js';
import {
  chooseSeed,
  DEFAULTS,
  RunError,
  type RunOptions,
  type RunResult,
  runSecrets,
  selectChecks,
  skipReason,
  type Target,
} from './run-options.js';
import { unselected } from './select.js';
import type { Exchange } from './send/http.js';
import { SAFE_METHODS, Sender } from './send/sender.js';
import { defaultMaxWrites, WriteBudget } from './send/write-budget.js';

export * from './run-options.js';

async function startTarget(target: Target): Promise<{ baseUrl: string; server?: Server }> {
  if ('baseUrl' in target) return { baseUrl: target.baseUrl.replace(/\/+$/, '') };
  const server = createServer(target.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
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

  let failuresFound = 0;
  let operationsDone = 0;
  const model = apiModelOf(contract, options.model);
  const collections = model.collections;
  const recorder = new Recorder(contract.operations, {
    checks,
    collectionOperations: new Set(collections.flatMap(collectionOperations)),
    skipReason: (operation) => skipReason(options, operation, leftOut),
    onProgress: progress,
    onFailure: (violation: Violation) => {
      failuresFound++;
      options.onFailure?.(redactDeep(violation, redact));
    },
  });
  const writeOperations = contract.operations.filter(
    (operation) => !SAFE_METHODS.has(operation.method) && !recorder.resultOf(operation).skipped,
  );
  const sequenceCount = collections.filter((c) => c.create && writeOperations.includes(c.create.operation)).length;
  const maxWrites = options.readOnly
    ? 0
    : (options.maxWrites ??
      defaultMaxWrites(DEFAULTS.maxWrites, writeOperations, sequenceCount, options.runs ?? DEFAULTS.runs));
  const sender = new Sender({
    baseUrl,
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULTS.maxResponseBytes,
    concurrency: options.concurrency ?? DEFAULTS.concurrency,
    maxWrites,
    writeBudget: new WriteBudget(maxWrites, writeOperations, sequenceCount),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    ...(options.transport ? { transport: options.transport } : {}),
    onSent: (testCase, exchange) => {
      recorder.countExchange(testCase, exchange);
      options.onExchange?.(exchange, new Date(Date.now() - exchange.ms));
    },
    onProgress: progress,
  });
  const toTest = contract.operations.filter((operation) => !recorder.resultOf(operation).skipped).length;
  options.onStart?.(() => ({
    operationsDone,
    operations: toTest,
    requests: sender.requests,
    writes: sender.writes,
    maxWrites,
    failures: failuresFound,
    elapsedMs: performance.now() - started,
  }));
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
    return body?.kind === 'json' ? listedItems(collection, body.value) : undefined;
  };
  const judgeSent = async (testCase: TestCase, exchange: Exchange, scope: Scope): Promise<Executed> => {
    const facts = await gatherFacts(testCase, exchange, scope, readList);
    return judge(contract, checks, testCase, exchange, parseBody(exchange), scope, facts);
  };
  const execute = async (testCase: TestCase, scope: Scope, forSequence = false): Promise<Executed | undefined> => {
    const exchange = await sender.send(testCase, forSequence);
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
  // Ids other collections list, read once each, for the members that name their items.
  const listings = new Map<CollectionSpec, Promise<unknown>>();
  async function listedIds(operation: Operation): Promise<Map<string, unknown>> {
    const ids = new Map<string, unknown>();
    for (const [member, collection] of referencedCollections(operation, collections)) {
      if (!listings.has(collection))
        listings.set(
          collection,
          readList(collection).then((items) => items?.[0]),
        );
      const first = (await listings.get(collection)) as Record<string, unknown> | undefined;
      const id = first?.[collection.idProperty];
      if (id !== undefined && id !== null) ids.set(member, id);
    }
    return ids;
  }
  async function testOperation(operation: Operation): Promise<void> {
    const collection = collectionOf(operation);
    const scope: Scope = collection ? { collection } : {};
    const plan = withReferences(planOperation(operation, context), await listedIds(operation));
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
    send: (testCase) => sender.send(testCase, true),
    execute: (testCase, scope) => execute(testCase, scope, true),
    conclude: (testCase, exchange, body, scope) =>
      recorder.record(judge(contract, checks, testCase, exchange, body, scope)),
    stopped,
  };
  const testable = contract.operations.filter((operation) => !recorder.resultOf(operation).skipped);
  try {
    // A shard that the split leaves nothing to (more jobs than operations) has done its part.
    const emptyShard = options.selection?.shard !== undefined && testable.length === 0;
    // A document of webhooks alone (OpenAPI 3.1) is read, and its webhooks listed as not tested.
    const onlyWebhooks = contract.operations.length === 0 && contract.webhooks.length > 0;
    if (testable.length === 0 && !emptyShard && !onlyWebhooks) {
      const reasons =
        [...new Set(recorder.operations.map((r) => r.skipped))].join('; ') ||
        'the document declares no operations (its paths hold no methods)';
      throw new RunError(`nothing to test: ${reasons}`);
    }
    await Promise.all([
      ...testable.map(async (operation) => {
        try {
          await testOperation(operation);
        } finally {
          sender.finishWrites(operation);
        }
        operationsDone++;
        const result = recorder.resultOf(operation);
        const failed = Object.values(result.checks).filter((c) => c.outcome === 'failed').length;
        progress(`${operation.id}: done, ${result.requests} requests, ${failed} failing check(s)`);
      }),
      Promise.all([
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
        ...model.resources
          .filter(
            (r) =>
              hasIdioms(r) &&
              !options.readOnly &&
              r.collection.create &&
              testable.includes(r.collection.create.operation),
          )
          .map(async (resource) => {
            await runIdioms(resource, context, sequenceRunner);
            progress(`${resource.collection.path}: idempotency, conditional request and action sequence done`);
          }),
      ]).finally(() => sender.finishSequenceWrites()),
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
    ...(contract.webhooks.length > 0 ? { webhooks: contract.webhooks } : {}),
  };
}
