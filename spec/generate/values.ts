// Valid values for a JSON Schema, built by construction with fast-check. Supports the keywords
// OpenAPI documents use; a schema it cannot build for falls back to a filter on the validator.
import fc from 'fast-check';
import { mergeAllOf } from '../all-of.js';
import type { JsonSchema } from '../json-schema.js';
import { ecmaPattern } from '../patterns.js';
import { validatorOfView } from '../schema-registry.js';
import { codePointLength } from '../text.js';
import { SchemaCompiler } from '../validators.js';
import { plainString, wildString } from './strings.js';

export interface ValueStyle {
  /** plain: short alphanumeric strings and small numbers; wild: the whole input space. */
  readonly style: 'plain' | 'wild';
  /** How deep inside the value this schema sits; recursion is bounded by it. */
  readonly depth?: number;
}

/** Past this depth only required properties and the fewest items are generated: a recursive
 * schema (a tree) ends in leaves. Past MAX_DEPTH a value is given up on (and skipped). */
const SHALLOW_DEPTH = 3;
const MAX_DEPTH = 10;

// Keywords that cannot be built by construction (not, oneOf's exclusivity, uniqueItems of
// generated items) are enforced by a filter on the sub-schema's validator, compiled once.
const compiler = new SchemaCompiler();
const validators = new WeakMap<object, (value: unknown) => boolean>();

function compileValidity(schema: JsonSchema): (value: unknown) => boolean {
  // A node of a contract's schema view knows its own compiled form (references included).
  const ofView = validatorOfView(schema);
  if (ofView) return (value) => ofView(value).length === 0;
  const members = schema.allOf;
  if (Array.isArray(members) && Object.keys(schema).length === 1) {
    const all = members.map((member) => isValidFor(member as JsonSchema));
    return (value) => all.every((valid) => valid(value));
  }
  try {
    const validator = compiler.compile(schema);
    return (value) => validator.validate(value).length === 0;
  } catch {
    // A schema that cannot be compiled alone (a cyclic graph) filters nothing; callers validate.
    return () => true;
  }
}

function isValidFor(schema: JsonSchema): (value: unknown) => boolean {
  let validate = validators.get(schema);
  if (!validate) {
    validate = compileValidity(schema);
    validators.set(schema, validate);
  }
  return validate;
}

type Schema = Record<string, unknown>;
const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'] as const;

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

export function typesOf(schema: Schema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (schema.properties || schema.additionalProperties !== undefined || schema.required) return ['object'];
  if (schema.items) return ['array'];
  if (schema.minLength !== undefined || schema.maxLength !== undefined || schema.pattern || schema.format)
    return ['string'];
  if (schema.minimum !== undefined || schema.maximum !== undefined || schema.multipleOf !== undefined)
    return ['number'];
  return [...JSON_TYPES];
}

const built = new WeakMap<object, Map<string, fc.Arbitrary<unknown>>>();

export function valueArbitrary(schemaIn: JsonSchema, options: ValueStyle): fc.Arbitrary<unknown> {
  const depth = options.depth ?? 0;
  if (depth > MAX_DEPTH) return fc.constant(UNSATISFIABLE as unknown);
  // Shared schema nodes (components used in many places) are built once per style and depth.
  const key = `${options.style}:${depth}`;
  const cached = built.get(schemaIn)?.get(key);
  if (cached) return cached;
  const arbitrary = buildChecked(schemaIn, { ...options, depth });
  if (!built.has(schemaIn)) built.set(schemaIn, new Map());
  built.get(schemaIn)!.set(key, arbitrary);
  return arbitrary;
}

/** One level deeper: for the items, properties and values inside this one. */
function deeper(options: ValueStyle): ValueStyle {
  return { ...options, depth: (options.depth ?? 0) + 1 };
}

function buildChecked(schemaIn: JsonSchema, options: ValueStyle): fc.Arbitrary<unknown> {
  const schema = mergeAllOf(schemaIn as Schema);
  let arbitrary = build(schema, options);
  if (schema.not !== undefined || schema.oneOf !== undefined) {
    arbitrary = boundedFilter(arbitrary, isValidFor(schemaIn), UNSATISFIABLE as unknown);
  }
  return arbitrary;
}

