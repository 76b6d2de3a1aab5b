// Response bodies parsed without losing int64 ids. JSON.parse rounds integers past 2^53, so two
// distinct snowflake ids can parse to the same number; lossless-json keeps their exact digits,
// which identity comparisons (unique ids, "is the created item listed") use through idKey.
import { isSafeNumber, parse } from 'lossless-json';

const exactDigits = new WeakMap<object, Map<string, string>>();
const UNSAFE = Symbol('unsafe number');
type Unsafe = { [UNSAFE]: string };

function isUnsafe(value: unknown): value is Unsafe {
  return typeof value === 'object' && value !== null && UNSAFE in value;
}

/** Numbers stay numbers (for schema checks); an unsafe integer's exact text is remembered. */
function restore(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries: Array<[string | number, unknown]> = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value);
  for (const [key, child] of entries) {
    if (isUnsafe(child)) {
      const digits = exactDigits.get(value) ?? new Map<string, string>();
      digits.set(String(key), child[UNSAFE]);
      exactDigits.set(value, digits);
      (value as Record<string | number, unknown>)[key] = Number(child[UNSAFE]);
    } else {
      restore(child);
    }
  }
  return value;
}

export function parseJson(text: string): unknown {
  const parsed = parse(text, null, (digits) =>
    isSafeNumber(digits) ? Number(digits) : ({ [UNSAFE]: digits } as Unsafe),
  );
  return isUnsafe(parsed) ? Number(parsed[UNSAFE]) : restore(parsed);
}

/** A key that tells two values apart exactly, for an item's property (an id). */
export function idKey(item: Record<string, unknown>, property: string): string {
  return exactDigits.get(item)?.get(property) ?? JSON.stringify(item[property]);
}
