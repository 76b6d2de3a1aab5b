// What a finished job yields (`result`, `downloadUrl`): a value drawn once from the member's schema,
// never the null it held until then (a nullable `result`, or an example of `null`).
import fc from 'fast-check';
import { type JsonSchema, mergeAllOf, takesNull } from '../../spec/core.js';
import { UNSATISFIABLE, valueArbitrary } from '../../spec/generate/index.js';

/** Whether a member's schema lets it be null (OpenAPI 3.0's `nullable`, or a `null` type). */
export const holdsNull = (property: unknown): boolean =>
  takesNull(mergeAllOf((property ?? {}) as Record<string, unknown>) as Record<string, unknown>);

/** The schema without its null. */
function withoutNull(property: JsonSchema): JsonSchema {
  const merged = mergeAllOf((property ?? {}) as Record<string, unknown>) as Record<string, unknown>;
  const { nullable: _nullable, ...rest } = merged;
  return (
    Array.isArray(rest.type) ? { ...rest, type: rest.type.filter((type) => type !== 'null') } : rest
  ) as JsonSchema;
}

/** A plain value of the member's schema, not null; undefined where none can be drawn. */
export function drawnYield(property: JsonSchema): unknown {
  const [value] = fc.sample(valueArbitrary(withoutNull(property), { style: 'plain' }), { numRuns: 1, seed: 1 });
  return value === UNSATISFIABLE || value === null ? undefined : value;
}