function build(schema: Schema, options: ValueStyle): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) {
    const { anyOf: _a, oneOf: _o, ...rest } = schema;
    return fc.oneof(...alternatives.map((alternative) => valueArbitrary({ allOf: [rest, alternative] }, options)));
  }
  const types = typesOf(schema);
  // An open schema ({}) takes any JSON value; kept shallow so generation terminates.
  if (types.length === JSON_TYPES.length) return fc.jsonValue({ maxDepth: 2 });
  // Types that no value can have at once (allOf of a string and a number): nothing to build.
  if (types.length === 0) return fc.constant(UNSATISFIABLE as unknown);
  const byType = types.map((type) => forType(type, schema, options));
  return byType.length === 1 ? byType[0]! : fc.oneof(...byType);
}

function forType(type: string, schema: Schema, options: ValueStyle): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringFor(schema, options);
    case 'integer':
      return integerFor(schema, options);
    case 'number':
      return numberFor(schema, options);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayFor(schema, options);
    case 'object':
      return objectFor(schema, options);
    default:
      return fc.constant(null);
  }
}

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

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function stringFor(schema: Schema, options: ValueStyle): fc.Arbitrary<string> {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const declaredMax = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  if (typeof schema.pattern === 'string') {
    return boundedFilter(
      fc.stringMatching(ecmaPattern(schema.pattern), { size: 'small' }),
      (value) => lengthBetween(value, min, declaredMax ?? Infinity),
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
  let max = typeof schema.maximum === 'number' ? schema.maximum : plain ? Math.max(min, 0) + 1000 : formatMax;
  if (typeof schema.exclusiveMinimum === 'number') {
    min = Math.max(min, schema.exclusiveMinimum + step(schema.exclusiveMinimum));
  }
  if (typeof schema.exclusiveMaximum === 'number') {
    max = Math.min(max, schema.exclusiveMaximum - step(schema.exclusiveMaximum));
  }
  return { min, max };
}

function integerFor(schema: Schema, options: ValueStyle): fc.Arbitrary<number> {
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

function numberFor(schema: Schema, options: ValueStyle): fc.Arbitrary<number> {
  const { min, max } = numericBounds(schema, false, options.style === 'plain');
  if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0) {
    const m = schema.multipleOf;
    const lowK = Math.ceil(min / m);
    const highK = Math.floor(max / m);
    return fc
      .integer({ min: Math.max(lowK, -1e9), max: Math.min(highK, 1e9) })
      .map((k) => Number((k * m).toPrecision(15)));
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

function arrayFor(schema: Schema, options: ValueStyle): fc.Arbitrary<unknown[]> {
  const items = (schema.items ?? {}) as Schema;
  const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const shallow = (options.depth ?? 0) >= SHALLOW_DEPTH;
  const maxLength = shallow ? minLength : typeof schema.maxItems === 'number' ? schema.maxItems : minLength + 4;
  const item = valueArbitrary(items, deeper(options));
  if (schema.uniqueItems)
    return fc.uniqueArray(item, { minLength, maxLength, selector: (value) => JSON.stringify(value) });
  return fc.array(item, { minLength, maxLength });
}

function objectFor(schema: Schema, options: ValueStyle): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = ((schema.required as string[]) ?? []).filter((name) => name in properties);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  // Deep inside a value, optional properties are left out: a recursive schema ends in leaves.
  const shallow = (options.depth ?? 0) >= SHALLOW_DEPTH;
  for (const [name, propertySchema] of Object.entries(properties)) {
    if (shallow && !required.includes(name)) continue;
    record[name] = valueArbitrary(propertySchema, deeper(options));
  }
  // A required property the schema does not describe still has to be sent.
  for (const name of (schema.required as string[]) ?? []) {
    if (!(name in record)) record[name] = valueArbitrary({}, { ...options, style: 'plain' });
  }
  return fc.record(record, { requiredKeys: [...new Set([...required, ...((schema.required as string[]) ?? [])])] });
}
