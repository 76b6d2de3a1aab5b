// The mock as an Express app. Everything spec-related (routes, security, validators, behaviours,
// error bodies) is prepared here once; a request only walks the steps below.

import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express, type Request, type Response } from 'express';
import { type Contract, describeIssues, type Operation, responseFor } from '../spec/index.js';
import { createAuthenticator, createKeyMatcher, hasBearerKey } from './auth.js';
import { type Behaviour, bindBehaviours } from './behaviours.js';
import { checkContentType, parseJson, readBody } from './body.js';
import { answerPreflight, applyCors, type CorsPolicy, isPreflight } from './cors.js';
import { CODE_FOR_STATUS, MockHttpError, sendError, sendJson } from './errors.js';
import { createRouter } from './router.js';
import { defaultSeedFile, readSeedFile, type SeedData, seedCollections } from './seed.js';
import { CollectionFullError, type Collections, SessionStore } from './store.js';

export const DEFAULT_API_KEY = 'dev-key';
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const DEFAULT_MAX_ITEMS = 100_000;
export const SESSION_HEADER = 'x-mock-session';

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
  /** The same middlewares as the app's, for requests under the base path, without Express's
   * per-request set-up (prototype swaps, router layers): the running server's hot path. */
  readonly direct: (req: IncomingMessage, res: ServerResponse) => void;
}

type Next = (error?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;
type ErrorMiddleware = (error: unknown, req: IncomingMessage, res: ServerResponse, next: Next) => void;

/** Runs middlewares in order, as Express does, handing any error to the error middleware. */
function chain(
  middlewares: readonly Middleware[],
  onError: ErrorMiddleware,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    let index = 0;
    const next: Next = (error) => {
      if (error !== undefined) return onError(error, req, res, next);
      const middleware = middlewares[index++];
      if (!middleware) return;
      try {
        middleware(req, res, next);
      } catch (thrown) {
        onError(thrown, req, res, next);
      }
    };
    next();
  };
}

export type MockApp = Express & { readonly mock: MockInfo };

const FORCED_BY_PREFER = /(?:^|[\s,;])code\s*=\s*"?(\d{3})"?/i;

