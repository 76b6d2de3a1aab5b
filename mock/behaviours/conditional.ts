// Conditional requests (RFC 9110 §13): an item's ETag changes with the item and only then; a stale
// If-Match is 412, a missing one 428 where the document requires it and lists 428; If-None-Match
// with the current tag is 304 without a body. No node: import (runs in a browser too).
import type { Operation } from '../../spec/core.js';
import { MockHttpError } from '../core/errors.js';
import type { MockRequest } from '../core/exchange.js';

/** A strong ETag of an item's JSON: FNV-1a over its text, twice with two offsets (64 bits). */
export function etagOf(json: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ json.length;
  for (let i = 0; i < json.length; i++) {
    const code = json.charCodeAt(i);
    a = Math.imul(a ^ code, 16777619);
    b = Math.imul(b ^ code, 2246822519);
  }
  return `"${(a >>> 0).toString(16).padStart(8, '0')}${(b >>> 0).toString(16).padStart(8, '0')}"`;
}

const ETAG_OF = new WeakMap<object, string>();

/** The ETag of a stored (frozen, so unchanging) item, hashed on its first use. */
export function itemEtag(item: object, json: string): string {
  let etag = ETAG_OF.get(item);
  if (etag === undefined) {
    etag = etagOf(json);
    ETAG_OF.set(item, etag);
  }
  return etag;
}

const headerOf = (req: MockRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** Whether a list of entity tags (If-Match, If-None-Match) names this one; weak tags compared weakly. */
function names(list: string, etag: string): boolean {
  // The usual case, one tag as it was given: no list to split.
  if (list === etag) return true;
  return list
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** 412 (returned, not thrown) where If-Match names another version of the item. */
export function ifMatchRefusal(req: MockRequest, etag: string): MockHttpError | undefined {
  const ifMatch = headerOf(req, 'if-match');
  return ifMatch !== undefined && !names(ifMatch, etag) ? PRECONDITION_FAILED : undefined;
}

const PRECONDITION_FAILED = new MockHttpError(
  412,
  'precondition_failed',
  'If-Match names another version of the item: read it again.',
);

/** Whether If-None-Match names the item's current version (the answer is then 304). */
export function notModified(req: MockRequest, etag: string): boolean {
  const ifNoneMatch = headerOf(req, 'if-none-match');
  return ifNoneMatch !== undefined && names(ifNoneMatch, etag);
}

/** The operations whose missing If-Match is answered 428 (required, and 428 documented). */
export function preconditionsRequired(operations: readonly Operation[]): ReadonlySet<Operation> {
  return new Set(
    operations.filter(
      (operation) =>
        operation.parameters.some((p) => p.in === 'header' && p.required && p.name.toLowerCase() === 'if-match') &&
        operation.responses.some((r) => r.status === '428'),
    ),
  );
}

/** The 428 of a change sent without If-Match (returned, not thrown), or undefined. */
export function missingPrecondition(req: MockRequest): MockHttpError | undefined {
  return headerOf(req, 'if-match') === undefined ? PRECONDITION_REQUIRED : undefined;
}

const PRECONDITION_REQUIRED = new MockHttpError(
  428,
  'precondition_required',
  "This change needs If-Match with the item's current ETag.",
);
