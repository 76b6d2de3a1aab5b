// Security from the document's schemes, checked against the configured keys in constant time.
import type { Operation, SecuritySchemeSpec } from '../../spec/core.js';
import { showUtf8 } from './bytes.js';
import { MockHttpError } from './errors.js';
import type { MockRequest } from './exchange.js';

export type Authenticate = (operation: Operation, req: MockRequest) => MockHttpError | undefined;

/**
 * Compares in time that depends on the candidate's length only, never on where it first differs
 * from a key or on a key's length: every key is compared, every character of the candidate read.
 * Plain code rather than node:crypto, so the check runs in a browser as well.
 */
export function createKeyMatcher(keys: readonly string[]): (candidate: string) => boolean {
  const known = keys.filter((key) => key.length > 0);
  return (candidate) => {
    let matched = 0;
    for (const key of known) matched |= sameText(key, candidate);
    return matched === 1;
  };
}

/** 1 when equal, else 0, reading every character of the candidate whatever it holds. */
function sameText(key: string, candidate: string): number {
  let difference = key.length ^ candidate.length;
  for (let at = 0; at < candidate.length; at++) {
    difference |= key.charCodeAt(at % key.length) ^ candidate.charCodeAt(at);
  }
  return difference === 0 ? 1 : 0;
}

/** True when the header is `Bearer <key>` with one of the keys (for the mock's own endpoints). */
export function hasBearerKey(header: string | undefined, isKey: (candidate: string) => boolean): boolean {
  const parsed = parseAuthorization(header);
  return parsed?.scheme === 'bearer' && parsed.credential !== '' && isKey(parsed.credential);
}

type Presented = 'missing' | 'wrong-scheme' | 'invalid' | 'valid';

/** "Bearer k" as its scheme (lower case) and credential, spaces around either dropped. By index, not
 * by a regular expression: every request with a key passes here. */
function parseAuthorization(header: string | undefined): { scheme: string; credential: string } | undefined {
  const text = header?.trim();
  if (!text) return undefined;
  const space = text.search(/\s/);
  if (space === -1) return { scheme: text.toLowerCase(), credential: '' };
  return { scheme: text.slice(0, space).toLowerCase(), credential: text.slice(space).trim() };
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

/** The credential of an http scheme: the key itself, or (basic) the password of user:password. */
function httpCredential(scheme: string, credential: string): string {
  if (scheme !== 'basic') return credential;
  const decoded = decodeBase64(credential);
  const colon = decoded.indexOf(':');
  return colon === -1 ? decoded : decoded.slice(colon + 1);
}

/** Base64 (as Basic sends it) to its UTF-8 text; a malformed one reads as no credential. */
function decodeBase64(text: string): string {
  try {
    return showUtf8(Uint8Array.from(atob(text.trim()), (character) => character.charCodeAt(0)));
  } catch {
    return '';
  }
}

/** What the request presents for one scheme. The mock's keys are valid for every scheme. */
/** The value an apiKey scheme's carrier (header, query or cookie) holds in a request. */
function apiKeyOf(scheme: SecuritySchemeSpec, req: MockRequest): string | string[] | undefined {
  const name = scheme.parameterName ?? '';
  if (scheme.in === 'header') return req.headers[name.toLowerCase()];
  if (scheme.in === 'query') return new URL(req.url ?? '/', 'http://mock.invalid').searchParams.get(name) ?? undefined;
  return scheme.in === 'cookie' ? cookieValue(req.headers.cookie, name) : undefined;
}

function presented(scheme: SecuritySchemeSpec, req: MockRequest, isKey: (k: string) => boolean): Presented {
  if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
    // oauth2 and openIdConnect tokens travel as bearer credentials.
    const wanted = scheme.type === 'http' ? (scheme.scheme ?? 'bearer') : 'bearer';
    const parsed = parseAuthorization(req.headers.authorization);
    if (!parsed) return 'missing';
    if (parsed.scheme !== wanted) return 'wrong-scheme';
    return parsed.credential && isKey(httpCredential(wanted, parsed.credential)) ? 'valid' : 'invalid';
  }
  if (scheme.type === 'apiKey' && scheme.parameterName) {
    const value = apiKeyOf(scheme, req);
    if (value === undefined) return 'missing';
    return typeof value === 'string' && isKey(value) ? 'valid' : 'invalid';
  }
  // A scheme the mock cannot check (mutual TLS) does not keep the request out.
  return 'valid';
}

const SCHEMES_OF = new WeakMap<Operation, readonly SecuritySchemeSpec[]>();

/** The credential a request presents for an operation (the first scheme's it carries): who is
 * asking, for resources whose items belong to the credential that made them. */
export function presentedCredential(operation: Operation, req: MockRequest): string | undefined {
  let schemes = SCHEMES_OF.get(operation);
  if (!schemes) SCHEMES_OF.set(operation, (schemes = operation.security.flat()));
  for (const scheme of schemes) {
    if (scheme.type === 'apiKey' && scheme.parameterName) {
      const value = apiKeyOf(scheme, req);
      if (typeof value === 'string') return value;
    } else if (typeof req.headers.authorization === 'string') {
      return parseAuthorization(req.headers.authorization)?.credential;
    }
  }
  return undefined;
}