export function createMockApp(options: MockOptions): MockApp {
  const { contract } = options;
  const keys = options.apiKeys && options.apiKeys.length > 0 ? options.apiKeys : [DEFAULT_API_KEY];
  const bodyLimit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT;
  const cors: CorsPolicy = options.cors ?? { origins: '*' };
  const latencyMs = options.latencyMs ?? 0;
  const router = createRouter(contract);
  const authenticate = createAuthenticator(keys);
  const isKey = createKeyMatcher(keys);
  const bindings = bindBehaviours(contract);
  const seed = resolveSeed(options);
  const seeded = seedCollections(bindings.collections, seed.data, {
    ...(seed.name ? { name: seed.name } : {}),
    maxItems: options.maxItems ?? DEFAULT_MAX_ITEMS,
  });
  const store = new SessionStore(seeded, options.maxSessions);

  const notFound = (path: string) => new MockHttpError(404, 'not_found', `No operation is documented at ${path}.`);
  const unspecifiedStatus = options.unspecifiedStatus ?? 501;
  const unspecified = (operation: Operation) =>
    new MockHttpError(
      unspecifiedStatus,
      unspecifiedStatus === 501 ? 'not_implemented' : 'unspecified_operation',
      `${operation.method} ${operation.path} is named by the document, but its behaviour is not specified.`,
    );

  /** Steps: 1 route, 2 security, 3 forced status, 4 behaviour (body read and validated). */
  async function handleOperation(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const pathname = pathOf(req);
    const route = router.match(req.method ?? 'GET', pathname);
    if (route.kind === 'not-found') return sendError(res, notFound(pathname));
    if (route.kind === 'method-not-allowed') {
      const allow = route.allowed.join(', ');
      return sendError(
        res,
        new MockHttpError(405, 'method_not_allowed', `${req.method} is not allowed here; allowed: ${allow}.`, {
          Allow: allow,
        }),
      );
    }
    const { operation } = route;
    const denied = authenticate(operation, req);
    if (denied) return sendError(res, denied);

    const behaviour = bindings.behaviours.get(operation);
    const forced = forcedStatus(req, operation, behaviour);
    if (forced !== undefined) {
      res.setHeader('Preference-Applied', `code=${forced}`);
      if (forced >= 400) return sendError(res, forcedError(forced));
    }
    if (!behaviour) {
      return sendError(res, unspecified(operation));
    }
    if (behaviour.kind === 'empty-success') {
      if (operation.requestBody) await readValidBody(req, operation);
      res.writeHead(behaviour.status, { 'Content-Length': '0' }).end();
      return;
    }
    const collections = store.collections(sessionOf(req));
    if (behaviour.kind === 'list')
      return sendJson(res, behaviour.status, collectionOf(collections, behaviour).listJson());
    if (behaviour.kind === 'read') {
      const item = collectionOf(collections, behaviour).find(route.params[behaviour.parameter] ?? '');
      if (item) return sendJson(res, behaviour.status, JSON.stringify(item));
      return sendError(
        res,
        new MockHttpError(
          404,
          'not_found',
          `No item ${route.params[behaviour.parameter] ?? ''} in ${behaviour.collection}.`,
        ),
      );
    }
    const body = await readValidBody(req, operation);
    const fields = Object.fromEntries(
      behaviour.storedProperties.filter((name) => Object.hasOwn(body, name)).map((name) => [name, body[name]]),
    );
    try {
      const created = collectionOf(collections, behaviour).create(fields);
      return sendJson(res, behaviour.status, JSON.stringify(created));
    } catch (error) {
      if (error instanceof CollectionFullError)
        throw new MockHttpError(400, 'store_full', `${error.message}; reset the mock or raise --max-categories.`);
      throw error;
    }
  }

  async function readValidBody(req: IncomingMessage, operation: Operation): Promise<Record<string, unknown>> {
    const content = operation.requestBody?.content ?? [];
    const media = checkContentType(req.headers['content-type'], content);
    const value = parseJson(await readBody(req, bodyLimit), media.mediaType);
    const issues = media.validator?.validate(value) ?? [];
    if (issues.length > 0)
      throw new MockHttpError(400, 'invalid_body', `Invalid request body: ${describeIssues(issues)}.`);
    return value as Record<string, unknown>;
  }

  function forcedStatus(
    req: IncomingMessage,
    operation: Operation,
    behaviour: Behaviour | undefined,
  ): number | undefined {
    const header = req.headers.prefer;
    if (!header) return undefined;
    const prefer = Array.isArray(header) ? header.join(',') : header;
    const status = Number(FORCED_BY_PREFER.exec(prefer)?.[1]);
    if (!Number.isInteger(status) || responseFor(operation, status)?.status !== String(status)) return undefined;
    // A documented success other than the behaviour's own cannot be produced truthfully.
    if (status < 400 && status !== behaviour?.status) return undefined;
    return status;
  }

  function forcedError(status: number): MockHttpError {
    const code = CODE_FOR_STATUS[status] ?? `http_${status}`;
    const headers: Record<string, string> =
      status === 401 ? { 'WWW-Authenticate': 'Bearer realm="pet-catalog-mock"' } : {};
    return new MockHttpError(status, code, `Status ${status} forced by the Prefer header.`, headers);
  }

  // Named middlewares in lifecycle order. They use only Node's request and response, so the same
  // functions serve inside Express and on the server's direct path (see createDirectHandler).
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
    if (latencyMs > 0) setTimeout(next, latencyMs);
    else next();
  }

  function contractOperations(req: IncomingMessage, res: ServerResponse, next: Next): void {
    handleOperation(req, res).catch(next);
  }

  function sendErrorBody(error: unknown, req: IncomingMessage, res: ServerResponse, _next: Next): void {
    if (error instanceof MockHttpError) {
      sendError(res, error);
      return;
    }
    // Errors from Express itself (e.g. a malformed URL) carry a 4xx status; anything else is ours.
    const status = (error as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      sendError(
        res,
        new MockHttpError(status, CODE_FOR_STATUS[status] ?? 'bad_request', 'The request could not be processed.'),
      );
      return;
    }
    sendError(
      res,
      new MockHttpError(
        500,
        'internal_error',
        `Unexpected error in the mock while handling ${req.method} ${pathOf(req)}.`,
      ),
    );
  }

  const app = express() as unknown as MockApp;
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', false);
  app.use(logRequests);
  app.use(corsHeaders);
  if (latencyMs > 0) app.use(addLatency);

  app.get('/openapi.yaml', function serveYaml(_req: Request, res: Response) {
    res.setHeader('Content-Type', 'application/yaml; charset=utf-8');
    res.end(contract.source);
  });
  app.get('/openapi.json', function serveJson(_req: Request, res: Response) {
    sendJson(res, 200, JSON.stringify(contract.document));
  });
  app.get('/__mock/health', function health(_req: Request, res: Response) {
    sendJson(res, 200, JSON.stringify({ status: 'ok' }));
  });
  app.post('/__mock/reset', function resetStore(req: Request, res: Response) {
    if (!hasBearerKey(req.headers.authorization, isKey)) {
      return sendError(
        res,
        new MockHttpError(401, 'unauthorized', 'Resetting the mock needs Authorization: Bearer <API_KEY>.', {
          'WWW-Authenticate': 'Bearer realm="pet-catalog-mock"',
        }),
      );
    }
    const session = sessionOf(req) ?? new URL(req.url, 'http://mock.invalid').searchParams.get('session') ?? undefined;
    store.reset(session);
    sendJson(res, 200, JSON.stringify(session === undefined ? { reset: 'all' } : { reset: 'session', session }));
  });

  app.use(contractOperations);
  // Express recognises an error handler by its four parameters.
  app.use(sendErrorBody);

  const apiMiddlewares = [logRequests, corsHeaders, ...(latencyMs > 0 ? [addLatency] : []), contractOperations];
  const direct = chain(apiMiddlewares, sendErrorBody);

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
      direct,
    }),
  });
  return app;
}

function resolveSeed(options: MockOptions): { data: SeedData | undefined; name?: string } {
  if (options.seed === null) return { data: undefined };
  if (options.seed !== undefined)
    return { data: options.seed, ...(options.seedName ? { name: options.seedName } : {}) };
  return readSeedFile(defaultSeedFile());
}

function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

function sessionOf(req: IncomingMessage): string | undefined {
  const value = req.headers[SESSION_HEADER];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function collectionOf(collections: Collections, behaviour: { readonly collection: string }) {
  const collection = collections.get(behaviour.collection);
  if (!collection) throw new Error(`no collection ${behaviour.collection}`);
  return collection;
}
