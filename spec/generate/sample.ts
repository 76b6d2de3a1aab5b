// One value for a schema, for answers that must be valid without being asked for anything in
// particular: the author's first example that validates, else one assembled from the examples of its
// parts, else a generated one (deterministic per seed). Computed once, when the mock starts.
import fc from 'fast-check';
import type { SchemaValidator } from '../schema/validators.js';
import { assembledValue } from './assembled.js';
import { valueArbitrary } from './values.js';

const ATTEMPTS = 20;

/** undefined when neither an example nor any of a few generated values is valid. */
export function sampleValue(
  validator: SchemaValidator | undefined,
  examples: readonly unknown[],
  seed: number,
): { value: unknown } | undefined {
  if (!validator) return examples.length > 0 ? { value: examples[0] } : undefined;
  const valid = (value: unknown) => validator.validate(value).length === 0;
  const example = examples.find(valid);
  if (example !== undefined) return { value: example };
  // What the document shows of the parts, where it fits as a whole (assembled.ts).
  const assembled = assembledValue(validator.schema, seed);
  if (assembled !== undefined && valid(assembled)) return { value: assembled };
  const candidates = fc.sample(valueArbitrary(validator.schema, { style: 'plain' }), { seed, numRuns: ATTEMPTS });
  const generated = candidates.find(valid);
  return generated === undefined ? undefined : { value: generated };
}

/** A stable seed for a label (an operation id), so the same document always answers alike. */
export function seedOf(label: string, seed = 0): number {
  let hash = seed | 0;
  for (let i = 0; i < label.length; i++) hash = Math.imul(hash ^ label.charCodeAt(i), 16777619);
  return hash | 0;
}
