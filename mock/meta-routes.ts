// The mock's own endpoints, apart from the contract's operations: the document itself, health,
// and the controls under /__mock/ (which need one of the mock's keys).
import express, { type Request, type Response, type Router } from 'express';
import type { Contract } from '../spec/index.js';
import { hasBearerKey, unauthorized } from './auth.js';
import { sendError, sendJson } from './errors.js';
import type { RequestJournal } from './journal.js';
import { sessionOf } from './pipeline.js';
import type { SessionStore } from './store.js';
import type { ViolationLog } from './violations.js';

export interface MetaEnvironment {
  readonly contract: Contract;
  readonly store: SessionStore;
  readonly journal: RequestJournal;
  readonly violations: ViolationLog;
  readonly isKey: (candidate: string) => boolean;
}

/** Paths the meta router answers; the server sends everything else under the base path straight to the steps. */
export function isMetaPath(url: string): boolean {
  return url.startsWith('/openapi.') || url.startsWith('/__mock/');
}

export function createMetaRouter(env: MetaEnvironment): Router {
  const router = express.Router();
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
  router.post('/__mock/reset', function resetStore(req: Request, res: Response) {
    if (!hasBearerKey(req.headers.authorization, env.isKey)) {
      return sendError(res, unauthorized('Resetting the mock needs Authorization: Bearer <API_KEY>.'));
    }
    const session = namedSession(req);
    env.store.reset(session);
    sendJson(res, 200, JSON.stringify(session === undefined ? { reset: 'all' } : { reset: 'session', session }));
  });
  router.get('/__mock/violations', function listViolations(req: Request, res: Response) {
    if (!hasBearerKey(req.headers.authorization, env.isKey)) {
      return sendError(res, unauthorized('The contract violations need Authorization: Bearer <API_KEY>.'));
    }
    sendJson(res, 200, JSON.stringify(env.violations.list()));
  });
  router.delete('/__mock/violations', function clearViolations(req: Request, res: Response) {
    if (!hasBearerKey(req.headers.authorization, env.isKey)) {
      return sendError(res, unauthorized('The contract violations need Authorization: Bearer <API_KEY>.'));
    }
    env.violations.clear();
    sendJson(res, 200, JSON.stringify({ cleared: 'all' }));
  });
  router.get('/__mock/requests', function listRequests(req: Request, res: Response) {
    if (!hasBearerKey(req.headers.authorization, env.isKey)) {
      return sendError(res, unauthorized('The request journal needs Authorization: Bearer <API_KEY>.'));
    }
    sendJson(res, 200, JSON.stringify(env.journal.entries(namedSession(req))));
  });
  router.delete('/__mock/requests', function clearRequests(req: Request, res: Response) {
    if (!hasBearerKey(req.headers.authorization, env.isKey)) {
      return sendError(res, unauthorized('The request journal needs Authorization: Bearer <API_KEY>.'));
    }
    const session = namedSession(req);
    env.journal.clear(session);
    sendJson(res, 200, JSON.stringify(session === undefined ? { cleared: 'all' } : { cleared: 'session', session }));
  });
  return router;
}

/** The session a control request names: X-Mock-Session, else ?session=. */
function namedSession(req: Request): string | undefined {
  return sessionOf(req) ?? new URL(req.url, 'http://mock.invalid').searchParams.get('session') ?? undefined;
}
