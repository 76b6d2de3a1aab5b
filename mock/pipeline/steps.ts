// The request steps of a documented operation, in lifecycle order: 1 route, 2 authenticate,
// 3 forced status (Prefer), 4 parameters, 5 parent items, 6 behaviour (which reads and checks the
// body). Declared once; every adapter of the core (server, Express app, MSW) runs this same list.

import { type Operation, type ParentItem, responseFor } from '../../spec/core.js';
import type { Behaviour } from '../behaviours/behaviours.js';
import { missingPrecondition, preconditionsRequired } from '../behaviours/conditional.js';
import { HANDLERS, type HandlerContext } from '../behaviours/handlers.js';
import { collectionAt } from '../behaviours/nested.js';
import type { SessionStore } from '../behaviours/sessions.js';
import type { Collection } from '../behaviours/store.js';
import { type Authenticate, CHALLENGE } from '../core/auth.js';
import { type Next, pathOf, type Step, sessionOf } from '../core/chain.js';
import { CODE_FOR_STATUS, MockHttpError } from '../core/errors.js';
import type { MockRequest, MockResponse } from '../core/exchange.js';
import { parameterRefusal } from '../core/parameters.js';
import { NO_PARAMS, type Router } from '../core/router.js';
import { bodyMediaOf, RequestContext } from './request-body.js';

export interface StepsEnvironment {
  readonly router: Router;
  readonly authenticate: Authenticate;
  readonly behaviours: ReadonlyMap<Operation, Behaviour>;
  readonly parents: ReadonlyMap<Operation, readonly ParentItem[]>;
  readonly store: SessionStore;
  readonly bodyLimit: number;
  /** The answer for an operation without a behaviour. */
  readonly unspecified: (operation: Operation) => MockHttpError;
}

interface Matched {
  readonly operation: Operation;
  readonly params: Readonly<Record<string, string>>;
  readonly behaviour: Behaviour | undefined;
}

// What routing found travels on the request itself: cheaper than a map lookup per step.
const MATCHED = Symbol('matched operation');
type RoutedRequest = MockRequest & { [MATCHED]?: Matched };

const FORCED_BY_PREFER = /(?:^|[\s,;])code\s*=\s*"?(\d{3})"?/i;

/** The operation a request was routed to, if routing found one. */
export function matchedOperation(req: MockRequest): Operation | undefined {
  return (req as RoutedRequest)[MATCHED]?.operation;
}

function matchedOf(req: MockRequest): Matched {
  const matched = (req as RoutedRequest)[MATCHED];
  if (!matched) throw new Error('a step ran before routing');
  return matched;
}

/** The documented status a `Prefer: code=NNN` header asks for, when the mock can produce it truthfully. */
function forcedStatus(req: MockRequest, matched: Matched): number | undefined {
  const header = req.headers.prefer;
  if (!header) return undefined;
  const prefer = Array.isArray(header) ? header.join(',') : header;
  const status = Number(FORCED_BY_PREFER.exec(prefer)?.[1]);
  if (!Number.isInteger(status) || responseFor(matched.operation, status)?.status !== String(status)) return undefined;
  // A documented success other than the behaviour's own cannot be produced truthfully.
  if (status < 400 && status !== matched.behaviour?.status) return undefined;
  return status;
}

function forcedError(status: number): MockHttpError {
  const code = CODE_FOR_STATUS[status] ?? `http_${status}`;
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': CHALLENGE } : {};
  return new MockHttpError(status, code, `Status ${status} forced by the Prefer header.`, headers);
}

// Behaviours whose first act is reading the body: its media type is checked before the handler
// runs, so a refusal is passed on from this step, neither thrown nor a rejected promise (which cost
// a walk of the stack and Node's rejection tracking on every refused request).
const READS_BODY_FIRST: ReadonlySet<Behaviour['kind']> = new Set(['create', 'replace', 'update', 'respond', 'choice']);

