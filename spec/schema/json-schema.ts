import { pointerToken } from '../contract-error.js';
import { hasAnnotationTwins } from './annotation-twins.js';

// Turns OpenAPI schema objects into plain JSON Schema (2020-12) for one direction of traffic, so that
// ajv and the generators see one dialect: OpenAPI 3.0's nullable and boolean exclusive bounds are
// rewritten; OpenAPI 3.1 schemas are JSON Schema already, and lose only what would make them
// depend on where they stand ($schema, $id) or hide a $ref's siblings. The input is never modified.

export type JsonSchema = { readonly [keyword: string]: unknown };
/** 'document' keeps every property: it is how the author's own examples are checked. */
export type Direction = 'request' | 'response' | 'document';
/** OpenAPI 3.0's schema dialect, or JSON Schema 2020-12 (OpenAPI 3.1 and later). */
export type SchemaDialect = '3.0' | '3.1';

/** OpenAPI annotations that JSON Schema does not know and that never affect validity. */
const OPENAPI_ANNOTATIONS = new Set(['example', 'xml', 'externalDocs', 'discriminator', 'deprecated', 'nullable']);
/** Keywords that tie a 2020-12 schema to its place (a base URI, a dialect): each converted schema
 * is registered on its own, for each direction, so they would clash or mislead. */
const PLACE_KEYWORDS = new Set(['$schema', '$id', '$anchor', '$dynamicAnchor', '$comment']);
/** Siblings of a $ref that never change what it accepts. */
const REF_ANNOTATIONS = new Set(['description', 'summary', 'title', 'example', 'examples', 'deprecated', '$comment']);
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas']);
const SCHEMA_LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_KEYWORDS = new Set([
  'items',
  'additionalProperties',
  'not',
  'propertyNames',
  'contains',
  'if',
  'then',
  'else',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contentSchema',
]);

export class RecursiveSchemaError extends Error {}

/** How $refs are followed: where a reference leads in the document, and what replaces it. */
export interface RefResolver {
  /** The OpenAPI schema a $ref names (to read its readOnly/writeOnly flags). */
  readonly target: (ref: string) => unknown;
  /** The JSON Schema node that stands for the reference in this direction. */
  readonly reference: (ref: string, direction: Direction) => JsonSchema;
}

interface Conversion {
  readonly direction: Direction;
  readonly dialect: SchemaDialect;
  readonly ancestors: Set<object>;
  readonly resolver?: RefResolver;
}

