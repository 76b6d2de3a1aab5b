// Valid values for a JSON Schema, built by construction with fast-check. Supports the keywords
// OpenAPI documents use; a schema it cannot build for falls back to a filter on the validator.
import fc from 'fast-check';
import { mergeAllOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { setMember } from '../schema/members.js';
import { validatorOfView } from '../schema/schema-registry.js';
import { SchemaCompiler } from '../schema/validators.js';
import { boundedFilter, integerFor, numberFor, stringFor, UNSATISFIABLE, type ValueStyle } from './scalars.js';

export { boundedFilter, UNSATISFIABLE, type ValueStyle } from './scalars.js';

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
  // Boolean schemas (JSON Schema): true takes anything, false nothing.
  if ((schemaIn as unknown) === true) return valueArbitrary({}, options);
  if (typeof schemaIn !== 'object' || schemaIn === null) return fc.constant(UNSATISFIABLE as unknown);
  const depth = options.depth ?? 0;
  if (depth > MAX_DEPTH) return fc.constant(UNSATISFIABLE as unknown);
  // Shared schema nodes (components used in many places) are built once per style and depth.
  const key = `${options.style}:${depth}:${options.longest ?? ''}`;
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

/** Keywords whose meaning depends on the whole value (exclusivity, what other keywords evaluated,
 * conditions): values built from the rest are filtered by the schema's own validator. */
const FILTERED_KEYWORDS = [
  'not',
  'oneOf',
  'if',
  'contains',
  'propertyNames',
  'dependentSchemas',
  'unevaluatedProperties',
  'unevaluatedItems',
];

function buildChecked(schemaIn: JsonSchema, options: ValueStyle): fc.Arbitrary<unknown> {
  const schema = mergeAllOf(schemaIn as Schema);
  let arbitrary = build(schema, options);
  if (FILTERED_KEYWORDS.some((keyword) => schema[keyword] !== undefined)) {
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

function arrayFor(schema: Schema, options: ValueStyle): fc.Arbitrary<unknown[]> {
  if (Array.isArray(schema.prefixItems)) return tupleFor(schema, options);
  const items = (schema.items ?? {}) as Schema;
  const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const shallow = (options.depth ?? 0) >= SHALLOW_DEPTH;
  const maxLength = shallow ? minLength : typeof schema.maxItems === 'number' ? schema.maxItems : minLength + 4;
  const item = valueArbitrary(items, deeper(options));
  if (schema.uniqueItems)
    return fc.uniqueArray(item, { minLength, maxLength, selector: (value) => JSON.stringify(value) });
  return fc.array(item, { minLength, maxLength });
}

/** 2020-12 tuples: one value per prefixItems schema, then items (none where items is false). */
function tupleFor(schema: Schema, options: ValueStyle): fc.Arbitrary<unknown[]> {
  const prefix = (schema.prefixItems as Schema[]).map((item) => valueArbitrary(item, deeper(options)));
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : prefix.length + 2;
  const rest =
    schema.items === false
      ? fc.constant([])
      : fc.array(valueArbitrary((schema.items ?? {}) as Schema, deeper(options)), {
          minLength: Math.max(0, minItems - prefix.length),
          maxLength: Math.max(0, Math.min(maxItems - prefix.length, 2)),
        });
  const head = minItems >= prefix.length ? fc.tuple(...prefix) : fc.tuple(...prefix.slice(0, Math.max(minItems, 1)));
  return fc.tuple(head, rest).map(([first, more]) => [...first, ...more]);
}

function objectFor(schema: Schema, options: ValueStyle): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = ((schema.required as string[]) ?? []).filter((name) => Object.hasOwn(properties, name));
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
  // minProperties beyond the named ones is met with members the additionalProperties schema allows.
  const extra = (typeof schema.minProperties === 'number' ? schema.minProperties : 0) - Object.keys(record).length;
  const extraRequired: string[] = [];
  if (extra > 0 && schema.additionalProperties !== false) {
    const additional = typeof schema.additionalProperties === 'object' ? (schema.additionalProperties as Schema) : {};
    for (let index = 1; index <= extra; index++) {
      record[`extra${index}`] = valueArbitrary(additional, deeper(options));
      extraRequired.push(`extra${index}`);
    }
  }
  // fast-check's records are keyed by safe placeholders: a property named __proto__ is a key too.
  const names = Object.keys(record);
  const placeholders = Object.fromEntries(names.map((name, index) => [`p${index}`, record[name]!]));
  const dependents = (schema.dependentRequired ?? {}) as Record<string, string[]>;
  const requiredNames = new Set([...required, ...((schema.required as string[]) ?? []), ...extraRequired]);
  // A required member's dependents (dependentRequired) are required too.
  for (const name of [...requiredNames]) {
    if (Object.hasOwn(dependents, name)) for (const other of dependents[name]!) requiredNames.add(other);
  }
  const requiredKeys = names.flatMap((name, index) => (requiredNames.has(name) ? [`p${index}`] : []));
  return fc.record(placeholders, { requiredKeys }).map((value) => {
    const object: Record<string, unknown> = {};
    names.forEach((name, index) => {
      if (`p${index}` in value) {
        setMember(object, name, value[`p${index}`]);
      }
    });
    // An optional member whose dependents were left out is left out too.
    for (const [name, needs] of Object.entries(dependents)) {
      if (Object.hasOwn(object, name) && needs.some((other) => !Object.hasOwn(object, other))) delete object[name];
    }
    return object;
  });
}
