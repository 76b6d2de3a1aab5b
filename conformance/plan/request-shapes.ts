// What a case's request is shaped from, besides its values: the media type a body is sent as, and
// the schemas parameter values and form bodies are generated from.
import {
  type CollectionSpec,
  doubleAtMost,
  isJsonMediaType,
  type JsonSchema,
  mergeAllOf,
  type Operation,
  type ParameterSpec,
  parseMediaType,
  propertiesOf,
} from '../../spec/index.js';

// The media types a body is sent as, by preference: plain JSON, then JSON that is the resource
// itself (merge patch, vendor +json), then JSON Patch (a list of operations, not the resource).
// Generators list application/json-patch+json first for every body (Swashbuckle, a DTO included;
// Kubernetes, with an object schema), so the order of the document's keys is not the preference.
const PREFERENCES: readonly ((essence: string) => boolean)[] = [
  (essence) => essence === 'application/json',
  (essence) => isJsonMediaType(essence) && essence !== 'application/json-patch+json',
  (essence) => isJsonMediaType(essence),
  () => true,
];

/** The media type a case's body is sent as: the most preferred one the document gives a schema. */
export function requestMediaTypeOf(operation: Operation): string | undefined {
  const content = operation.requestBody?.content ?? [];
  const withSchema = content.filter((m) => m.validator);
  const essence = (m: (typeof content)[number]) => parseMediaType(m.mediaType)?.essence ?? m.mediaType;
  for (const preferred of PREFERENCES) {
    const found = withSchema.find((m) => preferred(essence(m)));
    if (found) return found.mediaType;
  }
  return content[0]?.mediaType;
}

const parameterSchemas = new WeakMap<ParameterSpec, JsonSchema>();

/**
 * The schema a parameter's values are generated from, built once per parameter. An empty list
 * leaves no query field, header or cookie and reads as a missing one (found on the 2.0 petstore's
 * findByStatus), and in a path, like an empty string, it names another path: lists hold one item
 * at least, and path strings one character.
 */
export function sendableParameterSchema(parameter: ParameterSpec): JsonSchema {
  const known = parameterSchemas.get(parameter);
  if (known) return known;
  const schema = withoutNull(parameter.validator.schema as Record<string, unknown>);
  const sendable = (
    schema.type === 'array' && !(Number(schema.minItems) >= 1)
      ? { ...schema, minItems: 1 }
      : parameter.in === 'path' && schema.type === 'string' && !(Number(schema.minLength) >= 1)
        ? { ...schema, minLength: 1 }
        : schema
  ) as JsonSchema;
  parameterSchemas.set(parameter, sendable);
  return sendable;
}

/** Per operation (a shared parameter may key one operation's item and not another's), by name. */
const keySchemas = new WeakMap<Operation, Map<string, JsonSchema>>();

/** The schema a path value is drawn from where it is a key the client chooses: the parameter's own,
 * and, where that leaves the key open (`{type: string}`), the rules of the member it is stored in
 * (a course's `code`, `^[A-Z]{2,4}-[0-9]{3}$`): a PUT at a key that member refuses makes nothing. */
export function keyParameterSchema(
  parameter: ParameterSpec,
  operation: Operation,
  collections: readonly CollectionSpec[],
): JsonSchema {
  let byName = keySchemas.get(operation);
  if (!byName) keySchemas.set(operation, (byName = new Map()));
  const known = byName.get(parameter.name);
  if (known) return known;
  const own = sendableParameterSchema(parameter) as Record<string, unknown>;
  const keyed = collections.find(
    (c) =>
      c.clientKey &&
      [c.read, c.replace, c.update, c.remove].some(
        (role) => role?.operation.path === operation.path && role.parameter === parameter.name,
      ),
  );
  const member = keyed
    ? (mergeAllOf(
        (propertiesOf(keyed.create?.item.schema ?? keyed.read?.item.schema)[keyed.idProperty] ?? {}) as Record<
          string,
          unknown
        >,
      ) as Record<string, unknown>)
    : {};
  const open = own.type === 'string' && own.pattern === undefined && own.format === undefined && own.enum === undefined;
  const rules = ['pattern', 'format', 'minLength', 'maxLength'].filter((rule) => member[rule] !== undefined);
  const schema = (
    open && member.type === 'string' && rules.length > 0
      ? { ...own, ...Object.fromEntries(rules.map((rule) => [rule, member[rule]])) }
      : own
  ) as JsonSchema;
  byName.set(parameter.name, schema);
  return schema;
}

/** A parameter's schema without its null: a query, header, cookie or path has no null, and a JSON
 * null would go as the text "null", which a service may rightly refuse (or read as a name). */
