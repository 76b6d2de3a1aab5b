// Valid strings and numbers for a JSON Schema: formats, patterns (read as ECMA-262), lengths in code
// points, bounds (exclusive ones too) and multiples. Where no valid value can be made the generator
// yields UNSATISFIABLE, which callers validate and skip, never a crash or a spin.
import fc from 'fast-check';
import { ecmaPattern, generationPattern } from '../patterns.js';
import { codePointLength } from '../text.js';
import { plainString, wildString } from './strings.js';

type Schema = Record<string, unknown>;

export interface ValueStyle {
  /** plain: short alphanumeric strings and small numbers; wild: the whole input space. */
  readonly style: 'plain' | 'wild';
  /** How deep inside the value this schema sits; recursion is bounded by it. */
  readonly depth?: number;
}

/**
 * A filter that cannot spin: fast-check retries a filter forever, so a constraint no generated
 * value meets (a date-time with maxLength 10) would hang the run. Probed once at construction; if
 * none of 100 candidates passes, the arbitrary yields `fallback`, which callers validate and skip.
 */
export function boundedFilter<T>(
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => boolean,
  fallback: T,
): fc.Arbitrary<T> {
  const probe = fc.sample(arbitrary, { numRuns: 100, seed: 1 });
  return probe.some(predicate) ? arbitrary.filter(predicate) : fc.constant(fallback);
}

/** What a generator yields for a schema it cannot satisfy: never valid where a string is wanted. */
export const UNSATISFIABLE = Object.freeze({ unsatisfiable: true });

const FORMATS: Record<string, () => fc.Arbitrary<string>> = {
  'date-time': () =>
    fc
      .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true })
      .map((d) => d.toISOString()),
  date: () =>
    fc
      .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  time: () =>
    fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m, s]) => `${pad(h)}:${pad(m)}:${pad(s)}Z`),
  email: () => fc.emailAddress(),
  uuid: () => fc.uuid(),
  uri: () => fc.webUrl(),
  url: () => fc.webUrl(),
  hostname: () => fc.domain(),
  ipv4: () => fc.ipV4(),
  ipv6: () => fc.ipV6(),
  byte: () => fc.base64String({ maxLength: 64 }),
};

const OFFSETS = ['Z', 'z', '+00:00', '+05:30', '-08:00', '+14:00', '-12:00'];

/** The whole valid space of the formats where storage likes to normalise: offsets and fractions in
 * date-times, letter case and + tags in emails, upper-case uuids. Generated (wild) cases use these. */
const WILD_FORMATS: Record<string, () => fc.Arbitrary<string>> = {
  'date-time': () =>
    fc
      .tuple(
        FORMATS.date!(),
        FORMATS.time!(),
        fc.nat({ max: 999_999_999 }),
        fc.integer({ min: 0, max: 9 }),
        fc.constantFrom(...OFFSETS),
        fc.boolean(),
      )
      .map(([date, time, fraction, digits, offset, lowerT]) => {
        const seconds = time.slice(0, 8);
        const fractionText = digits === 0 ? '' : `.${String(fraction).padStart(9, '0').slice(0, digits)}`;
        return `${date}${lowerT ? 't' : 'T'}${seconds}${fractionText}${offset}`;
      }),
  email: () =>
    fc.tuple(fc.emailAddress(), fc.constantFrom('', '+tag', '+Test.1'), fc.boolean()).map(([email, tag, upper]) => {
      const [local, domain] = email.split('@') as [string, string];
      const named = `${upper ? local.charAt(0).toUpperCase() + local.slice(1) : local}${tag}`;
      return `${named}@${upper ? domain.toUpperCase() : domain}`;
    }),
  uuid: () => fc.tuple(fc.uuid(), fc.boolean()).map(([uuid, upper]) => (upper ? uuid.toUpperCase() : uuid)),
};

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

