// allOf members merged into one schema: the single place that flattens allOf, for property lookups,
// vendor flags and value generation alike.
import type { JsonSchema } from './json-schema.js';

type Schema = Record<string, unknown>;

const TIGHTER_IS_LARGER = ['minimum', 'minLength', 'minItems', 'minProperties', 'exclusiveMinimum'] as const;
const TIGHTER_IS_SMALLER = ['maximum', 'maxLength', 'maxItems', 'maxProperties', 'exclusiveMaximum'] as const;

/** Properties and required united, bounds tightened, types intersected (integer fits number). */
export function mergeAllOf(schema: Schema): Schema {
  if (!Array.isArray(schema.allOf)) return schema;
  let merged: Schema = { ...schema };
  delete merged.allOf;
  for (const member of schema.allOf as Schema[]) {
    const flat = mergeAllOf(member);
    const next: Schema = { ...merged, ...flat };
    next.properties = { ...((merged.properties as Schema) ?? {}), ...((flat.properties as Schema) ?? {}) };
    next.required = [...new Set([...((merged.required as string[]) ?? []), ...((flat.required as string[]) ?? [])])];
    for (const key of TIGHTER_IS_LARGER) {
      if (typeof merged[key] === 'number' && typeof flat[key] === 'number')
        next[key] = Math.max(merged[key], flat[key]);
    }
    for (const key of TIGHTER_IS_SMALLER) {
      if (typeof merged[key] === 'number' && typeof flat[key] === 'number')
        next[key] = Math.min(merged[key], flat[key]);
    }
    if (merged.type && flat.type && merged.type !== flat.type) next.type = intersectTypes(merged.type, flat.type);
    merged = next;
  }
  // The schema's own words describe this use of it, not the shared member's (`allOf: [Money]` beside
  // "`unitCost × quantity`").
  for (const key of ['description', 'title'] as const) if (typeof schema[key] === 'string') merged[key] = schema[key];
  return merged;
}

function intersectTypes(a: unknown, b: unknown): string[] {
  const left = [a].flat() as string[];
  const right = [b].flat() as string[];
  const fits = (type: string, others: string[]) =>
    others.includes(type) || (type === 'integer' && others.includes('number'));
  return [...new Set([...left.filter((type) => fits(type, right)), ...right.filter((type) => fits(type, left))])];
}

/** Top-level properties of an object schema, allOf members included. */
export function propertiesOf(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  if (!schema || typeof schema !== 'object') return {};
  return (mergeAllOf(schema as Schema).properties ?? {}) as Record<string, JsonSchema>;
}

/** Properties of a union's variants (oneOf or anyOf, each with its allOf merged): with `every`, those
 * every variant has (a line's `lineNo` in both its part and labour forms); else those any has. */
export function variantPropertiesOf(schema: JsonSchema | undefined, every: boolean): Record<string, JsonSchema> {
  if (!schema || typeof schema !== 'object') return {};
  const merged = mergeAllOf(schema as Schema);
  const variants = [merged.oneOf, merged.anyOf].find((list): list is JsonSchema[] => Array.isArray(list));
  if (!variants || variants.length === 0) return {};
  const each = variants.map((variant) => propertiesOf(variant));
  const names = every
    ? Object.keys(each[0]!).filter((name) => each.every((properties) => Object.hasOwn(properties, name)))
    : [...new Set(each.flatMap((properties) => Object.keys(properties)))];
  return Object.fromEntries(
    names.map((name) => [name, each.find((properties) => Object.hasOwn(properties, name))![name]!]),
  );
}

/** The members an object of that schema may hold in any of its forms: its own, and those of each
 * variant of a union (a line that is a part or a labour line). */
export const propertiesOfAnyForm = (schema: JsonSchema | undefined): Record<string, JsonSchema> => ({
  ...variantPropertiesOf(schema, false),
  ...propertiesOf(schema),
});

/** A member the service fills in: a value sent for it is ignored, not stored. */
export const readOnly = (schema: unknown): boolean =>
  typeof schema === 'object' && schema !== null && (schema as { readOnly?: unknown }).readOnly === true;
