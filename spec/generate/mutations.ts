// Invalid inputs: a valid body plus exactly one named mutation. Each mutation records what it
// broke, so a report can say "name is a number". Mutations that could stay valid are dropped.
import { mergeAllOf } from '../all-of.js';
import type { JsonSchema } from '../json-schema.js';
import { typesOf } from './values.js';

/** What goes on the wire: a JSON value, or raw text for bodies that are not JSON at all. */
export type Payload =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'raw'; readonly text: string };

export interface Mutation {
  /** Stable id, e.g. "name:type:number"; used in reports and to replay. */
  readonly id: string;
  /** Human label, e.g. "name is a number". */
  readonly label: string;
  apply(valid: unknown): Payload;
}

type Schema = Record<string, unknown>;

const WRONG_VALUES: Record<string, unknown> = {
  string: 'a string',
  number: 1.5,
  integer: 42,
  boolean: true,
  array: ['an', 'array'],
  object: { an: 'object' },
  null: null,
};

const LOOK_ALIKES: Record<string, string> = { integer: '3', number: '2.5', boolean: 'true' };

const ARTICLE: Record<string, string> = {
  string: 'a string',
  number: 'a fractional number',
  integer: 'a number',
  boolean: 'a boolean',
  array: 'an array',
  object: 'an object',
  null: 'null',
};

/** JSON types a value of `type` would be refused as. integer fits number; a whole number fits integer only if whole. */
function wrongTypes(schema: Schema): string[] {
  const allowed = new Set(typesOf(schema));
  if (allowed.size === 7) return [];
  if (allowed.has('number')) allowed.add('integer');
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) allowed.add('null');
  return Object.keys(WRONG_VALUES).filter((type) => !allowed.has(type));
}

