// A value put together from what the document shows of each part of a schema: a member's own
// example, default or first enum value, generated only where the document shows nothing. A
// service's answer then reads like the author's (`{"login": "alice"}`, not `{"login": "g1O2"}`),
// as Prism's static answers do. Instants nobody shows are now, not a random year.
import fc from 'fast-check';
import { mergeAllOf } from '../schema/all-of.js';
import { valueArbitrary } from './values.js';

type Schema = Record<string, unknown>;

const DEPTH = 6;

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null;

/** What the schema itself shows: its example, its first examples entry, its default, its const. */
function shownValue(schema: Schema): { value: unknown } | undefined {
  if (schema.example !== undefined) return { value: schema.example };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return { value: schema.examples[0] };
  if (schema.default !== undefined) return { value: schema.default };
  if (schema.const !== undefined) return { value: schema.const };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return { value: schema.enum[0] };
  return undefined;
}

const typesOf = (schema: Schema): unknown[] => (Array.isArray(schema.type) ? schema.type : [schema.type]);

/** An instant of the schema's format, now: a date nobody shows is today, not year 2999. */
function instantOf(schema: Schema, now: Date): string | undefined {
  if (!typesOf(schema).includes('string')) return undefined;
  if (schema.format === 'date-time') return now.toISOString();
  if (schema.format === 'date') return now.toISOString().slice(0, 10);
  return undefined;
}

function generated(schema: Schema, seed: number): unknown {
  const [value] = fc.sample(valueArbitrary(schema, { style: 'plain' }), { seed, numRuns: 1 });
  return value;
}

/** How many schema nodes one value may take: wide objects referencing wide objects (Stripe's
 * expandable members) would otherwise grow with the width to the power of the depth. */
const NODES = 500;

class OverBudget extends Error {}

/** The value assembled for `schema` (the caller validates it: a part may not fit its siblings);
 * undefined past the node budget, where the caller generates one instead. */
export function assembledValue(raw: unknown, seed: number, now = new Date()): unknown {
  try {
    return assemble(raw, seed, now, 0, { nodes: NODES });
  } catch (error) {
    if (error instanceof OverBudget) return undefined;
    throw error;
  }
}

function assemble(raw: unknown, seed: number, now: Date, depth: number, budget: { nodes: number }): unknown {
  if (!isObject(raw)) return undefined;
  if (--budget.nodes < 0) throw new OverBudget();
  const schema = mergeAllOf(raw);
  const shown = shownValue(schema);
  if (shown) return shown.value;
  const alternatives = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length > 0)
    return assemble(
      { ...schema, oneOf: undefined, anyOf: undefined, ...mergeAllOf(alternatives[0] as Schema) },
      seed,
      now,
      depth,
      budget,
    );
  const instant = instantOf(schema, now);
  if (instant !== undefined) return instant;
  const types = typesOf(schema);
  const properties = isObject(schema.properties) ? schema.properties : undefined;
  if (depth < DEPTH && (types.includes('object') || (schema.type === undefined && properties))) {
    const value: Schema = {};
    // Every member, as Prism's answers have them: a client reading an answer finds its structure.
    for (const [name, member] of Object.entries(properties ?? {})) {
      const part = assemble(member, seed + name.length, now, depth + 1, budget);
      if (part !== undefined) value[name] = part;
    }
    return value;
  }
  if (depth < DEPTH && types.includes('array') && isObject(schema.items)) {
    // At most a few items: a larger minItems is left to generation (the whole fails validation).
    const count = Math.min(3, typeof schema.minItems === 'number' && schema.minItems > 1 ? schema.minItems : 1);
    return Array.from({ length: count }, (_, index) => assemble(schema.items, seed + index, now, depth + 1, budget));
  }
  return generated(schema, seed);
}
