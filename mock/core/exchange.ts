// The request and answer the mock's steps work on: the few members they use of Node's
// IncomingMessage and ServerResponse, so Node's own objects pass through unchanged (the server's
// hot path adapts nothing), and a plain request (method, URL, headers, body bytes) with an
// in-memory answer serves every transport without a socket (MSW, tests).

/** Lower-case names; the single-valued ones the steps read are strings, as in Node's. */
export type MockHeaders = Readonly<Record<string, string | string[] | undefined>> & {
  readonly authorization?: string | undefined;
  readonly cookie?: string | undefined;
  readonly origin?: string | undefined;
  readonly prefer?: string | undefined;
  readonly 'content-type'?: string | undefined;
  readonly 'content-length'?: string | undefined;
  readonly 'transfer-encoding'?: string | undefined;
  readonly 'access-control-request-method'?: string | undefined;
  readonly 'access-control-request-headers'?: string | undefined;
};

export interface MockRequest {
  readonly method?: string | undefined;
  /** The path and query, e.g. /v1/categories?limit=2. */
  readonly url?: string | undefined;
  readonly headers: MockHeaders;
  /** The whole body, where the transport has it already; Node's request streams it instead. */
  readonly body?: Uint8Array;
}

/** A request whose body arrives as a stream of chunks (Node's IncomingMessage). */
export interface StreamingRequest extends MockRequest {
  on(event: 'data' | 'end' | 'error', listener: (...args: never[]) => void): unknown;
  off(event: 'data' | 'end' | 'error', listener: (...args: never[]) => void): unknown;
  resume(): unknown;
}

export type HeaderValue = string | number | readonly string[];

export interface MockResponse {
  /** The request being answered (the journal reads it when the answer is finished). */
  readonly req: MockRequest;
  statusCode: number;
  readonly headersSent: boolean;
  setHeader(name: string, value: HeaderValue): unknown;
  writeHead(status: number, headers?: Readonly<Record<string, string | number>>): unknown;
  end(body?: string | Uint8Array): unknown;
  /** 'finish': called with the response as `this` once the answer is complete. */
  on(event: 'finish', listener: (this: never) => void): unknown;
  once(event: 'finish', listener: () => void): unknown;
}

export function isStreaming(req: MockRequest): req is StreamingRequest {
  return req.body === undefined && typeof (req as Partial<StreamingRequest>).on === 'function';
}
