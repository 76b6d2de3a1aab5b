// The mock as an Express app (for supertest and embedders): the service's core for the document's
// operations, plus the mock's own endpoints (the document, /__mock/*). The running server sends
// requests under the base path straight to the core, and loads this only for the rest.
import express, { type Express } from 'express';
import { createKeyMatcher } from '../core/auth.js';
import type { MockCore } from '../pipeline/core.js';
import { createMetaRouter } from './meta-routes.js';
import { createMockService, infoOf, type MockInfo, type MockOptions } from './service.js';

export type { MockedOperation, RequestLogEntry } from '../pipeline/core.js';
export type { MockInfo, MockOptions } from './service.js';

export type MockApp = Express & { readonly mock: MockInfo };

export function createMockApp(options: MockOptions): MockApp {
  return expressAround(createMockService(options));
}

/** An Express app over an existing core: the same store, journal and steps. */
export function expressAround(core: MockCore): MockApp {
  const app = express() as unknown as MockApp;
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', false);
  app.use(...core.entrySteps);
  app.use(
    createMetaRouter({
      contract: core.contract,
      store: core.store,
      journal: core.journal,
      violations: core.violationLog,
      isKey: createKeyMatcher(core.keys),
    }),
  );
  app.use(...core.servingSteps);
  // Express recognises an error handler by its four parameters.
  app.use(core.sendErrorBody);
  Object.defineProperty(app, 'mock', { value: infoOf(core) });
  return app;
}
