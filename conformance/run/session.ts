// One run's working parts, wired once from its settings: the recorder, the bounded sender, the plan
// context, the creation log, and the functions the stages and scenarios are given (execute, judge,
// read a list). The stages (stages.ts) only call these.
import {
  allowedDelay,
  asynchronousJobs,
  type CollectionSpec,
  collectionOperations,
  listedItems,
  type Operation,
  putCreation,
  resourceOf,
} from '../../spec/index.js';
import { overviewOf } from '../../spec/model/index.js';
import { DeletedItems } from '../judge/deleted-items.js';
import { etagConflictFindings } from '../judge/etag-conflicts.js';
import { EtagMemory } from '../judge/etag-memory.js';
import { gatherFacts, judge, parseBody, type Scope } from '../judge/evaluate.js';
import { MadeKeys } from '../judge/made-keys.js';
import { MovedItems } from '../judge/moved-items.js';
import { SentKeys } from '../judge/sent-keys.js';
import { SentReferences } from '../judge/sent-references.js';
import type { CheckContext, Executed, TestCase, Violation } from '../model.js';
import { PlanContext } from '../plan/index.js';
import { CreationLog } from '../plan/scenarios/creations.js';
import { ItemMaker } from '../plan/scenarios/maker.js';
import { walkPages, withLargePages } from '../plan/scenarios/pages.js';
import { Reach } from '../plan/scenarios/reach.js';
import type { SequenceRunner } from '../plan/scenarios/sequences.js';
import { Recorder } from '../report/recorder.js';
import { redactDeep } from '../report/redact.js';
import { DEFAULTS, skipReason } from '../run-options.js';
import type { Exchange } from '../send/http.js';
import { SAFE_METHODS, Sender } from '../send/sender.js';
import { defaultMaxWrites, WriteBudget, writesFor } from '../send/write-budget.js';
import { assignedAnyway as echoedAnyway } from './assigned-anyway.js';
import { callerReader } from './caller.js';
import { ConflictReasons } from './conflict-reasons.js';
import { NamedChildren } from './named-children.js';
import type { RunSettings } from './settings.js';

export class RunSession {
  readonly recorder: Recorder;
  readonly sender: Sender;
  readonly context: PlanContext;
  readonly creations: CreationLog;
  readonly sequenceRunner: SequenceRunner;
  readonly reach = new Reach();
  /** Keys the client chooses, as the run's creations sent them. */
  private readonly sentKeys: SentKeys;
  private readonly sentReferences = new SentReferences();
  private readonly movedItems = new MovedItems();
  private readonly deletedItems = new DeletedItems();
  private readonly madeKeys: MadeKeys;
  private maker?: ItemMaker;
  /** Strong ETags seen per request, to catch one tag on two bodies. */
  private readonly etags = new EtagMemory();
  /** The operations the selection, shard and document leave to test. */
  readonly testable: readonly Operation[];
  failuresFound = 0;
  operationsDone = 0;
  /** Requests in flight at once. */
  readonly concurrency: number;
  /** Body members naming a child of what the item names, filled with listed ones (named-children.ts). */
  private readonly namedChildren: NamedChildren;
  /** Why a 409 to a valid creation may be no fault. */
  private readonly conflicts: ConflictReasons;

