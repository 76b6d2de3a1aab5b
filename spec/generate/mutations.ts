// Invalid inputs: a valid body plus exactly one named mutation. Each mutation records what it
// broke, so a report can say "name is a number". Mutations that could stay valid are dropped.

import fc from 'fast-check';
import { mergeAllOf, propertiesOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';
import {
  ARTICLE,
  constraintBreakers,
  FIRST_ITEM,
  json,
  LOOK_ALIKES,
  REMOVE,
  type Schema,
  setAt,
  valueAt,
  WRONG_VALUES,
  wrongTypes,
} from './breakers.js';
import { typesOf, UNSATISFIABLE, valueArbitrary } from './values.js';

export type { Mutation, Payload } from './breakers.js';

import type { Mutation } from './breakers.js';

/** Keywords that constrain inside a value: items, additionalProperties, each branch of oneOf and
 * anyOf (a value no branch accepts), a value matching several oneOf branches, and `not`. */
function nestedMutations(schema: Schema, path: readonly string[], out: Mutation[], depth: number): void {
  const first = Array.isArray(schema.prefixItems) ? (schema.prefixItems as Schema[])[0] : schema.items;
  if (typeof first === 'object' && first !== null && !Array.isArray(first)) {
    valueMutations(first as Schema, [...path, FIRST_ITEM], out, depth + 1);
  }
  if (typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null) {
    valueMutations(schema.additionalProperties as Schema, [...path, 'additionalMember'], out, depth + 1);
  }
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = Array.isArray(schema[keyword]) ? (schema[keyword] as Schema[]) : [];
    // A value of another JSON type than every branch allows (an array where each is an object).
    const allowed = new Set(branches.flatMap((branch) => typesOf(mergeAllOf(branch))));
    const objectsOnly = branches.every((branch) => typesOf(mergeAllOf(branch)).join() === 'object');
    // (Object branches get theirs from their own mutations, below.)
    if (branches.length > 0 && allowed.size < 7 && typesOf(schema).length === 7 && !objectsOnly) {
      for (const type of wrongTypes({ type: [...allowed] })) {
        out.push(
          json(
            `${labelOf(path)}:${keyword}:type:${type}`,
            `${labelOf(path)} is ${ARTICLE[type]} (${keyword})`,
            path,
            WRONG_VALUES[type],
          ),
        );
      }
    }
    for (const branch of branches) {
      // Inside an object branch: its members missing, of the wrong type, out of bounds, extra
      // (kept only where no other branch accepts the result).
      if (depth < 4 && typesOf(mergeAllOf(branch)).includes('object') && typesOf(schema).length === 7) {
        valueMutations(branch, path, out, depth + 1);
      }
      for (const breaker of constraintBreakers(mergeAllOf(branch))) {
        out.push(
          json(
            `${labelOf(path)}:${keyword}:${breaker.what}`,
            `${labelOf(path)} ${breaker.label} (${keyword})`,
            path,
            breaker.value,
          ),
        );
      }
    }
  }
  // A value from one oneOf branch that another accepts too: kept only where it is invalid.
  for (const [index, branch] of (Array.isArray(schema.oneOf) ? (schema.oneOf as Schema[]) : []).entries()) {
    const samples = fc.sample(valueArbitrary(branch as JsonSchema, { style: 'plain' }), { numRuns: 5, seed: index });
    for (const value of samples.filter((sample) => sample !== UNSATISFIABLE)) {
      out.push(
        json(
          `${labelOf(path)}:oneOf:several:${index}`,
          `${labelOf(path)} matches more than one oneOf branch`,
          path,
          value,
        ),
      );
    }
  }
  if (typeof schema.not === 'object' && schema.not !== null) {
    const excluded = schema.not as Schema;
    const [value] = Array.isArray(excluded.enum)
      ? excluded.enum
      : 'const' in excluded
        ? [excluded.const]
        : fc.sample(valueArbitrary(excluded as JsonSchema, { style: 'plain' }), { numRuns: 1, seed: 1 });
    out.push(json(`${labelOf(path)}:not`, `${labelOf(path)} is a value \`not\` excludes`, path, value));
  }
}

/** Fewer members than minProperties, more than maxProperties. */
function propertyCountMutations(schema: Schema, path: readonly string[], out: Mutation[]): void {
  const where = labelOf(path);
  if (typeof schema.minProperties === 'number' && schema.minProperties > 0) {
    out.push(json(`${where}:too-few-properties`, `${where} has fewer than ${schema.minProperties} members`, path, {}));
  }
  if (typeof schema.maxProperties === 'number' && schema.additionalProperties !== false) {
    const count = schema.maxProperties + 1;
    out.push({
      id: `${where}:too-many-properties`,
      label: `${where} has more than ${schema.maxProperties} members`,
      apply: (valid) => {
        const current = valueAt(valid, path);
        const base = typeof current === 'object' && current !== null && !Array.isArray(current) ? current : {};
        const extra = Object.fromEntries(Array.from({ length: count }, (_, i) => [`extraMember${i}`, 1]));
        return { kind: 'json', value: setAt(valid, path, { ...base, ...extra }) };
      },
    });
  }
}

/** dependentRequired: a member present without a member it requires. */
function dependentMutations(schema: Schema, path: readonly string[], out: Mutation[]): void {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  for (const [name, needs] of Object.entries((schema.dependentRequired ?? {}) as Record<string, string[]>)) {
    const [value] = fc.sample(valueArbitrary((properties[name] ?? {}) as JsonSchema, { style: 'plain' }), {
      numRuns: 1,
      seed: 1,
    });
    for (const other of needs) {
      const at = labelOf([...path, name]);
      out.push({
        id: `${at}:dependent-required:${other}`,
        label: `${at} is sent without ${other}, which it requires`,
        apply: (valid) => ({
          kind: 'json',
          value: setAt(setAt(valid, [...path, name], value), [...path, other], REMOVE),
        }),
      });
    }
  }
}

