// How large a generated body may grow: big enough for long strings, small enough for a service's
// body limit.
import { setMember } from '../../spec/index.js';
import { encodeBody } from '../send/encode-body.js';

/** A generated body is at most about this many bytes on the wire: one long string is an edge worth
 * sending, dozens in one body (Twilio's 200 form fields) make a body past any service's size limit. */
const BODY_BUDGET = 256 * 1024;
const TRIMMED_LENGTH = 1024;

/** The body's length as sent in its media type (a form's emoji is twelve bytes, JSON's two). */
function wireSize(value: unknown, mediaType: string): number {
  return Buffer.byteLength(encodeBody({ kind: 'json', value }, mediaType).body);
}

function trimmedStrings(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length > TRIMMED_LENGTH ? Array.from(value).slice(0, TRIMMED_LENGTH).join('') : value;
  if (Array.isArray(value)) return value.map(trimmedStrings);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    setMember(out, name, trimmedStrings(item));
  }
  return out;
}

/** The body, its long strings cut short where it is over the budget and stays valid so. */
export function withinBudget(body: unknown, mediaType: string, isValid: (value: unknown) => boolean): unknown {
  if (wireSize(body, mediaType) <= BODY_BUDGET) return body;
  const trimmed = trimmedStrings(body);
  return isValid(trimmed) ? trimmed : body;
}
