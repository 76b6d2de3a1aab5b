// The one place that builds the contract's Error body; its `status` always equals the HTTP status.
import { utf8Length } from './bytes.js';
import { withCorsHeaders } from './cors.js';
import type { MockResponse } from './exchange.js';

export interface ErrorBody {
  readonly code: string;
  readonly message: string;
  readonly status: number;
}

/**
 * An answer in the contract's Error shape, thrown by any step and sent by the error middleware.
 * Deliberately not an Error: it is data, and skipping the stack capture keeps the 4xx paths cheap.
 */
export class MockHttpError {
  private json: string | undefined;
  /** The body member the error is about (a JSON pointer; '' for the body), for a document's
   * `pointer` or `field` member. */
  pointer = '';

  constructor(
    readonly status: number,
    readonly code: string,
    readonly message: string,
    readonly headers: Readonly<Record<string, string>> = {},
    /** A body in the document's own error shape; the contract's Error body when absent. */
    body?: string,
    /** The body's media type where the document's error is not JSON. */
    readonly contentType?: string,
  ) {
    this.json = body;
  }

  /** Serialised once: the prebuilt 401s are sent many times. */
  body(): string {
    this.json ??= JSON.stringify(errorBody(this.status, this.code, this.message));
    return this.json;
  }
}

export function errorBody(status: number, code: string, message: string): ErrorBody {
  return { code, message, status };
}

/** Writes an Error body. The body repeats the HTTP status, as the contract requires. */
export function sendError(res: MockResponse, error: MockHttpError): void {
  if (error.contentType === undefined) return sendJson(res, error.status, error.body(), error.headers);
  if (res.headersSent) return;
  const body = error.body();
  res.writeHead(
    error.status,
    withCorsHeaders(res, { ...error.headers, 'Content-Type': error.contentType, 'Content-Length': utf8Length(body) }),
  );
  res.end(body);
}

export function sendJson(
  res: MockResponse,
  status: number,
  json: string | Uint8Array,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (res.headersSent) return;
  // One writeHead: it merges with headers set earlier (CORS) and is cheaper than setHeader calls.
  res.writeHead(
    status,
    withCorsHeaders(res, {
      'Content-Type': 'application/json; charset=utf-8',
      ...headers,
      'Content-Length': typeof json === 'string' ? utf8Length(json) : json.length,
    }),
  );
  res.end(json);
}

/** Default machine-readable codes for statuses the mock sends without a more specific reason. */
export const CODE_FOR_STATUS: Readonly<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  422: 'unprocessable_entity',
  429: 'too_many_requests',
  500: 'internal_error',
  501: 'not_implemented',
  503: 'service_unavailable',
};