export function stringFor(schema: Schema, options: ValueStyle): fc.Arbitrary<string> {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const declaredMax = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const format =
    typeof schema.format === 'string'
      ? ((options.style === 'wild' ? WILD_FORMATS[schema.format] : undefined) ?? FORMATS[schema.format])
      : undefined;
  if (typeof schema.pattern === 'string') {
    const matching = patternArbitrary(schema.pattern);
    if (!matching) return fc.constant(UNSATISFIABLE as unknown as string);
    // The generator's reading is checked against the pattern itself.
    const original = ecmaPattern(schema.pattern);
    return boundedFilter(
      matching,
      (value) => original.test(value) && lengthBetween(value, min, declaredMax ?? Infinity),
      UNSATISFIABLE as unknown as string,
    );
  }
  if (format)
    return boundedFilter(
      format(),
      (value) => lengthBetween(value, min, declaredMax ?? Infinity),
      UNSATISFIABLE as unknown as string,
    );
  return options.style === 'plain' ? plainString(min, declaredMax ?? 24) : wildString(min, declaredMax ?? 60_000);
}

/** Strings matching a pattern; undefined where the generator cannot read the pattern. */
function patternArbitrary(pattern: string): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(ecmaPattern(generationPattern(pattern)), { size: 'small' });
  } catch {
    return undefined;
  }
}

function lengthBetween(value: string, min: number, max: number): boolean {
  const length = codePointLength(value);
  return length >= min && length <= max;
}

interface Bounds {
  readonly min: number;
  readonly max: number;
}

function numericBounds(schema: Schema, integer: boolean, plain: boolean): Bounds {
  const formatMax = schema.format === 'int32' ? 2 ** 31 - 1 : Number.MAX_SAFE_INTEGER;
  // The step past an exclusive bound is relative: 20 - 4ε is still 20 in floating point.
  const step = (bound: number) => (integer ? 1 : Math.max(Number.EPSILON * 4, Math.abs(bound) * Number.EPSILON * 4));
  let min = typeof schema.minimum === 'number' ? schema.minimum : plain ? 0 : -formatMax;
  if (typeof schema.exclusiveMinimum === 'number') {
    min = typeof schema.minimum === 'number' || !plain ? min : schema.exclusiveMinimum;
    min = Math.max(min, schema.exclusiveMinimum + step(schema.exclusiveMinimum));
  }
  // A plain value stays near the lower bound, whatever it is.
  let max = typeof schema.maximum === 'number' ? schema.maximum : plain ? Math.max(min, 0) + 1000 : formatMax;
  if (typeof schema.exclusiveMaximum === 'number') {
    max = Math.min(max, schema.exclusiveMaximum - step(schema.exclusiveMaximum));
  }
  return { min, max };
}

export function integerFor(schema: Schema, options: ValueStyle): fc.Arbitrary<number> {
  const { min, max } = numericBounds(schema, true, options.style === 'plain');
  const low = Math.ceil(min);
  const high = Math.floor(max);
  if (low > high) return fc.constant(UNSATISFIABLE as unknown as number);
  if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0) {
    const m = schema.multipleOf;
    const lowK = Math.ceil(low / m);
    const highK = Math.floor(high / m);
    if (lowK > highK) return fc.constant(UNSATISFIABLE as unknown as number);
    return boundedFilter(
      fc.integer({ min: lowK, max: highK }).map((k) => k * m),
      Number.isInteger,
      UNSATISFIABLE as unknown as number,
    );
  }
  return fc.integer({ min: low, max: high });
}

export function numberFor(schema: Schema, options: ValueStyle): fc.Arbitrary<number> {
  const { min, max } = numericBounds(schema, false, options.style === 'plain');
  if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0) {
    const m = schema.multipleOf;
    const lowK = Math.max(Math.ceil(min / m), -1e9);
    const highK = Math.min(Math.floor(max / m), 1e9);
    // Bounds past what multiples can be counted in (1e300 in steps of 0.01) yield no value, not a crash.
    if (!(lowK <= highK)) return fc.constant(UNSATISFIABLE as unknown as number);
    return fc.integer({ min: lowK, max: highK }).map((k) => Number((k * m).toPrecision(15)));
  }
  if (min > max) return fc.constant(UNSATISFIABLE as unknown as number);
  const double = fc
    .double({ min, max, noNaN: true, noDefaultInfinity: true })
    .map((value) => (Object.is(value, -0) ? 0 : value));
  if (options.style === 'wild' || Math.ceil(min) > Math.floor(max)) return double;
  return boundedFilter(
    fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
    (v) => v >= min && v <= max,
    UNSATISFIABLE as unknown as number,
  );
}