const labelOf = (path: readonly string[]) => (path.length === 0 ? 'body' : path.join('.').replace(/\.\[/g, '['));

/** Mutations of one schema's value, found recursively through object properties. */
function valueMutations(schemaIn: Schema, path: readonly string[], out: Mutation[], depth: number): void {
  if (typeof schemaIn !== 'object' || schemaIn === null) return; // a boolean schema
  const schema = mergeAllOf(schemaIn);
  const where = labelOf(path);
  for (const type of wrongTypes(schema)) {
    out.push(json(`${where}:type:${type}`, `${where} is ${ARTICLE[type]}`, path, WRONG_VALUES[type]));
  }
  // Look-alikes: text that a lenient parser turns into the expected type ("3" for 3, "true" for true).
  for (const [type, value] of Object.entries(LOOK_ALIKES)) {
    if (typesOf(schema).includes(type) && !typesOf(schema).includes('string')) {
      out.push(json(`${where}:look-alike:${type}`, `${where} is the text ${JSON.stringify(value)}`, path, value));
    }
  }
  // A one-element array holding the valid value: a parser that unwraps it takes it for the scalar.
  if (path.length > 0 && !typesOf(schema).includes('array') && !typesOf(schema).includes('object')) {
    out.push({
      id: `${where}:wrapped-in-array`,
      label: `${where} is its value wrapped in a one-element array`,
      apply: (valid) => ({ kind: 'json', value: setAt(valid, path, [valueAt(valid, path)]) }),
    });
  }
  for (const breaker of constraintBreakers(schema)) {
    out.push(json(`${where}:${breaker.what}`, `${where} ${breaker.label}`, path, breaker.value));
  }
  if (depth > 4) return;
  nestedMutations(schema, path, out, depth);
  if (!typesOf(schema).includes('object')) return;
  propertyCountMutations(schema, path, out);
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  for (const name of (schema.required as string[]) ?? []) {
    // A required member with a default (a schema shared by the answer, where it is always there)
    // says what a request that leaves it out gets: a service that applies it is within the document.
    if (defaultedRequired(schema).includes(name)) continue;
    const at = [...path, name];
    out.push({
      id: `${at.join('.')}:missing`,
      label: `${at.join('.')} is missing`,
      at,
      apply: (valid) => ({ kind: 'json', value: setAt(valid, at, REMOVE) }),
    });
  }
  dependentMutations(schema, path, out);
  if (schema.additionalProperties === false || schema.unevaluatedProperties === false) {
    const at = [...path, 'unexpectedProperty'];
    out.push(
      json(`${where}:additional-property`, `${where} has a property the schema does not allow`, at, 'unexpected'),
    );
  }
  for (const [name, propertySchema] of Object.entries(properties))
    valueMutations(propertySchema, [...path, name], out, depth + 1);
}

/** The required members whose schema gives a `default` (a schema shared by the answer): a request
 * may leave them out for it. Shared by the mutations (never sent missing as invalid) and the plain
 * planner (sent left out as unusual input). */
export function defaultedRequired(schema: Schema | undefined): string[] {
  const properties = propertiesOf(schema) as Record<string, unknown>;
  return ((schema?.required as string[] | undefined) ?? []).filter((name) => {
    const property = properties[name];
    return typeof property === 'object' && property !== null && 'default' in property;
  });
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
    // A parser that stops after the first value, or skips comments, takes these.
    {
      id: 'body:trailing-garbage',
      label: 'body has text after the JSON value',
      apply: (valid) => ({ kind: 'raw', text: `${jsonText(valid)} trailing` }),
    },
    {
      id: 'body:comment',
      label: 'body has a comment',
      apply: (valid) => ({ kind: 'raw', text: `/* comment */ ${jsonText(valid)}` }),
    },
  ];
  valueMutations(schema as Schema, [], candidates, 0);
  // Branches of oneOf/anyOf may propose the same mutation: sent once.
  const unique = [...new Map(candidates.map((mutation) => [mutation.id, mutation])).values()];
  const invalid = unique.filter((mutation) => {
    const payload = mutation.apply(baseline);
    return payload.kind === 'raw' || !isValid(payload.value);
  });
  const several = severalAtOnce(invalid);
  return several && !isValid((several.apply(baseline) as { value: unknown }).value) ? [...invalid, several] : invalid;
}

/**
 * Two properties wrong at once (the first wrong type of each of the first two): a service may
 * answer several problems in another shape (an array of Errors) than one, and a single broken
 * property never shows it.
 */
function severalAtOnce(mutations: readonly Mutation[]): Mutation | undefined {
  const firstByProperty = new Map<string, Mutation>();
  for (const mutation of mutations) {
    const match = /^([^:]+):type:/.exec(mutation.id);
    if (match && match[1] !== 'body' && !firstByProperty.has(match[1]!)) firstByProperty.set(match[1]!, mutation);
  }
  const [first, second] = [...firstByProperty.values()];
  if (!first || !second) return undefined;
  return {
    id: `several:${first.id}+${second.id}`,
    label: `${first.label} and ${second.label}`,
    apply: (valid) => {
      const once = first.apply(valid);
      return once.kind === 'json' ? second.apply(once.value) : once;
    },
  };
}