export function createOperationSteps(env: StepsEnvironment): readonly Step[] {
  // A match without path parameters is the same for every request: built once per operation.
  const unparameterised = new Map<Operation, Matched>();
  function matchedFor(operation: Operation, params: Readonly<Record<string, string>>): Matched {
    if (params !== NO_PARAMS) return { operation, params, behaviour: env.behaviours.get(operation) };
    let matched = unparameterised.get(operation);
    if (!matched) {
      matched = Object.freeze({ operation, params, behaviour: env.behaviours.get(operation) });
      unparameterised.set(operation, matched);
    }
    return matched;
  }

  function routeRequest(req: MockRequest, _res: MockResponse, next: Next): void {
    const pathname = pathOf(req);
    const route = env.router.match(req.method ?? 'GET', pathname);
    // Passed on, not sent: the error step answers in the document's own error shape.
    if (route.kind === 'not-found') {
      return next(new MockHttpError(404, 'not_found', `No operation is documented at ${pathname}.`));
    }
    if (route.kind === 'method-not-allowed') {
      const allow = route.allowed.join(', ');
      const message = `${req.method} is not allowed here; allowed: ${allow}.`;
      return next(new MockHttpError(405, 'method_not_allowed', message, { Allow: allow }));
    }
    (req as RoutedRequest)[MATCHED] = matchedFor(route.operation, route.params);
    next();
  }

  function authenticateRequest(req: MockRequest, _res: MockResponse, next: Next): void {
    const denied = env.authenticate(matchedOf(req).operation, req);
    // Errors after routing go to the error step, which answers in the operation's error shape.
    if (denied) return next(denied);
    next();
  }

  function applyForcedStatus(req: MockRequest, res: MockResponse, next: Next): void {
    const forced = forcedStatus(req, matchedOf(req));
    if (forced !== undefined) {
      res.setHeader('Preference-Applied', `code=${forced}`);
      if (forced >= 400) return next(forcedError(forced));
    }
    next();
  }

  // A required If-Match left out is 428 where the document lists it (not the 400 of a missing header).
  const preconditioned = preconditionsRequired([...env.behaviours.keys()]);
  function validateParameters(req: MockRequest, _res: MockResponse, next: Next): void {
    const { operation, params } = matchedOf(req);
    const refusal = preconditioned.has(operation) ? missingPrecondition(req) : undefined;
    next(refusal ?? parameterRefusal(operation, req, params));
  }

  // Under a parent that does not exist (never made, or deleted) nothing exists: 404, as for the item.
  function requireParents(req: MockRequest, _res: MockResponse, next: Next): void {
    const { operation, params } = matchedOf(req);
    const parents = env.parents.get(operation);
    if (parents) {
      const collections = env.store.collections(sessionOf(req));
      for (const { collection, parameter } of parents) {
        const id = params[parameter] ?? '';
        const parent = collectionAt(collections as Map<string, Collection>, collection.path, params);
        if (parent.find(id)) continue;
        // Under a softly deleted parent, what the document answers for it: 410 where listed.
        if (parent.wasRemoved(id) && responseFor(operation, 410))
          return next(new MockHttpError(410, 'gone', `Item ${id} of ${collection.path} was deleted.`));
        return next(new MockHttpError(404, 'not_found', `No item ${id} in ${collection.path}.`));
      }
    }
    next();
  }

  function runBehaviour(req: MockRequest, res: MockResponse, next: Next): void {
    const { operation, params, behaviour } = matchedOf(req);
    if (!behaviour) return next(env.unspecified(operation));
    const media =
      operation.requestBody && READS_BODY_FIRST.has(behaviour.kind) ? bodyMediaOf(req, operation) : undefined;
    if (media instanceof MockHttpError) return next(media);
    const context = new RequestContext(req, res, operation, params, env.store, env.bodyLimit, media, next);
    const handler = HANDLERS[behaviour.kind] as (behaviour: Behaviour, context: HandlerContext) => unknown;
    const outcome = handler(behaviour, context);
    if (outcome instanceof Promise) outcome.catch(next);
  }

  return [routeRequest, authenticateRequest, applyForcedStatus, validateParameters, requireParents, runBehaviour];
}