function withoutNull(schema: Record<string, unknown>): Record<string, unknown> {
  const { nullable: _nullable, ...rest } = schema;
  const type = Array.isArray(rest.type) ? rest.type.filter((one) => one !== 'null') : rest.type;
  const isNull = (alternative: unknown): boolean => (alternative as Record<string, unknown>)?.type === 'null';
  const alternatives = (key: 'anyOf' | 'oneOf') => {
    const list = rest[key];
    return Array.isArray(list) && list.some(isNull) && list.length > 1 ? { [key]: list.filter((a) => !isNull(a)) } : {};
  };
  const enumValues = Array.isArray(rest.enum) && rest.enum.length > 1 ? rest.enum.filter((v) => v !== null) : rest.enum;
  return {
    ...rest,
    ...(type === undefined ? {} : { type: Array.isArray(type) && type.length === 1 ? type[0] : type }),
    ...(enumValues === undefined ? {} : { enum: enumValues }),
    ...alternatives('anyOf'),
    ...alternatives('oneOf'),
  };
}

const isArrayType = (type: unknown): boolean => type === 'array' || (Array.isArray(type) && type.includes('array'));

/** A form body's schema as a form can carry it: a list holds one item at least (an empty one leaves
 * no field) and is never null (a nullable list's null would be the text "null", Twilio's
 * UseCaseCategories). */
export function withNonEmptyArrays(schema: JsonSchema): JsonSchema {
  const properties = propertiesOf(schema) as Record<string, Record<string, unknown>>;
  const changed = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [
      name,
      isArrayType(property.type) && (property.type !== 'array' || !(Number(property.minItems) >= 1))
        ? { ...property, type: 'array', minItems: Math.max(1, Number(property.minItems ?? 0)) }
        : // A field of any type is text in a form (an empty list or object would leave it out).
          property.type === undefined && Object.keys(property).every((k) => k === 'description' || k === 'title')
          ? { ...property, type: 'string', minLength: 1 }
          : property,
    ]),
  );
  return { ...(schema as Record<string, unknown>), properties: changed } as JsonSchema;
}

/** Keys of a pattern (a client-chosen ^[A-Z]{3,8}$) that plain generated keys, short ones, never are. */
const UNLIKELY_KEYS = [32, 16, 12, 8, 6, 4, 3].flatMap((length) => ['Z', 'z', '9'].map((c) => c.repeat(length)));

/** A number no item is likely to have that still fits a 32-bit column (unbounded integers). */
const UNLIKELY_NUMBER = 999_999_999;

/** The candidates, and each after the literal start of the pattern (`pl_` of `^pl_[A-Za-z0-9]+$`):
 * without it no unlikely id fits, and a sampled one (`pl_3`) may name an item the run made. */
function withLiteralPrefix(pattern: unknown, candidates: readonly string[]): string[] {
  const prefix = typeof pattern === 'string' ? (/^\^((?:[\w-]|\\[^\w\s])*)/.exec(pattern)?.[1] ?? '') : '';
  const literal = prefix.replace(/\\(.)/g, '$1');
  return literal === '' ? [...candidates] : [...candidates, ...candidates.map((candidate) => `${literal}${candidate}`)];
}

/** An id no store is likely to hold, valid for the parameter's schema; undefined when none fits. The
 * `nth` of them where there are several (a key the run's own PUT makes, apart from the missing one). */
export function unlikelyId(parameter: ParameterSpec, nth = 0, key?: JsonSchema): unknown {
  const schema = { ...(parameter.validator.schema as Record<string, unknown>), ...(key as object) } as Record<
    string,
    unknown
  >;
  const candidates =
    schema.type === 'integer' || schema.type === 'number'
      ? [
          typeof schema.maximum === 'number'
            ? doubleAtMost(schema.maximum)
            : schema.format === 'int32'
              ? 2 ** 31 - 1
              : schema.format === 'int64'
                ? Number.MAX_SAFE_INTEGER
                : // Unbounded: nine digits, which every integer column and parser holds.
                  UNLIKELY_NUMBER,
        ]
      : withLiteralPrefix(schema.pattern, [
          'ffffffff-ffff-4fff-bfff-ffffffffffff',
          'conformance-missing-item',
          'zzzzzzzz',
          ...UNLIKELY_KEYS,
        ]);
  const valid = candidates.filter(
    (candidate) => parameter.validator.validate(candidate).length === 0 && fitsKey(candidate, key),
  );
  return valid[nth] ?? valid[0];
}

/** Key patterns compiled once (every case's path values ask); null where one does not compile. */
const keyPatterns = new Map<string, RegExp | null>();

/** Whether a candidate fits the key member's own rules (its pattern and lengths), where given. */
function fitsKey(candidate: unknown, key: JsonSchema | undefined): boolean {
  const rules = (key ?? {}) as { pattern?: unknown; minLength?: unknown; maxLength?: unknown };
  if (typeof candidate !== 'string') return true;
  const length = [...candidate].length;
  if (typeof rules.minLength === 'number' && length < rules.minLength) return false;
  if (typeof rules.maxLength === 'number' && length > rules.maxLength) return false;
  if (typeof rules.pattern !== 'string') return true;
  if (!keyPatterns.has(rules.pattern)) {
    let compiled: RegExp | null = null;
    try {
      compiled = new RegExp(rules.pattern, 'u');
    } catch {}
    keyPatterns.set(rules.pattern, compiled);
  }
  return keyPatterns.get(rules.pattern)?.test(candidate) ?? true;
}
