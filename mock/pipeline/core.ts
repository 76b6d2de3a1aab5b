// The mock without a transport. Everything spec-related (routes, security, validators, behaviours,
// error bodies) is prepared here once; a request only walks the steps: log, journal, CORS, latency,
// then the operation steps of steps.ts. The node:http server, the Express app and the MSW handlers
// are adapters that hand this core a request and an answer to fill. Runs in a browser too: nothing
// on this path imports a node: module.

import {
  type Contract,
  derivedTimesOf,
  initialStateOf,
  type Operation,
  overviewOf,
  type ResourceCorrection,
  stateCountsOf,
  statusMember,
} from '../../spec/core.js';
import { type Behaviour, bindBehaviours } from '../behaviours/behaviours.js';
import { type SeedData, seedCollections } from '../behaviours/seed.js';
import { SessionStore } from '../behaviours/sessions.js';
import { stateMovesOf } from '../behaviours/state-moves.js';
import builtInSeed from '../categories.json' with { type: 'json' };
import { createAuthenticator } from '../core/auth.js';
import { chain, type ErrorStep, type Next, pathOf, type Step } from '../core/chain.js';
import { answerPreflight, applyCors, type CorsPolicy, deferCors, isPreflight } from '../core/cors.js';
import {
  DEFAULT_API_KEY,
  DEFAULT_BODY_LIMIT,
  DEFAULT_MAX_ITEMS,
  DEFAULT_UNSPECIFIED_STATUS,
} from '../core/defaults.js';
import { ErrorShaper } from '../core/error-shapes.js';
import { CODE_FOR_STATUS, MockHttpError, sendError } from '../core/errors.js';
import type { MockRequest, MockResponse } from '../core/exchange.js';
import { createRouter, type Router } from '../core/router.js';
import { type JournalEntry, RequestJournal } from '../journal/journal.js';
import { type ContractViolation, ViolationLog } from '../proxy/violations.js';
import { createOperationSteps, matchedOperation } from './steps.js';

export interface RequestLogEntry {
  readonly method: string;
  /** The path without its query string, which may carry credentials. */
  readonly path: string;
  readonly status: number;
  readonly ms: number;
}

export interface CoreOptions {
  readonly contract: Contract;
  /** Corrections to the inferred API model (--model FILE), by path. */
  readonly model?: ReadonlyMap<string, ResourceCorrection>;
  /** Keys accepted as bearer credentials. Default: ["dev-key"]. */
  readonly apiKeys?: readonly string[];
  /** Seed data; null for an empty store; default: mock/categories.json. */
  readonly seed?: SeedData | null;
  /** Names the collection an array of seed data belongs to ("categories"). */
  readonly seedName?: string;
  readonly bodyLimitBytes?: number;
  /** The most items one collection holds; creations past it get 400 store_full. */
  readonly maxItems?: number;
  /** The most mock sessions kept at once; the least recently used goes first. */
  readonly maxSessions?: number;
  /** Default: every origin reflected. */
  readonly cors?: CorsPolicy;
  readonly latencyMs?: number;
  /** Status for operations without a behaviour. Default 501; 404 suits tools that fail on any 5xx. */
  readonly unspecifiedStatus?: number;
  readonly onRequest?: (entry: RequestLogEntry) => void;
  /** The request journal (GET /__mock/requests); default on. Off for load tests. */
  readonly journal?: boolean;
  /** Called once for each contract violation the validating proxy finds. */
  readonly onViolation?: (violation: ContractViolation) => void;
}

export interface MockedOperation {
  readonly operation: Operation;
  /** The stateful behaviour bound to it; undefined answers 501 (or unspecifiedStatus). */
  readonly behaviour?: Behaviour;
}

/** What serves the requests under the base path in place of the operation steps (the proxy). */
export type ServingSteps = (parts: { readonly router: Router; readonly violations: ViolationLog }) => readonly Step[];