/** How to send credentials for a scheme, for the message of a 401. */
function howToSend(scheme: SecuritySchemeSpec): string {
  if (scheme.type === 'apiKey') return `the key in the ${scheme.in} ${scheme.parameterName}`;
  if (scheme.type === 'http' && scheme.scheme === 'basic') return 'Authorization: Basic <user:API_KEY in base64>';
  if (scheme.type === 'http' && scheme.scheme && scheme.scheme !== 'bearer')
    return `Authorization: ${scheme.scheme} <API_KEY>`;
  return 'Authorization: Bearer <API_KEY>';
}

/** The challenge of every 401 the mock sends (RFC 6750). */
export const CHALLENGE = 'Bearer realm="pet-catalog-mock"';

/** A 401 Error with the challenge. */
export function unauthorized(message: string, challenge: string = CHALLENGE): MockHttpError {
  return new MockHttpError(401, 'unauthorized', message, { 'WWW-Authenticate': challenge });
}

const BEARER_ONLY = (operation: Operation) =>
  operation.security.every((alternative) =>
    alternative.every((scheme) => scheme.type === 'http' && (scheme.scheme ?? 'bearer') === 'bearer'),
  );

export function createAuthenticator(keys: readonly string[]): Authenticate {
  const isKey = createKeyMatcher(keys);
  // Built once: the 401 errors never depend on the request beyond which kind they are.
  const bearerFailures: Record<Exclude<Presented, 'valid'>, MockHttpError> = {
    missing: unauthorized('Missing API key: send Authorization: Bearer <API_KEY>.'),
    'wrong-scheme': unauthorized('The Authorization header must use the Bearer scheme.'),
    invalid: unauthorized('Invalid API key.', `${CHALLENGE}, error="invalid_token"`),
  };
  const otherFailures = new Map<Operation, MockHttpError>();
  const failureFor = (operation: Operation): MockHttpError => {
    let failure = otherFailures.get(operation);
    if (!failure) {
      const ways = [...new Set(operation.security.flat().map(howToSend))].join(', or ');
      failure = unauthorized(`Missing or invalid credentials: send ${ways}.`);
      otherFailures.set(operation, failure);
    }
    return failure;
  };

  // The optional and the bearer-only requirements, read from the operation once.
  const kinds = new WeakMap<Operation, 'optional' | 'bearer' | 'other'>();
  const kindOf = (operation: Operation): 'optional' | 'bearer' | 'other' => {
    let kind = kinds.get(operation);
    if (kind === undefined) {
      // No requirement, or an empty alternative (security: [{}]): authentication is optional.
      const optional = operation.security.length === 0 || operation.security.some((alt) => alt.length === 0);
      kind = optional ? 'optional' : BEARER_ONLY(operation) ? 'bearer' : 'other';
      kinds.set(operation, kind);
    }
    return kind;
  };

  // The document's own challenge where its 401 pins one the mock's would break (`const: Bearer`).
  const documented = new WeakMap<MockHttpError, WeakMap<Operation, MockHttpError>>();
  const asDocumented = (operation: Operation, failure: MockHttpError): MockHttpError => {
    let byOperation = documented.get(failure);
    if (!byOperation) documented.set(failure, (byOperation = new WeakMap()));
    let answer = byOperation.get(operation);
    if (!answer) {
      const challenge = documentedChallenge(operation, failure.headers?.['WWW-Authenticate']);
      answer = challenge ? unauthorized(failure.message, challenge) : failure;
      byOperation.set(operation, answer);
    }
    return answer;
  };

  return (operation, req) => {
    const kind = kindOf(operation);
    if (kind === 'optional') return undefined;
    let worst: Exclude<Presented, 'valid'> = 'missing';
    for (const alternative of operation.security) {
      let failed: Exclude<Presented, 'valid'> | undefined;
      for (const scheme of alternative) {
        const result = presented(scheme, req, isKey);
        if (result !== 'valid') {
          failed = result;
          break;
        }
      }
      if (!failed) return undefined;
      if (failed !== 'missing') worst = failed;
    }
    return asDocumented(operation, kind === 'bearer' ? bearerFailures[worst] : failureFor(operation));
  };
}

/** The challenge the operation's 401 documents, where its header's schema refuses the mock's own
 * (`{type: string, const: Bearer}`): the value the schema pins (const, a lone enum value, default,
 * example); undefined where the mock's fits or nothing is pinned. */
function documentedChallenge(operation: Operation, own: string | undefined): string | undefined {
  const header = operation.responses
    .find((response) => response.status === '401')
    ?.headers.find((one) => one.name.toLowerCase() === 'www-authenticate');
  const validator = header?.validator;
  if (!validator || (own !== undefined && validator.validate(own).length === 0)) return undefined;
  const schema = validator.schema as { const?: unknown; enum?: unknown[]; default?: unknown; example?: unknown };
  const pinned = [schema.const, schema.enum?.[0], schema.default, schema.example].find(
    (value): value is string => typeof value === 'string' && validator.validate(value).length === 0,
  );
  return pinned;
}