/** Without a resolver the input must be dereferenced and acyclic (RecursiveSchemaError otherwise). */
export function toJsonSchema(
  schema: unknown,
  direction: Direction,
  resolver?: RefResolver,
  dialect: SchemaDialect = '3.0',
): JsonSchema {
  return convert(schema, { direction, dialect, ancestors: new Set(), ...(resolver ? { resolver } : {}) }) as JsonSchema;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The property a direction must not carry: readOnly ones are never sent, writeOnly never returned. */
function isHiddenIn(direction: Direction, propertySchema: unknown, resolver: RefResolver | undefined): boolean {
  if (!isObject(propertySchema) || direction === 'document') return false;
  const flag = direction === 'request' ? 'readOnly' : 'writeOnly';
  // A 3.1 $ref's siblings count (`{ $ref: Id, readOnly: true }`), then the target's own flag.
  if (propertySchema[flag] === true) return true;
  const target =
    typeof propertySchema.$ref === 'string' && resolver ? resolver.target(propertySchema.$ref) : propertySchema;
  return isObject(target) && target[flag] === true;
}

function convert(schema: unknown, at: Conversion): unknown {
  if (!isObject(schema)) return schema;
  const { direction, resolver } = at;
  if (typeof schema.$ref === 'string' && resolver) {
    const reference = resolver.reference(schema.$ref, direction);
    // OpenAPI 3.0 ignores a $ref's siblings; 2020-12 applies them beside it.
    const siblings = Object.keys(schema).filter((k) => k !== '$ref' && !REF_ANNOTATIONS.has(k));
    if (at.dialect === '3.0' || siblings.length === 0) return reference;
    const { $ref: _ref, ...rest } = schema;
    const converted = convert(rest, at) as Record<string, unknown>;
    return { ...converted, allOf: [...((converted.allOf as unknown[]) ?? []), reference] };
  }
  if (at.ancestors.has(schema)) throw new RecursiveSchemaError('recursive schemas are not supported');
  at.ancestors.add(schema);
  const out: Record<string, unknown> = {};
  const hidden = new Set<string>();
  let oneOfReadAsAnyOf: unknown[] | undefined;
  for (const [keyword, written] of Object.entries(schema)) {
    if (OPENAPI_ANNOTATIONS.has(keyword) || PLACE_KEYWORDS.has(keyword)) continue;
    // Bundlers also let a `properties` map (or any map of schemas) be a $ref to another file.
    const value =
      (SCHEMA_MAP_KEYWORDS.has(keyword) || keyword === 'properties') &&
      isObject(written) &&
      typeof written.$ref === 'string' &&
      resolver
        ? resolver.target(written.$ref)
        : written;
    if (keyword === 'properties' && isObject(value)) {
      const properties: Record<string, unknown> = {};
      for (const [name, propertySchema] of Object.entries(value)) {
        if (isHiddenIn(direction, propertySchema, resolver)) hidden.add(name);
        else properties[name] = convert(propertySchema, at);
      }
      out.properties = properties;
    } else if (SCHEMA_MAP_KEYWORDS.has(keyword) && isObject(value)) {
      out[keyword] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, convert(sub, at)]));
    } else if (SCHEMA_LIST_KEYWORDS.has(keyword) && Array.isArray(value)) {
      const branches = value.map((sub) => convert(sub, at));
      // A oneOf no value can satisfy for its branches' sameness is read as anyOf (annotation-twins.ts).
      if (keyword === 'oneOf' && hasAnnotationTwins(value, resolver?.target ?? (() => undefined)))
        oneOfReadAsAnyOf = branches;
      else out[keyword] = branches;
    } else if (SCHEMA_KEYWORDS.has(keyword)) {
      out[keyword] = convert(value, at);
    } else {
      out[keyword] = value;
    }
  }
  at.ancestors.delete(schema);
  // 3.0's one `example` is kept as 2020-12's `examples` (an annotation): the mock assembles answers
  // from the examples of their parts, as 3.1 documents already give them.
  if (schema.example !== undefined && out.examples === undefined) out.examples = [schema.example];
  if (Array.isArray(out.required)) hiddenInAllOf(schema, direction, resolver, hidden);
  if (oneOfReadAsAnyOf) out.allOf = [...((out.allOf as unknown[] | undefined) ?? []), { anyOf: oneOfReadAsAnyOf }];
  if (Array.isArray(out.required) && hidden.size > 0) {
    out.required = out.required.filter((name) => !hidden.has(name as string));
  }
  // JSON Schema wants enum values and required names unique; a repeat changes nothing, so it goes.
  for (const keyword of ['enum', 'required']) {
    const list = out[keyword];
    if (Array.isArray(list))
      out[keyword] = list.filter((v, i) => list.findIndex((w) => JSON.stringify(w) === JSON.stringify(v)) === i);
  }
  pointerFormat(out, schema.description);
  // Leftovers of 3.0 in 3.1 documents (boolean bounds, nullable) keep their 3.0 meaning.
  convertExclusiveBound(out, 'exclusiveMinimum', 'minimum');
  convertExclusiveBound(out, 'exclusiveMaximum', 'maximum');
  return schema.nullable === true ? allowNull(out) : out;
}

/** Adds the names of properties an allOf branch declares hidden in this direction: a schema may
 * require what only its branches declare (PagerDuty's custom field requires its readOnly id beside
 * an allOf), and a readOnly property required so is still required only in answers. */
function hiddenInAllOf(
  schema: Record<string, unknown>,
  direction: Direction,
  resolver: RefResolver | undefined,
  hidden: Set<string>,
  depth = 0,
): void {
  if (!Array.isArray(schema.allOf) || depth > 8) return;
  for (const written of schema.allOf) {
    const branch =
      isObject(written) && typeof written.$ref === 'string' && resolver ? resolver.target(written.$ref) : written;
    if (!isObject(branch)) continue;
    if (isObject(branch.properties))
      for (const [name, property] of Object.entries(branch.properties))
        if (isHiddenIn(direction, property, resolver)) hidden.add(name);
    hiddenInAllOf(branch, direction, resolver, hidden, depth + 1);
  }
}