export interface MockCore {
  readonly contract: Contract;
  readonly operations: readonly MockedOperation[];
  readonly store: SessionStore;
  readonly journal: RequestJournal;
  readonly violationLog: ViolationLog;
  /** Items per collection in the seed (reading it draws the items of collections seeded on first use). */
  readonly seeded: ReadonlyMap<string, number>;
  /** Items per collection in the seed where they are drawn already; undefined for those drawn on first use. */
  readonly seeding: () => ReadonlyMap<string, number | undefined>;
  /** The keys' check, for the mock's own endpoints. */
  readonly keys: readonly string[];
  /** Steps every request takes first (log, journal, CORS, latency), and those that serve it. */
  readonly entrySteps: readonly Step[];
  readonly servingSteps: readonly Step[];
  /** Answers any error a step throws or passes on, in the operation's error shape. */
  readonly sendErrorBody: ErrorStep;
  /** An error no operation was matched for (a malformed request), in the document's error shape. */
  readonly shapeUnrouted: (error: MockHttpError) => MockHttpError;
  /** One request under the base path, through every step: the transports' common entry. */
  readonly handle: (req: MockRequest, res: MockResponse) => void;
  /** The request journal of one session (default: requests without X-Mock-Session), oldest first. */
  readonly requests: (session?: string) => JournalEntry[];
}

