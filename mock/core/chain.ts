// Steps over the exchange's request and answer (exchange.ts), run in order as Express runs its
// middlewares, so one list serves inside Express, on the server's direct path and in MSW alike.

import { SESSION_HEADER } from './defaults.js';
import type { MockRequest, MockResponse } from './exchange.js';

export type Next = (error?: unknown) => void;
export type Step = (req: MockRequest, res: MockResponse, next: Next) => void;
export type ErrorStep = (error: unknown, req: MockRequest, res: MockResponse, next: Next) => void;

/** Runs steps in order, as Express does, handing any error (thrown or passed) to the error step. */
export function chain(steps: readonly Step[], onError: ErrorStep): (req: MockRequest, res: MockResponse) => void {
  return (req, res) => {
    let index = 0;
    const next: Next = (error) => {
      if (error !== undefined) return onError(error, req, res, next);
      const step = steps[index++];
      if (!step) return;
      try {
        step(req, res, next);
      } catch (thrown) {
        onError(thrown, req, res, next);
      }
    };
    next();
  };
}

/** The path without its query string. */
export function pathOf(req: MockRequest): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** The mock session a request names (X-Mock-Session), if any. */
export function sessionOf(req: MockRequest): string | undefined {
  const value = req.headers[SESSION_HEADER];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Paths the meta router answers; the server sends everything else under the base path straight to the steps. */
export function isMetaPath(url: string): boolean {
  return url.startsWith('/openapi.') || url.startsWith('/__mock/');
}