/** OpenAPI 3.0 writes exclusive bounds as booleans beside minimum/maximum; JSON Schema as numbers. */
function convertExclusiveBound(out: Record<string, unknown>, exclusive: string, inclusive: string): void {
  if (typeof out[exclusive] !== 'boolean') return;
  if (out[exclusive] === true && typeof out[inclusive] === 'number') {
    out[exclusive] = out[inclusive];
    delete out[inclusive];
  } else {
    delete out[exclusive];
  }
}

/** What a schema says of its value beside what it requires of it: kept outside a nullable wrapper. */
const NOTES = ['title', 'description', 'default', 'readOnly', 'writeOnly', 'examples', 'deprecated'];

/**
 * nullable as OpenAPI 3.0.3 defines it: it adds null to the types named by `type` in the same
 * schema; other keywords keep their meaning, so an enum that does not list null still refuses it.
 * Without a `type`, it adds nothing, as the 3.0.3 clarification says, except beside an `allOf`:
 * `allOf: [$ref]` with `nullable: true` is the one way 3.0 has to make a reference nullable, what
 * generators emit and what real documents mean (null, or the reference), so it is read as 3.1
 * writes it, `anyOf: [{allOf: [$ref]}, {type: null}]`: a server answering null is not flagged.
 */
function allowNull(out: Record<string, unknown>): Record<string, unknown> {
  if (typeof out.type === 'string') return { ...out, type: [out.type, 'null'] };
  if (Array.isArray(out.type)) return out.type.includes('null') ? out : { ...out, type: [...out.type, 'null'] };
  if (out.allOf === undefined) return out;
  const notes = Object.fromEntries(NOTES.filter((name) => name in out).map((name) => [name, out[name]]));
  const rest = Object.fromEntries(Object.entries(out).filter(([name]) => !NOTES.includes(name)));
  return { ...notes, anyOf: [rest, { type: 'null' }] };
}

/** Calls visit on every schema object within schema (itself included), with its JSON pointer. */
export function walkSchema(
  schema: unknown,
  visit: (schema: Record<string, unknown>, pointer: string) => void,
  pointer = '',
): void {
  if (!isObject(schema)) return;
  visit(schema, pointer);
  for (const [keyword, value] of Object.entries(schema)) {
    const at = `${pointer}/${keyword}`;
    if (SCHEMA_MAP_KEYWORDS.has(keyword) && isObject(value)) {
      for (const [name, sub] of Object.entries(value)) walkSchema(sub, visit, `${at}/${pointerToken(name)}`);
    } else if (SCHEMA_LIST_KEYWORDS.has(keyword) && Array.isArray(value)) {
      value.forEach((sub, index) => {
        walkSchema(sub, visit, `${at}/${index}`);
      });
    } else if (SCHEMA_KEYWORDS.has(keyword)) {
      walkSchema(value, visit, at);
    }
  }
}

/** A string its own words call a JSON Pointer (RFC 6901: an RFC 9457 `errors[].pointer`) is held
 * to that form: "" or "/…", never a bare name or a URI fragment ("#/…"). A relative pointer is not,
 * nor one the words let be a parameter's name instead. */
function pointerFormat(out: Record<string, unknown>, description: unknown): void {
  const { format, type } = out;
  const strings = type === 'string' || (Array.isArray(type) && type.includes('string'));
  if (format !== undefined || !strings || typeof description !== 'string') return;
  // Not where the words offer another form beside it ("or the name of the parameter").
  const otherForm = /\bor\s+(?:the\s+|a\s+)?(?:name|parameter|header|query|field)\b/i.test(description);
  if (/\bJSON[- ]Pointer\b/i.test(description) && !otherForm && !/\brelative\b|\bfragment\b/i.test(description))
    out.format = 'json-pointer';
}
