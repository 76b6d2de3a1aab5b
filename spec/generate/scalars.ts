// Valid strings and numbers for a JSON Schema: formats, patterns (read as ECMA-262), lengths in code
// points, bounds (exclusive ones too) and multiples. Where no valid value can be made the generator
// yields UNSATISFIABLE, which callers validate and skip, never a crash or a spin.
import fc from 'fast-check';
import { codePointLength } from '../json/text.js';
import { ecmaPattern, generationPattern } from '../schema/patterns.js';
import { KNOWN_FORMATS } from '../schema/validators.js';
import { saidDates } from './said-dates.js';
import { plainString, wildString } from './strings.js';

type Schema = Record<string, unknown>;

export interface ValueStyle {
  /** plain: short alphanumeric strings and small numbers; wild: the whole input space. */
  readonly style: 'plain' | 'wild';
  /** How deep inside the value this schema sits; recursion is bounded by it. */
  readonly depth?: number;
  /** The longest string (in code points) to make where the schema allows longer: a URL's parts stay
   * short enough for a server to read the request at all (wild strings run to 60,000). */
  readonly longest?: number;
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

// Plain dates a service takes: this century (a booking in 2999 or 1970 is refused by many a service
// that checks plausibility, and no client sends one), with room at both ends for the days and years
// fresh values move them by.
const PLAIN_FIRST = new Date('2001-01-01T00:00:00Z');
const PLAIN_LAST = new Date('2079-12-31T23:59:59Z');

const FORMATS: Record<string, () => fc.Arbitrary<string>> = {
  'date-time': () => fc.date({ min: PLAIN_FIRST, max: PLAIN_LAST, noInvalidDate: true }).map((d) => d.toISOString()),
  date: () =>
    fc.date({ min: PLAIN_FIRST, max: PLAIN_LAST, noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
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
  // The other formats ajv-formats checks in full mode (the mock refuses what does not fit them).
  duration: () =>
    fc.oneof(
      fc.nat({ max: 400 }).map((days) => `P${days}D`),
      fc.nat({ max: 52 }).map((weeks) => `P${weeks}W`),
      fc
        .tuple(fc.nat({ max: 30 }), fc.nat({ max: 11 }), fc.nat({ max: 23 }), fc.nat({ max: 59 }))
        .map(([years, months, hours, minutes]) => `P${years}Y${months}MT${hours}H${minutes}M`),
    ),
  'iso-time': () => FORMATS.time!(),
  'iso-date-time': () => FORMATS['date-time']!(),
  'uri-reference': () =>
    fc.oneof(
      fc.webUrl(),
      fc.webPath().map((path) => path || '/'),
    ),
  'uri-template': () => fc.constantFrom('https://example.com/items/{id}', '/search{?q,limit}', '/plain'),
  'json-pointer': () =>
    fc
      .array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { maxLength: 4 })
      .map((parts) => parts.map((part) => `/${part}`).join('')),
  'json-pointer-uri-fragment': () =>
    fc
      .array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { maxLength: 4 })
      .map((parts) => `#${parts.map((part) => `/${part}`).join('')}`),
  'relative-json-pointer': () =>
    fc.tuple(fc.nat({ max: 5 }), fc.stringMatching(/^(\/[a-z0-9]{1,8}){0,3}$/)).map(([up, rest]) => `${up}${rest}`),
  regex: () => fc.constantFrom('^[a-z]+$', '\\d{3}', '(?:ab)+', '.*'),
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
      ? (saidDates(schema) ??
        (options.style === 'wild' ? WILD_FORMATS[schema.format] : undefined) ??
        FORMATS[schema.format])
      : undefined;
  if (typeof schema.pattern === 'string') {
    // The generator's reading is checked against the pattern itself.
    const original = ecmaPattern(schema.pattern);
    // A pattern beside a format must be met with it: PagerDuty's since is a date-time whose pattern
    // is the literal YYYY-MM-DDThh:mm:ssZ, and text matching only the pattern was sent as valid.
    const fits = (value: string) =>
      original.test(value) && lengthBetween(value, min, declaredMax ?? Infinity) && formatAccepts(schema.format, value);
    // The format's own values first where some meet the pattern (a URL that must begin https://):
    // the pattern's letters alone make odd ones ("https://?", a URL without a host).
    if (format) {
      const formatted = format();
      if (fc.sample(formatted, { numRuns: 100, seed: 1 }).some(fits)) return formatted.filter(fits);
    }
    const matching = patternArbitrary(schema.pattern);
    if (!matching) return fc.constant(UNSATISFIABLE as unknown as string);
    return boundedFilter(matching, fits, UNSATISFIABLE as unknown as string);
  }
  if (format)
    return boundedFilter(
      format(),
      (value) => lengthBetween(value, min, declaredMax ?? Infinity),
      UNSATISFIABLE as unknown as string,
    );
  if (options.style === 'plain') return plainString(min, declaredMax ?? 24);
  const longest = Math.max(min, options.longest ?? 60_000);
  return wildString(min, Math.min(declaredMax ?? longest, longest));
}

/** Whether a string meets its format as the validators read it (their table, KNOWN_FORMATS); unknown
 * formats, and formats of numbers, hold any string. */
function formatAccepts(format: unknown, value: string): boolean {
  const known = typeof format === 'string' ? KNOWN_FORMATS[format] : undefined;
  const defined = typeof known === 'object' && known !== null && 'validate' in known;
  if (defined && 'type' in known && known.type !== 'string') return true;
  const check = defined ? known.validate : known;
  if (!webHostKept(format, value)) return false;
  if (check instanceof RegExp) return check.test(value);
  return typeof check === 'function' ? Boolean(check(value)) : true;
}

/** An http(s) URI names a host (RFC 9110 §4.2.1: one without is invalid), whatever the generic URI
 * syntax lets through. */
function webHostKept(format: unknown, value: string): boolean {
  if (typeof format !== 'string' || !/^(?:uri|iri|url)$/.test(format) || !/^https?:/i.test(value)) return true;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
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

/** The distance to the next double: past 2^53 integers are 2, 4, … 2048 apart. */
export function ulp(value: number): number {
  const magnitude = Math.abs(value);
  if (magnitude < 2 ** 53) return 1;
  let exponent = Math.floor(Math.log2(magnitude));
  // log2 rounds up just below a power of two (the largest doubles read as 1024): one less there.
  if (2 ** exponent > magnitude) exponent--;
  return 2 ** (exponent - 52);
}

/**
 * A bound past 2^53 is the document's digits rounded to a double (9223372036854775807 reads as
 * 2^63), which may lie outside the author's bound: such a bound is moved one double inwards, so a
 * generated value is inside whatever the digits were.
 */
function inwardMinimum(bound: number): number {
  return Number.isSafeInteger(bound) || !Number.isInteger(bound) ? bound : finiteOr(bound + ulp(bound), bound);
}
function inwardMaximum(bound: number): number {
  return Number.isSafeInteger(bound) || !Number.isInteger(bound) ? bound : finiteOr(bound - ulp(bound), bound);
}
/** Past the largest double there is no double inwards: the bound itself. */
const finiteOr = (moved: number, bound: number): number => (Number.isFinite(moved) ? moved : bound);

const SAFE_MULTIPLES = Number.MAX_SAFE_INTEGER;

/** The widest integers a format allows (int64's ends moved inwards, as above). */
const FORMAT_RANGE: Record<string, Bounds> = {
  int32: { min: -(2 ** 31), max: 2 ** 31 - 1 },
  int64: { min: -(2 ** 63) + 1024, max: 2 ** 63 - 1024 },
};

function numericBounds(schema: Schema, integer: boolean, plain: boolean): Bounds {
  const formatRange = FORMAT_RANGE[String(schema.format)];
  // Without bounds, wild values stay within the doubles that are exact integers.
  const formatMax = schema.format === 'int32' ? 2 ** 31 - 1 : Number.MAX_SAFE_INTEGER;
  // The step past an exclusive bound is relative: 20 - 4ε is still 20 in floating point.
  const step = (bound: number) =>
    integer ? Math.max(1, ulp(bound)) : Math.max(Number.EPSILON * 4, Math.abs(bound) * Number.EPSILON * 4);
  const minimum = typeof schema.minimum === 'number' ? inwardMinimum(schema.minimum) : undefined;
  const maximum = typeof schema.maximum === 'number' ? inwardMaximum(schema.maximum) : undefined;
  let min = minimum ?? (plain ? 0 : -formatMax);
  if (typeof schema.exclusiveMinimum === 'number') {
    min = minimum !== undefined || !plain ? min : schema.exclusiveMinimum;
    min = Math.max(min, schema.exclusiveMinimum + step(schema.exclusiveMinimum));
  }
  if (formatRange) min = Math.max(min, formatRange.min);
  // A plain value stays near the lower bound, whatever it is, under a declared maximum too: a
  // quantity of 20,031 meets limits the document states only in words (a venue's capacity).
  const near = Math.max(min, 0) + 10;
  let max = plain ? Math.min(maximum ?? near, near) : (maximum ?? formatMax);
  if (typeof schema.exclusiveMaximum === 'number') {
    max = Math.min(max, schema.exclusiveMaximum - step(schema.exclusiveMaximum));
  }
  if (formatRange) max = Math.min(max, formatRange.max);
  // A bound of -0 is 0: fast-check tells the zeros apart, and refused min 0 with max -0.
  return { min: min + 0, max: max + 0 };
}

/**
 * Integers between any two bounds. fast-check's fc.integer spins on bounds past 2^53, so a range
 * that leaves the safe integers is drawn as exact big integers (fc.bigInt) and sent as the double
 * nearest to each: both ends are doubles, so the value stays inside them.
 */
function integerBetween(low: number, high: number): fc.Arbitrary<number> {
  if (Number.isSafeInteger(low) && Number.isSafeInteger(high)) return fc.integer({ min: low, max: high });
  return fc.bigInt({ min: BigInt(low), max: BigInt(high) }).map((big) => Number(big));
}

export function integerFor(schema: Schema, options: ValueStyle): fc.Arbitrary<number> {
  const { min, max } = numericBounds(schema, true, options.style === 'plain');
  const low = Math.ceil(min);
  const high = Math.floor(max);
  if (!(low <= high) || !Number.isFinite(low) || !Number.isFinite(high))
    return fc.constant(UNSATISFIABLE as unknown as number);
  if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0) {
    const m = schema.multipleOf;
    // Multiples are exact only among the safe integers (ajv divides, and reads the quotient with parseInt).
    const lowK = Math.ceil(Math.max(low, -SAFE_MULTIPLES) / m);
    const highK = Math.floor(Math.min(high, SAFE_MULTIPLES) / m);
    if (!(lowK <= highK)) return fc.constant(UNSATISFIABLE as unknown as number);
    return boundedFilter(
      integerBetween(lowK, highK).map((k) => k * m),
      (value) => Number.isInteger(value) && value >= low && value <= high,
      UNSATISFIABLE as unknown as number,
    );
  }
  return integerBetween(low, high);
}

export function numberFor(schema: Schema, options: ValueStyle): fc.Arbitrary<number> {
  // `type: number, format: int64` is written, and the format asks for whole numbers.
  if (FORMAT_RANGE[String(schema.format)]) return integerFor(schema, options);
  const { min, max } = numericBounds(schema, false, options.style === 'plain');
  if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0) {
    const m = schema.multipleOf;
    const lowK = Math.max(Math.ceil(min / m), -1e9);
    const highK = Math.min(Math.floor(max / m), 1e9);
    // Bounds past what multiples can be counted in (1e300 in steps of 0.01) yield no value, not a crash.
    if (!(lowK <= highK)) return fc.constant(UNSATISFIABLE as unknown as number);
    return boundedFilter(
      fc.integer({ min: lowK, max: highK }).map((k) => Number((k * m).toPrecision(15))),
      (value) => value >= min && value <= max,
      UNSATISFIABLE as unknown as number,
    );
  }
  if (min > max) return fc.constant(UNSATISFIABLE as unknown as number);
  const double = fc
    .double({ min, max, noNaN: true, noDefaultInfinity: true })
    .map((value) => (Object.is(value, -0) ? 0 : value));
  if (options.style === 'wild' || Math.ceil(min) > Math.floor(max)) return double;
  return boundedFilter(
    integerBetween(Math.ceil(min), Math.floor(max)),
    (v) => v >= min && v <= max,
    UNSATISFIABLE as unknown as number,
  );
}
