// The parts mutations are made of: wrong values per JSON type, look-alikes, constraint breakers
// (one past each bound, a broken pattern, format or enum), and setting a value at a path.

import fc from 'fast-check';
import type { JsonSchema } from '../schema/json-schema.js';
import { setMember } from '../schema/members.js';
import { impossibleCalendarValues } from './calendar.js';
import { caseFlipped, oneCharacterOut } from './pattern-misses.js';
import { ulp } from './scalars.js';
import { typesOf, UNSATISFIABLE, valueArbitrary } from './values.js';

/** What goes on the wire: a JSON value, or raw text for bodies that are not JSON at all. */
export type Payload =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'raw'; readonly text: string };

export interface Mutation {
  /** Stable id, e.g. "name:type:number"; used in reports and to replay. */
  readonly id: string;
  /** Human label, e.g. "name is a number". */
  readonly label: string;
  /** The member the mutation breaks (its path in the body), where it breaks one. */
  readonly at?: readonly string[];
  apply(valid: unknown): Payload;
}

export type Schema = Record<string, unknown>;

/** A value that breaks multipleOf alone: inside the bounds and of the schema's type (15 between 15
 * and 240 gives 16; 1.5 times the step where no such integer or bound exists). */
function notMultiple(schema: Schema, step: number, integer: boolean): number {
  const fallback = step * 1.5 + (Number.isInteger(step) ? 0 : 0.0001);
  const low = typeof schema.minimum === 'number' ? schema.minimum : step;
  const high = typeof schema.maximum === 'number' ? schema.maximum : Number.POSITIVE_INFINITY;
  if (!integer) return low + step / 2 <= high && (low + step / 2) % step !== 0 ? low + step / 2 : fallback;
  // Every integer is a multiple of a step that divides 1.
  if (Number.isInteger(1 / step)) return fallback;
  for (let value = Math.ceil(low); value <= Math.min(high, Math.ceil(low) + 100); value++)
    if (value % step !== 0) return value;
  return fallback;
}

export const WRONG_VALUES: Record<string, unknown> = {
  string: 'a string',
  number: 1.5,
  integer: 42,
  boolean: true,
  array: ['an', 'array'],
  object: { an: 'object' },
  null: null,
};

export const LOOK_ALIKES: Record<string, string> = { integer: '3', number: '2.5', boolean: 'true' };

export const ARTICLE: Record<string, string> = {
  string: 'a string',
  number: 'a fractional number',
  integer: 'a number',
  boolean: 'a boolean',
  array: 'an array',
  object: 'an object',
  null: 'null',
};

/** JSON types a value of `type` would be refused as. integer fits number; a whole number fits integer only if whole. */
export function wrongTypes(schema: Schema): string[] {
  const allowed = new Set(typesOf(schema));
  if (allowed.size === 7) return [];
  if (allowed.has('number')) allowed.add('integer');
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) allowed.add('null');
  return Object.keys(WRONG_VALUES).filter((type) => !allowed.has(type));
}

/** The path segment of an array's first item. */
export const FIRST_ITEM = '[0]';

/** A value at a path of a value, changed: a copy, never the original. */
export function valueAt(root: unknown, path: readonly string[]): unknown {
  let at = root;
  for (const head of path) {
    if (head === FIRST_ITEM) at = Array.isArray(at) ? at[0] : undefined;
    else at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[head] : undefined;
  }
  return at;
}

export function setAt(root: unknown, path: readonly string[], value: unknown | typeof REMOVE): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (head === FIRST_ITEM) {
    const items = Array.isArray(root) ? [...root] : [];
    if (rest.length === 0 && value === REMOVE) return items.slice(1);
    items[0] = setAt(items[0], rest, value);
    return items;
  }
  const base = (typeof root === 'object' && root !== null && !Array.isArray(root) ? root : {}) as Record<
    string,
    unknown
  >;
  const copy: Record<string, unknown> = { ...base };
  if (rest.length === 0 && value === REMOVE) {
    delete copy[head];
    return copy;
  }
  setMember(copy, head, setAt(base[head], rest, value));
  return copy;
}

export const REMOVE = Symbol('remove');

export function json(id: string, label: string, path: readonly string[], value: unknown): Mutation {
  return { id, label, at: path, apply: (valid) => ({ kind: 'json', value: setAt(valid, path, value) }) };
}

// Bounds past these are not broken by sending one more: a body of 2^31 items is no request.
const LONGEST_SENT = 1_000_000;
const MOST_ITEMS_SENT = 10_000;