  constructor(
    readonly settings: RunSettings,
    readonly baseUrl: string,
  ) {
    const { options, contract, model, progress, redact } = settings;
    this.concurrency = options.concurrency ?? DEFAULTS.concurrency;
    this.recorder = new Recorder(contract.operations, {
      checks: settings.checks,
      collectionOperations: new Set(model.collections.flatMap(collectionOperations)),
      skipReason: (operation) => skipReason(options, operation, settings.leftOut),
      onProgress: progress,
      onFailure: (violation: Violation) => {
        this.failuresFound++;
        options.onFailure?.(redactDeep(violation, redact));
      },
    });
    this.testable = contract.operations.filter((operation) => !this.recorder.resultOf(operation).skipped);
    this.sentKeys = new SentKeys(model.collections);
    this.madeKeys = new MadeKeys(model.collections);
    this.sender = this.createSender();
    this.context = new PlanContext(
      settings.seed,
      {
        ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
        ...(options.auth ? { auth: options.auth } : {}),
      },
      options.namePrefix ?? DEFAULTS.namePrefix,
      settings.runs,
      progress,
      model.collections,
      contract.operations,
      overviewOf(contract),
    );
    this.conflicts = new ConflictReasons(settings, this.context, this.sender);
    this.creations = new CreationLog(model.collections, (collection, id) =>
      this.context.markChangedByRun(collection, id),
    );
    this.namedChildren = new NamedChildren({
      context: this.context,
      collections: model.collections,
      send: (testCase) => this.sender.send(testCase, true),
      readList: this.readList,
    });
    const execute = (testCase: TestCase, scope: Scope) => this.execute(testCase, scope, true);
    const stopped = () => this.sender.stopped;
    const send = async (given: TestCase) => {
      const testCase = await this.namedChildren.fill(given);
      const exchange = await this.sender.send(testCase, true);
      if (exchange) this.reportEtagConflict(testCase, exchange);
      return exchange;
    };
    const conclude: SequenceRunner['conclude'] = (testCase, exchange, body, scope) => {
      const executed = judge(contract, settings.checks, testCase, exchange, body, scope);
      this.recorder.record(executed);
      return executed;
    };
    for (const resource of model.resources) {
      this.context.anchors.bind(resource.collection, resource.idioms.anchored ?? []);
      this.context.anchors.bindSpans(resource.collection, resource.idioms.spanOrders ?? []);
    }
    const idiomsOf = (collection: CollectionSpec) => resourceOf(model, collection)?.idioms;
    const maker = new ItemMaker(this.context, { execute, stopped, send, conclude }, this.readList, idiomsOf);
    this.maker = maker;
    this.sequenceRunner = {
      send,
      execute,
      conclude,
      stopped,
      make: (collection, request) => maker.make(collection, request),
      draft: (collection, request) => maker.draft(collection, request),
      listedIds: (collection) => maker.listedIds(collection),
      reserve: (collection, idText) => maker.reserve(collection, idText),
      listedItems: (collection, parent) => maker.listedItems(collection, parent),
      bodies: (collection, count, purpose, parent) => maker.bodies(collection, count, purpose, parent),
      freshBodies: (collection, count, purpose) => maker.freshBodies(collection, count, purpose),
      freshReference: (collection, member) => maker.freshReference(collection, member),
      parentItem: (collection, values) => maker.parentItem(collection, values),
      unlockParent: (collection, values) => maker.unlockParent(collection, values),
      references: (collection, parent, fixed) => maker.references(collection, parent, fixed),
      reach: this.reach,
    };
  }

  private createSender(): Sender {
    const { options, model, started } = this.settings;
    const writeOperations = this.testable.filter((operation) => !SAFE_METHODS.has(operation.method));
    // Each collection's scenarios (made by a creation, or by a PUT at a key the client chooses) and
    // each job a 202 starts write from the sequences' reserve.
    // A collection whose items an operation tested lives below counts too, even when its making is
    // left out (--include): the parents are made from the reserve, and with none, the maker waited
    // for the very operation waiting on it, and the run stopped with no verdict.
    const makingOf = (c: CollectionSpec) => (c.create ?? putCreation(c))?.operation;
    const livesBelow = (c: CollectionSpec) =>
      this.testable.some((operation) => operation.path.startsWith(`${c.path}/`));
    const sequenceCount =
      model.collections.filter((c) => {
        const making = makingOf(c);
        return making !== undefined && (writeOperations.includes(making) || livesBelow(c));
      }).length + asynchronousJobs(this.testable).filter((job) => writeOperations.includes(job.start)).length;
    const maxWrites = this.settings.readOnly
      ? 0
      : (options.maxWrites ?? defaultMaxWrites(DEFAULTS.maxWrites, writeOperations, sequenceCount, this.settings.runs));
    const sender = new Sender({
      baseUrl: this.baseUrl,
      timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
      maxResponseBytes: options.maxResponseBytes ?? DEFAULTS.maxResponseBytes,
      concurrency: this.concurrency,
      maxWrites,
      writeBudget: new WriteBudget(maxWrites, writeOperations, sequenceCount, (operation) =>
        writesFor(operation, this.settings.runs),
      ),
      ...(options.headers ? { headers: options.headers } : {}),
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
      ...(options.transport ? { transport: options.transport } : {}),
      allowedDelay,
      onSent: (testCase, exchange) => {
        this.sentKeys.note(testCase);
        this.sentReferences.note(testCase, exchange);
        this.movedItems.note(testCase, exchange);
        this.deletedItems.note(testCase, exchange);
        this.madeKeys.note(testCase, exchange);
        this.maker?.forgetDeleted(testCase, exchange);
        this.etags.note(exchange);
        this.recorder.countExchange(testCase, exchange);
        options.onExchange?.(exchange, new Date(Date.now() - exchange.ms));
      },
      onProgress: this.settings.progress,
    });
    options.onStart?.(() => ({
      operationsDone: this.operationsDone,
      operations: this.testable.length,
      requests: sender.requests,
      writes: sender.writes,
      maxWrites,
      failures: this.failuresFound,
      elapsedMs: performance.now() - started,
    }));
    return sender;
  }

