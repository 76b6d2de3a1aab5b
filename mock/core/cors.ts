// CORS for pages on other origins: the origin is reflected (or checked against an allow-list),
// preflights are answered without a key, and error responses carry the headers too.
import type { MockRequest, MockResponse } from './exchange.js';

export type CorsPolicy = false | { readonly origins: '*' | readonly string[] };

const ALLOWED_HEADERS = 'Authorization, Content-Type, Prefer, X-Mock-Session';
const EXPOSED_HEADERS = 'WWW-Authenticate, Allow, Preference-Applied';

export function allowedOrigin(policy: CorsPolicy, origin: string | undefined): string | undefined {
  if (!policy || !origin) return undefined;
  if (policy.origins === '*' || policy.origins.includes(origin)) return origin;
  return undefined;
}

type Headers = Readonly<Record<string, string>>;
const VARY_ORIGIN: Headers = Object.freeze({ Vary: 'Origin' });

/** The CORS headers of an actual (non-preflight) response: Vary always, the origin where allowed. */
function corsHeadersOf(policy: CorsPolicy, req: MockRequest): Headers | undefined {
  if (!policy) return undefined;
  const origin = allowedOrigin(policy, req.headers.origin);
  if (!origin) return VARY_ORIGIN;
  return { Vary: 'Origin', 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED_HEADERS };
}

/** Sets the CORS headers of an actual response now, for any writer (Express's, the proxy's). */
export function applyCors(policy: CorsPolicy, req: MockRequest, res: MockResponse): void {
  const headers = corsHeadersOf(policy, req);
  for (const name in headers) res.setHeader(name, headers[name]!);
}

// Left on the response for the mock's own writers (withCorsHeaders), where they write every answer:
// one setHeader before writeHead sends Node down its slow path (every header set again, one by
// one), which cost the direct path 7-13% of its 401 and 400 throughput.
const DEFERRED = Symbol('cors headers');
type Deferred = MockResponse & { [DEFERRED]?: Headers };

/** Leaves the CORS headers of an actual response for withCorsHeaders to write. */
export function deferCors(policy: CorsPolicy, req: MockRequest, res: MockResponse): void {
  const headers = corsHeadersOf(policy, req);
  if (headers) (res as Deferred)[DEFERRED] = headers;
}

/** An answer's headers with the CORS headers deferCors left, where it left any. */
export function withCorsHeaders<T extends Record<string, string | number>>(res: MockResponse, headers: T): T {
  const cors = (res as Deferred)[DEFERRED];
  return cors ? { ...cors, ...headers } : headers;
}

export function isPreflight(req: MockRequest): boolean {
  return (
    req.method === 'OPTIONS' &&
    req.headers.origin !== undefined &&
    req.headers['access-control-request-method'] !== undefined
  );
}

/** Answers a preflight for a path that accepts `methods`; the browser enforces the rest. */
export function answerPreflight(
  policy: CorsPolicy,
  req: MockRequest,
  res: MockResponse,
  methods: readonly string[],
): void {
  const origin = allowedOrigin(policy, req.headers.origin);
  res.statusCode = 204;
  res.setHeader('Vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Methods', methods.join(', '));
    // The page's own headers are allowed too: the mock must not be what breaks a frontend's request.
    const requested = req.headers['access-control-request-headers'];
    res.setHeader('Access-Control-Allow-Headers', requested ? `${ALLOWED_HEADERS}, ${requested}` : ALLOWED_HEADERS);
    res.setHeader('Access-Control-Max-Age', '600');
  }
  res.setHeader('Content-Length', '0');
  res.end();
}
