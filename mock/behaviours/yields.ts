// What a finished job yields (`result`, `downloadUrl`): a value drawn once from the member's schema,
// never the null it held until then (a nullable `result`, or an example of `null`).
import fc from 'fast-check';
import { type JsonSchema, mergeAllOf, takesNull } from '../../spec/core.js';
import { UNSATISFIABLE, valueArbitrary } from '../../spec/generate/index.js';

/** Whether a member's schema lets it be null (OpenAPI 3.0's `nullable`, or a `null` type). */
export const holdsNull = (property: unknown): boolean =>
  takesNull(mergeAllOf((property ?? {}) as Record<string, unknown>) as Record<string, unknown>);

/** Whether a schema is null alone (`{type: 'null'}`, `{type: ['null']}`). */
const isNullOnly = (branch: unknown): boolean => {
  const type = (branch as { type?: unknown } | undefined)?.type;
  return type === 'null' || (Array.isArray(type) && type.length === 1 && type[0] === 'null');
};

/** Whether a `oneOf` or `anyOf` has a branch that is null alone (`oneOf: [{type: 'null'}, {$ref: Export}]`). */
export const nullBranched = (schema: Record<string, unknown>): boolean =>
  [schema.oneOf, schema.anyOf].some((branches) => Array.isArray(branches) && branches.some(isNullOnly));

/** The schema without its null: `nullable`, a `null` type, or a `null` branch of a `oneOf` or
 * `anyOf` (`oneOf: [{type: 'null'}, {$ref: StockExport}]`). */
function withoutNull(property: JsonSchema): JsonSchema {
  const merged = mergeAllOf((property ?? {}) as Record<string, unknown>) as Record<string, unknown>;
  const { nullable: _nullable, ...rest } = merged;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = rest[key];
    if (!Array.isArray(branches) || !branches.some(isNullOnly)) continue;
    const kept = branches.filter((branch) => !isNullOnly(branch));
    const { [key]: _branches, ...others } = rest;
    return (kept.length === 1 ? { ...others, ...(kept[0] as object) } : { ...others, [key]: kept }) as JsonSchema;
  }
  return (
    Array.isArray(rest.type) ? { ...rest, type: rest.type.filter((type) => type !== 'null') } : rest
  ) as JsonSchema;
}

/** A plain value of the member's schema, not null; undefined where none can be drawn. */
export function drawnYield(property: JsonSchema): unknown {
  const [value] = fc.sample(valueArbitrary(withoutNull(property), { style: 'plain' }), { numRuns: 1, seed: 1 });
  return value === UNSATISFIABLE || value === null ? undefined : value;
}