  /** A collection's whole list as the target answers it now, every page (for evidence a check needs). */
  readonly readList = async (
    collection: CollectionSpec,
    parent?: Readonly<Record<string, string>>,
  ): Promise<Record<string, unknown>[] | undefined> => {
    if (!collection.list) return undefined;
    const listCase = withLargePages(
      collection,
      this.context.testCase(collection.list.operation, {
        kind: 'positive',
        what: 'to confirm a refusal',
        ...(parent && Object.keys(parent).length > 0 ? { pathParams: parent } : {}),
      }),
    );
    const exchange = await this.sender.send(listCase);
    const body = exchange ? parseBody(exchange) : undefined;
    const items = body?.kind === 'json' ? listedItems(collection, body.value) : undefined;
    if (!exchange || !body || !items) return items;
    return (await walkPages(collection, listCase, { exchange, body, items }, (page) => this.sender.send(page))).items;
  };

  /** What the document's current-user operation answers for the run's key, read once. */
  readonly readCaller = callerReader(this);

  async judgeSent(testCase: TestCase, exchange: Exchange, scope: Scope): Promise<Executed> {
    const gathered = await gatherFacts(testCase, exchange, scope, this.readList, this.readCaller);
    const keyTaken =
      exchange.ok && exchange.response.status === 409 && !gathered.valueAlreadyListed
        ? (this.sentKeys.sentByAnother(testCase) ?? (await this.conflicts.keyHeld(testCase, scope)))
        : undefined;
    const etagConflict = this.etags.take(exchange);
    const namedConflict = await this.conflicts.onNamedItems(testCase, exchange);
    const conflict = exchange.ok && exchange.response.status === 409;
    const namedByRun = conflict && this.sentReferences.namesDeleted(testCase);
    const movedByRun = conflict && this.movedItems.movedBefore(testCase);
    const refused = exchange.ok && exchange.response.status >= 400 && exchange.response.status < 500;
    const namesDeleted = refused ? this.deletedItems.namedIn(testCase) : [];
    const parentMadeByRun = exchange.ok && exchange.response.status < 300 && this.madeKeys.probesOwnItem(testCase);
    const assignedAnyway = await echoedAnyway(testCase, exchange, (control) => this.sender.send(control, true));
    const facts = {
      ...gathered,
      ...(keyTaken ? { valueAlreadyListed: keyTaken } : {}),
      ...(etagConflict ? { etagConflict } : {}),
      ...(namedConflict ? { conflictOnNamedItems: true } : {}),
      ...(namedByRun ? { deletedItemNamedByRun: true } : {}),
      ...(movedByRun ? { itemMovedByRun: true } : {}),
      ...(namesDeleted.length > 0 ? { namesItemsDeletedByRun: namesDeleted } : {}),
      ...(assignedAnyway.length > 0 ? { assignedAnyway } : {}),
      ...(parentMadeByRun ? { parentMadeByRun } : {}),
    };
    return judge(this.settings.contract, this.settings.checks, testCase, exchange, parseBody(exchange), scope, facts);
  }

  /** A read the run sent for its own use (not judged) that showed one strong ETag on another body:
   * judged by the idiom check alone, which reports it. */
  private reportEtagConflict(testCase: TestCase, exchange: Exchange): void {
    const etagConflict = this.etags.take(exchange);
    const idioms = this.settings.checks.find((check) => check.name === 'api_idioms_honoured');
    if (!etagConflict || !idioms) return;
    // Only the ETag is judged here: the read was the run's own, not a case of its own.
    const etagOnly = { ...idioms, run: (context: CheckContext) => etagConflictFindings(context, undefined) };
    const body = parseBody(exchange);
    // The collection whose item it read: what other writes move there is said, not failed.
    const collection = this.settings.model.collections.find((c) => c.read?.operation === testCase.operation);
    const scope = collection ? { collection } : {};
    this.recorder.record(judge(this.settings.contract, [etagOnly], testCase, exchange, body, scope, { etagConflict }));
  }

  /** Sends, judges and records a case. */
  async execute(given: TestCase, scope: Scope, forSequence = false): Promise<Executed | undefined> {
    // A made-up child is what a check of unknown references sends on purpose.
    const testCase =
      scope.sequence?.idiom?.idiom === 'reference-unknown' ? given : await this.namedChildren.fill(given);
    const exchange = await this.sender.send(testCase, forSequence);
    if (!exchange) return undefined;
    const executed = await this.judgeSent(testCase, exchange, scope);
    this.recorder.record(executed);
    return executed;
  }
}
