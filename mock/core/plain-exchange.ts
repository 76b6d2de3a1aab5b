// A request and its answer as plain values, for transports without a socket (MSW in a page or a
// test runner): the core fills a PlainResponse as it would Node's ServerResponse, and `answer`
// resolves with what was sent.
import { encodeUtf8 } from './bytes.js';
import type { HeaderValue, MockHeaders, MockRequest, MockResponse } from './exchange.js';

export interface PlainRequest extends MockRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: MockHeaders;
  readonly body: Uint8Array;
}

export interface PlainAnswer {
  readonly status: number;
  /** Names as the core wrote them; a list for a header sent more than once. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: Uint8Array;
}

export class PlainResponse implements MockResponse {
  statusCode = 200;
  headersSent = false;
  readonly answer: Promise<PlainAnswer>;
  private readonly headers = new Map<string, readonly [string, HeaderValue]>();
  private readonly finishListeners: Array<(this: PlainResponse) => void> = [];
  private resolve!: (answer: PlainAnswer) => void;
  private finished = false;

  constructor(readonly req: PlainRequest) {
    this.answer = new Promise((resolve) => {
      this.resolve = resolve;
    });
  }

  setHeader(name: string, value: HeaderValue): this {
    this.headers.set(name.toLowerCase(), [name, value]);
    return this;
  }

  writeHead(status: number, headers: Readonly<Record<string, string | number>> = {}): this {
    this.statusCode = status;
    for (const [name, value] of Object.entries(headers)) this.setHeader(name, value);
    this.headersSent = true;
    return this;
  }

  end(body?: string | Uint8Array): this {
    if (this.finished) return this;
    this.finished = true;
    this.headersSent = true;
    const bytes = body === undefined ? new Uint8Array(0) : typeof body === 'string' ? encodeUtf8(body) : body;
    const headers = [...this.headers.values()].flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((one) => [name, String(one)] as const),
    );
    this.resolve({ status: this.statusCode, headers, body: bytes });
    for (const listener of this.finishListeners) listener.call(this);
    return this;
  }

  on(event: 'finish', listener: (this: never) => void): this {
    if (event === 'finish') this.finishListeners.push(listener as (this: PlainResponse) => void);
    return this;
  }

  once(event: 'finish', listener: () => void): this {
    return this.on(event, listener);
  }
}

/** Runs one request through a core's entry and answers with what it sent. */
export function exchange(
  handle: (req: MockRequest, res: MockResponse) => void,
  request: PlainRequest,
): Promise<PlainAnswer> {
  const response = new PlainResponse(request);
  handle(request, response);
  return response.answer;
}
