// What several checks read from an exchange: its status, the operation's documented statuses, the
// answer's Content-Type, and whether a refusal is the HTTP server's own length limit.
import { documentedStatuses, type Operation } from '../../spec/index.js';
import type { CheckContext } from '../model.js';
import { finding } from './findings.js';

export function statusOf(context: CheckContext): number | undefined {
  return context.exchange.ok ? context.exchange.response.status : undefined;
}

export function documented4xx(operation: Operation): number[] {
  return documentedStatuses(operation).filter((status) => status >= 400 && status < 500);
}

export function documentsSuccess(operation: Operation): boolean {
  return operation.responses.some((r) => /^2(\d\d|XX)$/i.test(r.status) || r.status === 'default');
}

export function contentTypeOf(context: CheckContext): string | undefined {
  if (!context.exchange.ok) return undefined;
  const header = context.exchange.response.headers['content-type'];
  return Array.isArray(header) ? header[0] : header;
}

export const RATE_LIMITED = finding('rate_limited', {}, { severity: 'note' });

/** A URL or headers too long (414, 431), where only `default` or a range covers the status: such
 * limits are the HTTP server's or a front proxy's, answered before the service and in their shape. */
export function limitOfTheServer(context: CheckContext): boolean {
  if (!context.exchange.ok) return false;
  const status = context.exchange.response.status;
  const documented = context.response?.status;
  return (status === 414 || status === 431) && documented !== undefined && !/^\d+$/.test(documented);
}

/** Bodies under this size are ordinary: no service may call one too large (413) unless it says so. */
export const ORDINARY_BODY_BYTES = 64 * 1024;

/** A 413 for a body of ordinary size: the refusal is the service's, not a size limit's. */
export function smallBodyRefused(context: CheckContext): boolean {
  if (!context.exchange.ok || context.exchange.response.status !== 413) return false;
  const body = context.exchange.request.body;
  return body !== undefined && Buffer.byteLength(body) < ORDINARY_BODY_BYTES;
}

/** A URL's path, decoded, without a trailing slash; undefined for no URL. */
export function pathOf(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).pathname).replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}
