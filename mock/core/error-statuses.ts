// The status an error is sent with: the documented one, or a near one the operation documents;
// and a body its schema refuses gets the operation's 422 where its words give 422 to such bodies.
import { documentedStatuses, type Operation, responseFor } from '../../spec/core.js';

const NEAR_STATUSES: Readonly<Record<number, readonly number[]>> = {
  400: [422],
  401: [403],
  409: [422, 400],
  422: [400],
};

const SAYS_INVALID = /valid|schema|violat|unprocessable|wrong|member|field/i;
const invalidWith422 = new WeakMap<Operation, boolean>();

/** Whether the operation's 422 is for bodies its schema refuses ("The body violates the schema"),
 * not only for another fault ("the same key with another body is 422"). */
export function refusesInvalidWith422(operation: Operation): boolean {
  let said = invalidWith422.get(operation);
  if (said === undefined) {
    const words = responseFor(operation, 422)?.description;
    invalidWith422.set(operation, (said = words !== undefined && SAYS_INVALID.test(words)));
  }
  return said;
}

/** The status an error is sent with: the one wanted where documented, else a near one the
 * operation documents (422 for 400, 403 for 401). */
export function documentedStatus(operation: Operation, wanted: number): number {
  if (responseFor(operation, wanted)) return wanted;
  const listed = (status: number) => operation.responses.some((r) => r.status === String(status));
  const near = (NEAR_STATUSES[wanted] ?? []).find(listed);
  if (near !== undefined) return near;
  // Bad input the document gives no status for: any client error it lists says "refused".
  if (wanted === 400) {
    const other = documentedStatuses(operation).find((s) => s >= 400 && s < 500 && ![401, 403, 429].includes(s));
    if (other !== undefined) return other;
  }
  return wanted;
}
