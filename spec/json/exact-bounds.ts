// Integer bounds past 2^53 as the document means them. YAML and JSON readers give them as doubles:
// the largest int64, 9223372036854775807, arrives as 2^63, which no int64 is. Such a bound is read
// back as the integer it stands for, so one past it is refused and it is never sent as valid.

const TWO_63 = 2 ** 63;
const TWO_64 = 2 ** 64;

/** The exact integer a bound stands for: 2^63 and 2^64 (as doubles) are int64's and uint64's ends. */
export function exactBound(bound: number, side: 'maximum' | 'minimum'): bigint {
  if (side === 'maximum' && bound === TWO_63) return 2n ** 63n - 1n;
  if (side === 'maximum' && bound === TWO_64) return 2n ** 64n - 1n;
  return BigInt(bound);
}

/** The largest double at or under a maximum as the document means it (2^63 - 1024 for int64's). */
export function doubleAtMost(bound: number): number {
  if (Number.isSafeInteger(bound) || !Number.isInteger(bound)) return bound;
  const exact = exactBound(bound, 'maximum');
  let value = Number(exact);
  while (BigInt(value) > exact) value = nextDown(value);
  return value;
}

/** The next double below a positive finite one. */
function nextDown(value: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  view.setBigUint64(0, view.getBigUint64(0) - 1n);
  return view.getFloat64(0);
}

/** Where an integer written as text (its exact digits) is out of a schema's bounds, the message. */
export function exactIntegerProblem(text: string, schema: Readonly<Record<string, unknown>>): string | undefined {
  if (!/^-?\d{16,}$/.test(text)) return undefined;
  const value = BigInt(text);
  if (typeof schema.maximum === 'number' && Number.isInteger(schema.maximum)) {
    const maximum = exactBound(schema.maximum, 'maximum');
    if (value > maximum) return `must be <= ${maximum}`;
  }
  if (typeof schema.minimum === 'number' && Number.isInteger(schema.minimum)) {
    const minimum = exactBound(schema.minimum, 'minimum');
    if (value < minimum) return `must be >= ${minimum}`;
  }
  if (schema.format === 'int64' && (value > 2n ** 63n - 1n || value < -(2n ** 63n))) return 'must be an int64';
  return undefined;
}
