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

/** Sets the CORS headers of an actual (non-preflight) response. */
export function applyCors(policy: CorsPolicy, req: MockRequest, res: MockResponse): void {
  if (!policy) return;
  res.setHeader('Vary', 'Origin');
  const origin = allowedOrigin(policy, req.headers.origin);
  if (!origin) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
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
