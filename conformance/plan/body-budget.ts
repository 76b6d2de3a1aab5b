// How large a generated body may grow: big enough for long strings, small enough for a service's
// body limit.

/** A generated body is at most about this many characters of JSON: one long string is an edge worth
 * sending, dozens in one body (Twilio's 200 form fields) make a body past any service's size limit. */
const BODY_BUDGET = 256 * 1024;
const TRIMMED_LENGTH = 1024;

/** About the length of the value as JSON (escapes counted: a control character is six). */
function textSize(value: unknown): number {
  if (typeof value === 'string') return JSON.stringify(value).length;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + textSize(item), 0);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).reduce((sum, [name, item]) => sum + name.length + textSize(item), 0);
  return 0;
}

function trimmedStrings(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length > TRIMMED_LENGTH ? Array.from(value).slice(0, TRIMMED_LENGTH).join('') : value;
  if (Array.isArray(value)) return value.map(trimmedStrings);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    Object.defineProperty(out, name, {
      value: trimmedStrings(item),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** The body, its long strings cut short where it is over the budget and stays valid so. */
export function withinBudget(body: unknown, isValid: (value: unknown) => boolean): unknown {
  if (textSize(body) <= BODY_BUDGET) return body;
  const trimmed = trimmedStrings(body);
  return isValid(trimmed) ? trimmed : body;
}