export function constraintBreakers(schema: Schema): Array<{ what: string; label: string; value: unknown }> {
  const out: Array<{ what: string; label: string; value: unknown }> = [];
  const types = typesOf(schema);
  if (types.includes('string')) {
    if (typeof schema.maxLength === 'number' && schema.maxLength < LONGEST_SENT)
      out.push({
        what: 'too-long',
        label: `is longer than ${schema.maxLength} characters`,
        value: 'x'.repeat(schema.maxLength + 1),
      });
    if (typeof schema.minLength === 'number' && schema.minLength > 0 && schema.minLength <= LONGEST_SENT)
      out.push({
        what: 'too-short',
        label: `is shorter than ${schema.minLength} characters`,
        value: 'x'.repeat(schema.minLength - 1),
      });
    if (typeof schema.pattern === 'string') {
      out.push({ what: 'pattern', label: `does not match ${schema.pattern}`, value: '\u0000!~ no match ~!' });
      // A near miss: a valid value in the other letter case ("lower1" for ^[A-Z][A-Z0-9]+$), which
      // a service matching without regard to case takes.
      const flipped = caseFlipped(schema);
      if (flipped !== undefined)
        out.push({ what: 'pattern-case', label: `does not match ${schema.pattern} in letter case`, value: flipped });
      // Another near miss: one character of its own kind the pattern leaves out (an `I` in a VIN
      // of ^[A-HJ-NPR-Z0-9]{17}$), which a looser check takes.
      const excluded = oneCharacterOut(schema);
      if (excluded !== undefined)
        out.push({
          what: 'pattern-char',
          label: `does not match ${schema.pattern} by one character (${excluded.character})`,
          value: excluded.value,
        });
    }
    if (
      typeof schema.format === 'string' &&
      ['email', 'uuid', 'date-time', 'date', 'ipv4', 'ipv6', 'uri', 'hostname'].includes(schema.format)
    ) {
      // "not-a-hostname" is a valid host name: a space is not.
      const value = schema.format === 'hostname' ? 'not a host name' : `not-a-${schema.format}`;
      out.push({ what: 'format', label: `is not a valid ${schema.format}`, value });
    }
    for (const [value, wrong] of impossibleCalendarValues(schema.format))
      out.push({
        what: `impossible-date:${value}`,
        label: `is a ${schema.format} that does not exist (${wrong})`,
        value,
      });
  }
  if (types.includes('number') || types.includes('integer')) {
    if (typeof schema.maximum === 'number')
      out.push({
        what: 'above-maximum',
        label: `is above the maximum ${schema.maximum}`,
        value: above(schema.maximum),
      });
    if (typeof schema.minimum === 'number')
      out.push({
        what: 'below-minimum',
        label: `is below the minimum ${schema.minimum}`,
        value: below(schema.minimum),
      });
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
        value: notMultiple(schema, schema.multipleOf, !types.includes('number')),
      });
    if (schema.format === 'int32')
      out.push({ what: 'int32-overflow', label: 'is outside the int32 range', value: 2 ** 31 });
  }
  if (types.includes('array')) {
    // Under uniqueItems the items must differ, or the array is refused for repeating an item and
    // the bound itself is never tested; where that many different items do not exist (three
    // booleans), the repeated ones are still an array to refuse.
    const repeated = (count: number) => Array.from({ length: count }, () => exampleItem(schema));
    const items = (count: number) =>
      (schema.uniqueItems ? differentItems(schema, count) : undefined) ?? repeated(count);
    const many =
      typeof schema.maxItems === 'number' && schema.maxItems < MOST_ITEMS_SENT ? items(schema.maxItems + 1) : undefined;
    if (many) out.push({ what: 'too-many-items', label: `has more than ${schema.maxItems} items`, value: many });
    const few =
      typeof schema.minItems === 'number' && schema.minItems > 0 && schema.minItems <= MOST_ITEMS_SENT
        ? items(schema.minItems - 1)
        : undefined;
    if (few) out.push({ what: 'too-few-items', label: `has fewer than ${schema.minItems} items`, value: few });
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

/** One past a bound, as a double that differs from it (past 2^53, 1 more is the same double). */
/** The step past a bound: one whole number where doubles are exact (0 below a minimum of 1, the
 * off-by-one a service most often gets wrong), two doubles past 2^53 (one would round back). */
const stepPast = (bound: number): number => (Math.abs(bound) < 2 ** 53 ? 1 : 2 * ulp(bound));
export function above(bound: number): number {
  return bound + stepPast(bound);
}
export function below(bound: number): number {
  return bound - stepPast(bound);
}

/** Past this many, different items are not searched for (a case, not a load test). */
const MOST_DIFFERENT_ITEMS = 1000;

/** `count` valid items, no two alike (JSON text compared), or undefined when they cannot be found. */
function differentItems(schema: Schema, count: number): unknown[] | undefined {
  if (count > MOST_DIFFERENT_ITEMS) return undefined;
  if (count <= 1) return Array.from({ length: count }, () => exampleItem(schema));
  const arbitrary = valueArbitrary((schema.items ?? {}) as JsonSchema, { style: 'plain' });
  const found = new Map<string, unknown>();
  for (const value of fc.sample(arbitrary, { numRuns: count * 4, seed: 1 })) {
    if (value !== UNSATISFIABLE) found.set(JSON.stringify(value), value);
    if (found.size === count) return [...found.values()];
  }
  return undefined;
}

export function exampleItem(schema: Schema): unknown {
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
