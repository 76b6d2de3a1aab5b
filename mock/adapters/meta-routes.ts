// The mock's own endpoints, apart from the contract's operations: the document itself, health,
// and the controls under /__mock/ (which need one of the mock's keys).
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Contract } from '../../spec/index.js';
import type { SessionStore } from '../behaviours/sessions.js';
import { hasBearerKey, unauthorized } from '../core/auth.js';
import { sessionOf } from '../core/chain.js';
import { sendError, sendJson } from '../core/errors.js';
import type { RequestJournal } from '../journal/journal.js';
import type { ViolationLog } from '../proxy/violations.js';

export interface MetaEnvironment {
  readonly contract: Contract;
  readonly store: SessionStore;
  readonly journal: RequestJournal;
  readonly violations: ViolationLog;
  readonly isKey: (candidate: string) => boolean;
}

export function createMetaRouter(env: MetaEnvironment): Router {
  const router = express.Router();
  // The controls under /__mock/ (health aside) answer only to one of the mock's keys.
  const needsKey = (what: string) =>
    function requireKey(req: Request, res: Response, next: NextFunction) {
      if (hasBearerKey(req.headers.authorization, env.isKey)) return next();
      sendError(res, unauthorized(`${what} needs Authorization: Bearer <API_KEY>.`));
    };
  router.get('/openapi.yaml', function serveYaml(_req: Request, res: Response) {
    res.setHeader('Content-Type', 'application/yaml; charset=utf-8');
    res.end(env.contract.source);
  });
  router.get('/openapi.json', function serveJson(_req: Request, res: Response) {
    sendJson(res, 200, JSON.stringify(env.contract.document));
  });
  router.get('/__mock/health', function health(_req: Request, res: Response) {
    sendJson(res, 200, JSON.stringify({ status: 'ok' }));
  });
  router.post('/__mock/reset', needsKey('Resetting the mock'), function resetStore(req: Request, res: Response) {
    const session = namedSession(req);
    env.store.reset(session);
    sendJson(res, 200, JSON.stringify(session === undefined ? { reset: 'all' } : { reset: 'session', session }));
  });
  router.get(
    '/__mock/violations',
    needsKey('The contract violations'),
    function listViolations(_req: Request, res: Response) {
      sendJson(res, 200, JSON.stringify(env.violations.list()));
    },
  );
  router.delete(
    '/__mock/violations',
    needsKey('The contract violations'),
    function clearViolations(_req: Request, res: Response) {
      env.violations.clear();
      sendJson(res, 200, JSON.stringify({ cleared: 'all' }));
    },
  );
  router.get('/__mock/requests', needsKey('The request journal'), function listRequests(req: Request, res: Response) {
    sendJson(res, 200, JSON.stringify(env.journal.entries(namedSession(req))));
  });
  router.delete(
    '/__mock/requests',
    needsKey('The request journal'),
    function clearRequests(req: Request, res: Response) {
      const session = namedSession(req);
      env.journal.clear(session);
      sendJson(res, 200, JSON.stringify(session === undefined ? { cleared: 'all' } : { cleared: 'session', session }));
    },
  );
  return router;
}

/** The session a control request names: X-Mock-Session, else ?session=. */
function namedSession(req: Request): string | undefined {
  return sessionOf(req) ?? new URL(req.url, 'http://mock.invalid').searchParams.get('session') ?? undefined;
}
