// The mock as an Express app. Everything spec-related (routes, security, validators, behaviours,
// error bodies) is prepared here once; a request only walks the steps: log, CORS, latency, then the
// operation steps of steps.ts. The server's direct path runs the same steps without Express.
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express } from 'express';
import type { Contract, Operation } from '../spec/index.js';
import { createAuthenticator, createKeyMatcher } from './auth.js';
import { type Behaviour, bindBehaviours } from './behaviours.js';
import { answerPreflight, applyCors, type CorsPolicy, isPreflight } from './cors.js';
import {
  DEFAULT_API_KEY,
  DEFAULT_BODY_LIMIT,
  DEFAULT_MAX_ITEMS,
  DEFAULT_PROXY_JUDGE_LIMIT,
  DEFAULT_UNSPECIFIED_STATUS,
} from './defaults.js';
import { ErrorShaper } from './error-shapes.js';
import { CODE_FOR_STATUS, MockHttpError, sendError } from './errors.js';
import { type JournalEntry, RequestJournal } from './journal.js';
import { createMetaRouter } from './meta-routes.js';
import { chain, type Next, pathOf, type Step } from './pipeline.js';
import { createProxyStep } from './proxy.js';
import { createRouter } from './router.js';
import { defaultSeedFile, readSeedFile, type SeedData, seedCollections } from './seed.js';
import { createOperationSteps, matchedOperation } from './steps.js';
import { SessionStore } from './store.js';
import { type ContractViolation, ViolationLog } from './violations.js';

export interface RequestLogEntry {
  readonly method: string;
  /** The path without its query string, which may carry credentials. */
  readonly path: string;
  readonly status: number;
  readonly ms: number;
}

export interface MockOptions {
  readonly contract: Contract;
  /** Keys accepted as bearer credentials. Default: ["dev-key"]. */
  readonly apiKeys?: readonly string[];
  /** Seed data; null for an empty store; default: fixtures/categories.json. */
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
  /** Validating proxy: forward every request under the base path to this upstream base URL. */
  readonly proxy?: string;
  /** With a proxy: a violating answer becomes a 502 Error, an invalid request the mock's own 400. */
  readonly proxyStrict?: boolean;
  /** With a proxy: answers larger than this pass through unjudged (default 10 MiB). */
  readonly proxyJudgeLimitBytes?: number;
  /** Called once for each contract violation the proxy finds. */
  readonly onViolation?: (violation: ContractViolation) => void;
}

export interface MockedOperation {
  readonly operation: Operation;
  /** The stateful behaviour bound to it; undefined answers 501 (or unspecifiedStatus). */
  readonly behaviour?: Behaviour;
}

/** What the mock serves, for the start-up banner and for embedders. */
export interface MockInfo {
  readonly contract: Contract;
  readonly operations: readonly MockedOperation[];
  readonly store: SessionStore;
  /** Items per collection in the seed. */
  readonly seeded: ReadonlyMap<string, number>;
  /** The same steps as the app's, for requests under the base path, without Express's
   * per-request set-up (prototype swaps, router layers): the running server's hot path. */
  readonly direct: (req: IncomingMessage, res: ServerResponse) => void;
  /** The request journal of one session (default: requests without X-Mock-Session), oldest first. */
  readonly requests: (session?: string) => JournalEntry[];
  /** What the validating proxy found (empty unless --proxy). */
  readonly violations: () => readonly ContractViolation[];
}

export type MockApp = Express & { readonly mock: MockInfo };

export function createMockApp(options: MockOptions): MockApp {
  const { contract } = options;
  const keys = options.apiKeys && options.apiKeys.length > 0 ? options.apiKeys : [DEFAULT_API_KEY];
  const cors: CorsPolicy = options.cors ?? { origins: '*' };
  const latencyMs = options.latencyMs ?? 0;
  const router = createRouter(contract);
  const bindings = bindBehaviours(contract);
  const seed = resolveSeed(options);
  const seeded = seedCollections(bindings.collections, seed.data, {
    ...(seed.name ? { name: seed.name } : {}),
    maxItems: options.maxItems ?? DEFAULT_MAX_ITEMS,
    builtIn: seed.builtIn,
    fromDocument: seed.builtIn,
  });
  const store = new SessionStore(seeded, options.maxSessions);
  const unspecifiedStatus = options.unspecifiedStatus ?? DEFAULT_UNSPECIFIED_STATUS;
  const errorShapes = new ErrorShaper();
  const operationSteps = createOperationSteps({
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

  function logRequests(req: IncomingMessage, res: ServerResponse, next: Next): void {
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

  function corsHeaders(req: IncomingMessage, res: ServerResponse, next: Next): void {
    if (cors && isPreflight(req)) {
      answerPreflight(cors, req, res, router.allowedMethods(pathOf(req)));
      return;
    }
    applyCors(cors, req, res);
    next();
  }

  function addLatency(_req: IncomingMessage, _res: ServerResponse, next: Next): void {
    setTimeout(next, latencyMs);
  }

  function sendErrorBody(error: unknown, req: IncomingMessage, res: ServerResponse, _next: Next): void {
    if (error instanceof MockHttpError) {
      sendError(res, errorShapes.shape(matchedOperation(req), error));
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

  const journal = new RequestJournal(contract, contract.basePath);
  const violations = new ViolationLog(options.onViolation);
  // As a validating proxy, the operation steps give way to one step that forwards and judges.
  const servingSteps: readonly Step[] = options.proxy
    ? [
        createProxyStep({
          contract,
          router,
          upstream: options.proxy,
          strict: options.proxyStrict === true,
          bodyLimit: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT,
          judgeLimit: options.proxyJudgeLimitBytes ?? DEFAULT_PROXY_JUDGE_LIMIT,
          violations,
        }) as Step,
      ]
    : operationSteps;

  // Declared once, run by both entry paths.
  const entrySteps: readonly Step[] = [
    logRequests,
    ...(options.journal === false ? [] : [journal.step]),
    corsHeaders,
    ...(latencyMs > 0 ? [addLatency] : []),
  ];

  const app = express() as unknown as MockApp;
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', false);
  app.use(...entrySteps);
  app.use(createMetaRouter({ contract, store, journal, violations, isKey: createKeyMatcher(keys) }));
  app.use(...servingSteps);
  // Express recognises an error handler by its four parameters.
  app.use(sendErrorBody);

  const operations = contract.operations.map((operation) => {
    const behaviour = bindings.behaviours.get(operation);
    return behaviour ? { operation, behaviour } : { operation };
  });
  Object.defineProperty(app, 'mock', {
    value: Object.freeze({
      contract,
      operations,
      store,
      seeded: new Map([...seeded].map(([path, c]) => [path, c.size])),
      direct: chain([...entrySteps, ...servingSteps], sendErrorBody),
      violations: () => violations.list(),
      requests: (session?: string) => journal.entries(session),
    }),
  });
  return app;
}

/** The seed: none (--empty), the user's, or the built-in one (which fits the Pet Catalog only:
 * other documents' collections start from their list example, else generated items). */
function resolveSeed(options: MockOptions): { data: SeedData | undefined; name?: string; builtIn: boolean } {
  if (options.seed === null) return { data: undefined, builtIn: false };
  if (options.seed !== undefined) {
    return { data: options.seed, ...(options.seedName ? { name: options.seedName } : {}), builtIn: false };
  }
  return { ...readSeedFile(defaultSeedFile()), builtIn: true };
}
