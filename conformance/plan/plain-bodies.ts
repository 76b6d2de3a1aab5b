// The plain valid bodies of an operation: short alphanumeric values for every property, then for
// the required ones only, alternately; authored maps and the words' rules applied, the run's prefix
// on the name. A body the schema still refuses is dropped, never sent as valid.
import fc from 'fast-check';
import { valueArbitrary } from '../../spec/generate/index.js';
import { isJsonMediaType, type JsonSchema, type Operation, propertiesOf } from '../../spec/index.js';
import { authoredMaps, withAuthoredMaps } from './authored-maps.js';
import { withWordRules } from './followed-words.js';
import { withPrefixed } from './prefixed-names.js';

export interface RequestSchema {
  readonly schema: JsonSchema;
  readonly isValid: (value: unknown) => boolean;
  /** The schema valid bodies are generated from: outside JSON, arrays hold at least one item, as
   * an empty list leaves no field in a form and reads as a missing one. */
  readonly generate: JsonSchema;
}

export interface PlainDraw {
  readonly seed: number;
  readonly mediaType: string | undefined;
  readonly prefix: string;
}

/** The valid bodies of `count` drawn, and how many were built. */
export function plainBodiesOf(
  operation: Operation,
  request: RequestSchema,
  count: number,
  { seed, mediaType, prefix }: PlainDraw,
): { valid: unknown[]; built: number } {
  const properties = Object.keys(propertiesOf(request.generate));
  const required = new Set((request.schema.required as string[]) ?? []);
  const everything = { ...request.generate, required: [...new Set([...required, ...properties])] };
  const samples = fc.sample(valueArbitrary(everything, { style: 'plain' }), { seed, numRuns: count });
  // A form with no field is no body at all: outside JSON the required-only variant needs one.
  const canBeEmpty = required.size > 0 || mediaType === undefined || isJsonMediaType(mediaType);
  // A form has no null either: a nullable field left null is left out.
  const form = !canBeEmpty || (mediaType !== undefined && !isJsonMediaType(mediaType));
  const maps = authoredMaps(request.schema, operation);
  const bodies = samples.map((sample, index) => {
    const entries =
      typeof sample === 'object' && sample !== null && !Array.isArray(sample) ? Object.entries(sample) : undefined;
    const body = !entries
      ? sample
      : Object.fromEntries(
          entries.filter(
            ([name, value]) => !(form && value === null) && !(index % 2 === 1 && canBeEmpty && !required.has(name)),
          ),
        );
    const authored = withAuthoredMaps(body, maps, request.isValid);
    return withWordRules(
      withPrefixed(request.schema, authored, prefix),
      request.schema,
      undefined,
      operation.description,
    );
  });
  // A schema the generators cannot satisfy yields invalid bodies: they are never sent as valid.
  return { valid: bodies.filter((body) => request.isValid(body)), built: bodies.length };
}