function setAt(root: unknown, path: readonly string[], value: unknown | typeof REMOVE): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const base = (typeof root === 'object' && root !== null && !Array.isArray(root) ? root : {}) as Record<
    string,
    unknown
  >;
  const copy: Record<string, unknown> = { ...base };
  if (rest.length === 0 && value === REMOVE) {
    delete copy[head];
    return copy;
  }
  Object.defineProperty(copy, head, {
    value: setAt(base[head], rest, value),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

const REMOVE = Symbol('remove');

function json(id: string, label: string, path: readonly string[], value: unknown): Mutation {
  return { id, label, apply: (valid) => ({ kind: 'json', value: setAt(valid, path, value) }) };
}

function constraintBreakers(schema: Schema): Array<{ what: string; label: string; value: unknown }> {
  const out: Array<{ what: string; label: string; value: unknown }> = [];
  const types = typesOf(schema);
  if (types.includes('string')) {
    if (typeof schema.maxLength === 'number')
      out.push({
        what: 'too-long',
        label: `is longer than ${schema.maxLength} characters`,
        value: 'x'.repeat(schema.maxLength + 1),
      });
    if (typeof schema.minLength === 'number' && schema.minLength > 0)
      out.push({
        what: 'too-short',
        label: `is shorter than ${schema.minLength} characters`,
        value: 'x'.repeat(schema.minLength - 1),
      });
    if (typeof schema.pattern === 'string')
      out.push({ what: 'pattern', label: `does not match ${schema.pattern}`, value: '\u0000!~ no match ~!' });
    if (
      typeof schema.format === 'string' &&
      ['email', 'uuid', 'date-time', 'date', 'ipv4', 'ipv6', 'uri'].includes(schema.format)
    ) {
      out.push({ what: 'format', label: `is not a valid ${schema.format}`, value: `not-a-${schema.format}` });
    }
  }
  if (types.includes('number') || types.includes('integer')) {
    if (typeof schema.maximum === 'number')
      out.push({ what: 'above-maximum', label: `is above the maximum ${schema.maximum}`, value: schema.maximum + 1 });
    if (typeof schema.minimum === 'number')
      out.push({ what: 'below-minimum', label: `is below the minimum ${schema.minimum}`, value: schema.minimum - 1 });
    if (typeof schema.exclusiveMaximum === 'number')
      out.push({
        what: 'at-exclusive-maximum',
        label: `equals the exclusive maximum ${schema.exclusiveMaximum}`,
        value: schema.exclusiveMaximum,
      });
    if (typeof schema.exclusiveMinimum === 'number')
      out.push({
        what: 'at-exclusive-minimum',
        label: `equals the exclusive minimum ${schema.exclusiveMinimum}`,
        value: schema.exclusiveMinimum,
      });
    if (typeof schema.multipleOf === 'number')
      out.push({
        what: 'not-multiple',
        label: `is not a multiple of ${schema.multipleOf}`,
        value: schema.multipleOf * 1.5 + (Number.isInteger(schema.multipleOf) ? 0 : 0.0001),
      });
    if (schema.format === 'int32')
      out.push({ what: 'int32-overflow', label: 'is outside the int32 range', value: 2 ** 31 });
  }
  if (types.includes('array')) {
    if (typeof schema.maxItems === 'number')
      out.push({
        what: 'too-many-items',
        label: `has more than ${schema.maxItems} items`,
        value: Array.from({ length: schema.maxItems + 1 }, () => exampleItem(schema)),
      });
    if (typeof schema.minItems === 'number' && schema.minItems > 0)
      out.push({
        what: 'too-few-items',
        label: `has fewer than ${schema.minItems} items`,
        value: Array.from({ length: schema.minItems - 1 }, () => exampleItem(schema)),
      });
    if (schema.uniqueItems)
      out.push({
        what: 'duplicate-items',
        label: 'has duplicate items',
        value: [exampleItem(schema), exampleItem(schema)],
      });
  }
  if (Array.isArray(schema.enum)) {
    const sample = schema.enum.find((v) => typeof v === 'string');
    out.push({
      what: 'enum',
      label: `is not one of ${JSON.stringify(schema.enum)}`,
      value: typeof sample === 'string' || types.includes('string') ? `${String(sample ?? '')}-not-in-enum` : 987654321,
    });
  }
  if ('const' in schema)
    out.push({
      what: 'const',
      label: `is not ${JSON.stringify(schema.const)}`,
      value: typeof schema.const === 'string' ? `${schema.const}-not-const` : 'not-const',
    });
  return out;
}

function exampleItem(schema: Schema): unknown {
  const items = (schema.items ?? {}) as Schema;
  if (Array.isArray(items.enum)) return items.enum[0];
  const type = typesOf(items)[0];
  return type === 'string'
    ? 'x'
    : type === 'integer' || type === 'number'
      ? 1
      : type === 'boolean'
        ? true
        : type === 'null'
          ? null
          : type === 'array'
            ? []
            : {};
}

/** Mutations of one schema's value, found recursively through object properties. */
function valueMutations(schemaIn: Schema, path: readonly string[], out: Mutation[], depth: number): void {
  const schema = mergeAllOf(schemaIn);
  const where = path.length === 0 ? 'body' : path.join('.');
  for (const type of wrongTypes(schema)) {
    out.push(json(`${where}:type:${type}`, `${where} is ${ARTICLE[type]}`, path, WRONG_VALUES[type]));
  }
  // Look-alikes: text that a lenient parser turns into the expected type ("3" for 3, "true" for true).
  for (const [type, value] of Object.entries(LOOK_ALIKES)) {
    if (typesOf(schema).includes(type) && !typesOf(schema).includes('string')) {
      out.push(json(`${where}:look-alike:${type}`, `${where} is the text ${JSON.stringify(value)}`, path, value));
    }
  }
  for (const breaker of constraintBreakers(schema)) {
    out.push(json(`${where}:${breaker.what}`, `${where} ${breaker.label}`, path, breaker.value));
  }
  if (!typesOf(schema).includes('object') || depth > 4) return;
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  for (const name of (schema.required as string[]) ?? []) {
    const at = [...path, name];
    out.push({
      id: `${at.join('.')}:missing`,
      label: `${at.join('.')} is missing`,
      apply: (valid) => ({ kind: 'json', value: setAt(valid, at, REMOVE) }),
    });
  }
  if (schema.additionalProperties === false) {
    const at = [...path, 'unexpectedProperty'];
    out.push(
      json(`${where}:additional-property`, `${where} has a property the schema does not allow`, at, 'unexpected'),
    );
  }
  for (const [name, propertySchema] of Object.entries(properties))
    valueMutations(propertySchema, [...path, name], out, depth + 1);
}

/** JSON text of a value; undefined (no valid body could be built) reads as an empty object. */
function jsonText(valid: unknown): string {
  return JSON.stringify(valid) ?? '{}';
}

/** JSON text cut short: an object or array loses its closing bracket; a scalar (which stays valid
 * JSON when cut: 12 → 1) gets a stray one instead. */
function malformed(valid: unknown): string {
  const text = jsonText(valid);
  return /^[[{]/.test(text) ? text.slice(0, -1) : `${text}}`;
}

function singleQuoted(valid: unknown): string {
  const text = jsonText(valid);
  return text.includes('"') ? text.replace(/"/g, "'") : "{'quoted': 'singly'}";
}

function trailingComma(valid: unknown): string {
  const text = jsonText(valid);
  return /^[[{]/.test(text) && text.length > 2 ? `${text.slice(0, -1)},${text.slice(-1)}` : `[${text},]`;
}

/**
 * Every single-point mutation of a request body schema. The body-level ones (not JSON, empty)
 * are always invalid; the others are kept only if the validator confirms they break the schema.
 */
export function bodyMutations(schema: JsonSchema, isValid: (value: unknown) => boolean, baseline: unknown): Mutation[] {
  const candidates: Mutation[] = [
    {
      id: 'body:malformed-json',
      label: 'body is malformed JSON',
      apply: (valid) => ({ kind: 'raw', text: malformed(valid) }),
    },
    { id: 'body:empty', label: 'body is empty', apply: () => ({ kind: 'raw', text: '' }) },
    // JSON5-style leniency is not JSON: a trailing comma and single quotes must be refused too.
    {
      id: 'body:trailing-comma',
      label: 'body has a trailing comma',
      apply: (valid) => ({ kind: 'raw', text: trailingComma(valid) }),
    },
    {
      id: 'body:single-quotes',
      label: 'body uses single quotes',
      apply: (valid) => ({ kind: 'raw', text: singleQuoted(valid) }),
    },
  ];
  valueMutations(schema as Schema, [], candidates, 0);
  return candidates.filter((mutation) => {
    const payload = mutation.apply(baseline);
    return payload.kind === 'raw' || !isValid(payload.value);
  });
}
