// int64 values past 2^53, sent to the digit: 9007199254740993 is no double, so a service that reads
// JSON numbers as doubles stores ...992, and the echo, list and read-back checks (which compare
// exact JSON text) catch it. Only where the document says the property holds 64 bits.

import type { JsonSchema } from '../../spec/index.js';
import { mergeAllOf, propertiesOf, rememberDigits } from '../../spec/index.js';

/** 2^53 + 1: the smallest positive integer a double cannot hold. */
export const UNSAFE_INT64 = 9_007_199_254_740_993n;

function holdsUnsafeInt64(schema: JsonSchema): boolean {
  const merged = mergeAllOf(schema as Record<string, unknown>);
  const types = Array.isArray(merged.type) ? merged.type : [merged.type];
  if (!types.includes('integer') || merged.format !== 'int64') return false;
  if (merged.enum !== undefined || merged.const !== undefined || merged.multipleOf !== undefined) return false;
  // Bounds are read as doubles: 2^53 + 2 is the next one up, and both must lie inside them.
  const value = Number(UNSAFE_INT64);
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = merged as Record<string, unknown>;
  const below = (bound: unknown, exclusive: boolean) =>
    typeof bound !== 'number' || (exclusive ? value < bound : value + 2 <= bound);
  const above = (bound: unknown, exclusive: boolean) =>
    typeof bound !== 'number' || (exclusive ? bound < value : bound <= value);
  return (
    below(maximum, exclusiveMaximum === true) &&
    below(typeof exclusiveMaximum === 'number' ? exclusiveMaximum : undefined, true) &&
    above(minimum, exclusiveMinimum === true) &&
    above(typeof exclusiveMinimum === 'number' ? exclusiveMinimum : undefined, true)
  );
}

/** The body with every int64 property it may carry set to 2^53 + 1, its digits kept for the wire
 * and for the comparisons; unchanged where there is none (or `keeps` says the item cannot hold it). */
export function withExactIntegers(
  body: unknown,
  schema: JsonSchema,
  keeps: (property: string, value: unknown) => boolean,
): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const names = Object.entries(propertiesOf(schema))
    .filter(([name, property]) => typeof property === 'object' && holdsUnsafeInt64(property) && name in body)
    .map(([name]) => name)
    .filter((name) => keeps(name, Number(UNSAFE_INT64)));
  if (names.length === 0) return body;
  const exact: Record<string, unknown> = { ...body };
  for (const name of names) {
    exact[name] = Number(UNSAFE_INT64);
    rememberDigits(exact, name, String(UNSAFE_INT64));
  }
  return exact;
}
