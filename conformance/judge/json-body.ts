// Response bodies parsed without losing int64 ids: two distinct snowflake ids that JSON.parse would
// round to the same number stay apart through idKey (spec/json/exact-json.ts keeps their digits).
import { fieldText, parseWithinDepth } from '../../spec/index.js';
import { sameInstant } from './field-compare.js';

/** A response body's value; JSON nested deeper than the checks can follow (they recurse) is
 * reported as a body that does not parse, saying so, never a crash. */
export const parseJson = parseWithinDepth;

/** A key that tells two values apart exactly, for an item's property (an id). */
export function idKey(item: Record<string, unknown>, property: string): string {
  return fieldText(item, property);
}

/** An item's id as a path parameter carries it: the exact text, without a string's quotes. */
export function idPathText(item: Record<string, unknown>, property: string): string {
  return idKey(item, property).replace(/^"|"$/g, '');
}

/** Whether a value is a JSON object (not an array, not null). */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON object as a record, or undefined for anything else (arrays and null included). */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return isJsonObject(value) ? value : undefined;
}

/** The object a read's counts stand in: the answer itself where it holds them all, else its `data`
 * or `item` envelope. */
export function countsHolder(value: unknown, members: readonly string[]): Record<string, unknown> | undefined {
  const body = asObject(value);
  if (!body) return undefined;
  return members.every((member) => member in body) ? body : asObject(body.data ?? body.item);
}

/** Whether an answered value is the one sent: equal as JSON, or the same instant written another
 * way (`1999-12-31T23:59:59Z` echoed as `1999-12-31T23:59:59.000Z`). */
export function sameAsSent(answered: unknown, sent: unknown): boolean {
  return JSON.stringify(answered) === JSON.stringify(sent) || sameInstant(answered, sent);
}