export function createMockCore(options: CoreOptions, serving?: ServingSteps): MockCore {
  const { contract } = options;
  const keys = options.apiKeys && options.apiKeys.length > 0 ? options.apiKeys : [DEFAULT_API_KEY];
  const cors: CorsPolicy = options.cors ?? { origins: '*' };
  const latencyMs = options.latencyMs ?? 0;
  const router = createRouter(contract);
  const bindings = bindBehaviours(contract, options.model);
  const seed = resolveSeed(options);
  const seeded = seedCollections(bindings.collections, seed.data, {
    ...(seed.name ? { name: seed.name } : {}),
    maxItems: options.maxItems ?? DEFAULT_MAX_ITEMS,
    builtIn: seed.builtIn,
    fromDocument: seed.builtIn,
    requestExamples: contract.operations.flatMap((operation) =>
      (operation.requestBody?.content ?? []).flatMap((media) =>
        media.examples.map((example) => ({ path: operation.path, example })),
      ),
    ),
    derived: (spec) => derivedTimesOf(spec, contract),
    caller: bindings.caller,
    stateCounts: (spec) => stateCountsOf(spec, bindings.collections, contract),
    stateInstants: (spec) => ({
      moves: stateMovesOf(spec, 'update', [], bindings.collections).stateMoves,
      first: initialStateOf(spec, contract)?.value ?? statusMember(spec)?.values[0],
    }),
  });
  const store = new SessionStore(seeded, options.maxSessions);
  const unspecifiedStatus = options.unspecifiedStatus ?? DEFAULT_UNSPECIFIED_STATUS;
  const errorShapes = new ErrorShaper(overviewOf(contract));
  const journal = new RequestJournal(contract, contract.basePath);
  const violationLog = new ViolationLog(options.onViolation);
  const servingSteps =
    serving?.({ router, violations: violationLog }) ??
    createOperationSteps({
      router,
      authenticate: createAuthenticator(keys),
      behaviours: bindings.behaviours,
      parents: bindings.parents,
      store,
      bodyLimit: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT,
      unspecified: (operation: Operation) =>
        new MockHttpError(
          unspecifiedStatus,
          unspecifiedStatus === 501 ? 'not_implemented' : 'unspecified_operation',
          `${operation.method} ${operation.path} is named by the document, but its behaviour is not specified.`,
        ),
    });

  function logRequests(req: MockRequest, res: MockResponse, next: Next): void {
    if (options.onRequest) {
      const started = performance.now();
      const path = pathOf(req);
      res.once('finish', () =>
        options.onRequest?.({
          method: req.method ?? '',
          path,
          status: res.statusCode,
          ms: performance.now() - started,
        }),
      );
    }
    next();
  }

  // Preflights answered here; an actual answer's headers set now (any writer), or, where the
  // operation steps write every answer, left for their writers (cheaper: see cors.ts).
  const corsStep = (setCors: typeof applyCors): Step =>
    function corsHeaders(req: MockRequest, res: MockResponse, next: Next): void {
      if (cors && isPreflight(req)) {
        answerPreflight(cors, req, res, router.allowedMethods(pathOf(req)));
        return;
      }
      setCors(cors, req, res);
      next();
    };

  function addLatency(_req: MockRequest, _res: MockResponse, next: Next): void {
    setTimeout(next, latencyMs);
  }

  // A refusal before routing (no such path, method, a malformed request) still answers in the
  // document's error shape: that of an operation documenting the status, else of any error.
  const representatives = new Map<number, Operation | undefined>();
  const representative = (status: number): Operation | undefined => {
    if (!representatives.has(status)) {
      const documents = (test: (s: string) => boolean) =>
        contract.operations.find((operation) => operation.responses.some((r) => test(r.status)));
      representatives.set(status, documents((s) => s === String(status)) ?? documents((s) => /^4/.test(s)));
    }
    return representatives.get(status);
  };

  function sendErrorBody(error: unknown, req: MockRequest, res: MockResponse, _next: Next): void {
    if (error instanceof MockHttpError) {
      sendError(res, errorShapes.shape(matchedOperation(req) ?? representative(error.status), error));
      return;
    }
    // Errors from Express itself (e.g. a malformed URL) carry a 4xx status; anything else is ours.
    const status = (error as { status?: number }).status;
    const known = typeof status === 'number' && status >= 400 && status < 500;
    sendError(
      res,
      known
        ? new MockHttpError(status, CODE_FOR_STATUS[status] ?? 'bad_request', 'The request could not be processed.')
        : new MockHttpError(
            500,
            'internal_error',
            `Unexpected error in the mock while handling ${req.method} ${pathOf(req)}.`,
          ),
    );
  }

  // Declared once, run by every entry path.
  const entryStepsWith = (corsHeaders: Step): readonly Step[] => [
    logRequests,
    ...(options.journal === false ? [] : [journal.step]),
    corsHeaders,
    ...(latencyMs > 0 ? [addLatency] : []),
  ];
  const entrySteps = entryStepsWith(corsStep(applyCors));
  // The operation steps write every answer with withCorsHeaders; the proxy and Express do not.
  const handledSteps = serving ? entrySteps : entryStepsWith(corsStep(deferCors));

  return Object.freeze({
    contract,
    operations: contract.operations.map((operation) => {
      const behaviour = bindings.behaviours.get(operation);
      return behaviour ? { operation, behaviour } : { operation };
    }),
    store,
    journal,
    violationLog,
    get seeded() {
      return new Map([...seeded].map(([path, c]) => [path, c.size]));
    },
    seeding: () => new Map([...seeded].map(([path, c]) => [path, c.drawn ? c.size : undefined])),
    keys,
    entrySteps,
    servingSteps,
    sendErrorBody,
    shapeUnrouted: (error: MockHttpError) => errorShapes.shape(representative(error.status), error),
    handle: chain([...handledSteps, ...servingSteps], sendErrorBody),
    requests: (session?: string) => journal.entries(session),
  });
}

/** The seed: none (--empty), the user's, or the built-in one (which fits the Pet Catalog only:
 * other documents' collections start from their list example, else generated items). */
function resolveSeed(options: CoreOptions): { data: SeedData | undefined; name?: string; builtIn: boolean } {
  if (options.seed === null) return { data: undefined, builtIn: false };
  if (options.seed !== undefined) {
    return { data: options.seed, ...(options.seedName ? { name: options.seedName } : {}), builtIn: false };
  }
  return { data: builtInSeed as SeedData, name: 'categories', builtIn: true };
}
