// Every bound of every body property, exactly at the bound: the longest and shortest string, the
// smallest and largest number (one step inside an exclusive bound), the fewest and most items.
// Valid input any correct service accepts, whatever the seed; one past each bound is a mutation.
import fc from 'fast-check';
import { seedOf, UNSATISFIABLE, valueArbitrary } from '../../../spec/generate/index.js';
import { isJsonMediaType, type JsonSchema, mergeAllOf, propertiesOf } from '../../../spec/index.js';
import type { TestCase } from '../../model.js';
import type { Planner } from '../planner.js';

type Schema = Record<string, unknown>;

interface Boundary {
  readonly what: string;
  readonly value: unknown;
}

/** The longest string sent at a bound: past it a case is a long-value case, not a boundary. */
const LONGEST = 10_000;

const number = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

// Words that count lengths in characters outright: astral ones (an emoji) are one each as well.
const CODE_POINTS = /\bcode\s*points?\b|\bnot\s+(?:in\s+)?(?:bytes|utf-?(?:8|16))\b|\bemoji\b/i;

/** Whether the words count string lengths in code points ("counted in Unicode code points"). */
export const codePointsSaid = (...texts: readonly unknown[]): boolean =>
  texts.some((text) => typeof text === 'string' && CODE_POINTS.test(text));

function stringBoundaries(schema: Schema, codePoints = false): Boundary[] {
  // A pattern or format says which characters fit: plain letters may not.
  if (schema.pattern || schema.format || schema.enum) return [];
  const out: Boundary[] = [];
  const min = number(schema.minLength);
  const max = number(schema.maxLength);
  if (min !== undefined && min > 0 && min <= LONGEST) out.push({ what: `minLength (${min})`, value: 'b'.repeat(min) });
  if (max === undefined || max > LONGEST) return out;
  out.push({ what: `maxLength (${max})`, value: 'b'.repeat(max) });
  // JSON Schema counts a length in characters: two bytes each in UTF-8 (é), and where the words say
  // code points, an astral one (😀, two UTF-16 units) too. A service counting bytes refuses them.
  if (max > 0) out.push({ what: `maxLength (${max}) in two-byte characters`, value: 'é'.repeat(max) });
  if (max > 0 && codePoints) out.push({ what: `maxLength (${max}) in astral characters`, value: '😀'.repeat(max) });
  return out;
}

function numericBoundaries(schema: Schema, integer: boolean): Boundary[] {
  const out: Boundary[] = [];
  const multiple = number(schema.multipleOf);
  const fits = (value: number) => multiple === undefined || Number.isInteger(value / multiple);
  const add = (what: string, value: number | undefined) => {
    if (value !== undefined && Number.isSafeInteger(Math.trunc(value)) && fits(value)) out.push({ what, value });
  };
  add(`minimum (${schema.minimum})`, number(schema.minimum));
  add(`maximum (${schema.maximum})`, number(schema.maximum));
  // One step inside an exclusive bound, where a step is well defined (integers).
  if (integer) {
    const low = number(schema.exclusiveMinimum);
    const high = number(schema.exclusiveMaximum);
    add(`just above the exclusive minimum (${low})`, low === undefined ? undefined : Math.floor(low) + 1);
    add(`just below the exclusive maximum (${high})`, high === undefined ? undefined : Math.ceil(high) - 1);
  }
  return out;
}

function arrayBoundaries(schema: Schema, seed: number, name: string): Boundary[] {
  const out: Boundary[] = [];
  const items = (schema.items ?? {}) as JsonSchema;
  const sample = (count: number) =>
    fc
      .sample(valueArbitrary(items, { style: 'plain' }), { numRuns: count * 3, seed: seedOf(`bounds:${name}`, seed) })
      .filter((value) => value !== UNSATISFIABLE);
  for (const [keyword, what] of [
    ['minItems', 'fewest'],
    ['maxItems', 'most'],
  ] as const) {
    const count = number(schema[keyword]);
    if (count === undefined || count > 1000) continue;
    const values = schema.uniqueItems
      ? [...new Map(sample(count).map((value) => [JSON.stringify(value), value])).values()]
      : sample(count);
    if (values.length >= count)
      out.push({ what: `${keyword} (${count}: the ${what} items)`, value: values.slice(0, count) });
  }
  return out;
}

export function boundariesOf(schemaIn: JsonSchema, seed: number, name: string, codePoints = false): Boundary[] {
  const schema = mergeAllOf(schemaIn as Schema);
  const type = schema.type;
  if (type === 'string') return stringBoundaries(schema, codePoints || codePointsSaid(schema.description));
  if (type === 'integer' || type === 'number') return numericBoundaries(schema, type === 'integer');
  if (type === 'array') return arrayBoundaries(schema, seed, name);
  return [];
}

export const boundariesPlanner: Planner = {
  name: 'boundaries',
  sends: 'each bounded property exactly at each bound (length, items, minimum and maximum, inside exclusive ones)',
  plan(operation, context) {
    const request = context.requestSchema(operation);
    const mediaType = context.requestMediaType(operation);
    if (!request || !mediaType || !isJsonMediaType(mediaType)) return {};
    const cases: TestCase[] = [];
    const codePoints = codePointsSaid(context.overview, operation.description, request.schema.description);
    for (const [name, schema] of Object.entries(propertiesOf(request.schema))) {
      for (const boundary of boundariesOf(schema, context.seed, `${operation.id}:${name}`, codePoints)) {
        // A body of its own for each case: a service that refuses values it holds is not asked twice.
        const [body] = context.plainBodies(operation, 1, `bounds:${name}:${boundary.what}`);
        if (typeof body !== 'object' || body === null || Array.isArray(body)) continue;
        const bounded = { ...(body as Record<string, unknown>), [name]: boundary.value };
        // The name property keeps its prefix where the value stays at the bound with it (a longest string).
        const prefixed = context.withPrefix(request.schema, bounded) as Record<string, unknown>;
        const atBound = JSON.stringify(prefixed[name])?.length === JSON.stringify(bounded[name])?.length;
        const value = atBound && request.isValid(prefixed) ? prefixed : bounded;
        if (!request.isValid(value)) continue;
        cases.push(context.plainBodyCase(operation, value, `with ${name} at its ${boundary.what}`));
      }
    }
    return { cases };
  },
};
