// `Prefer: return=minimal` where the document ties it to an answer without a body (the model's
// preferMinimalOf): a change that asks for it is answered with that status, the body left out and
// `Preference-Applied: return=minimal` (RFC 7240 §3); one that does not ask gets the item as before.
import { type Operation, preferMinimalOf } from '../../spec/core.js';
import type { MockRequest } from '../core/exchange.js';

export interface MinimalAnswer {
  readonly status: number;
}

/** Bound once per change operation: the bodiless status its words give return=minimal. */
export function minimalAnswerOf(operation: Operation): { minimal?: MinimalAnswer } {
  const said = preferMinimalOf(operation);
  return said ? { minimal: { status: said.minimalStatus } } : {};
}

const ASKS_MINIMAL = /(?:^|[\s,;])return\s*=\s*"?minimal"?(?:$|[\s,;])/i;

/** Whether the request's Prefer header asks for the minimal answer. */
export function asksMinimal(req: MockRequest): boolean {
  const header = req.headers.prefer;
  return header !== undefined && ASKS_MINIMAL.test(Array.isArray(header) ? header.join(',') : header);
}
