// Rules JSON Schema cannot hold, read from vendor extensions on schema properties.
import { propertiesOf } from './all-of.js';
import type { JsonSchema } from './json-schema.js';
import type { MediaTypeSpec } from './types.js';

type Json = Record<string, unknown>;

/** Top-level properties of an object schema (allOf members included) that carry a vendor flag. */
export function flaggedProperties(schema: JsonSchema | undefined, flag: string): string[] {
  return Object.entries(propertiesOf(schema))
    .filter(([, property]) => (property as Json | undefined)?.[flag] === true)
    .map(([name]) => name);
}

/** The body property that repeats the HTTP status (`x-repeats-http-status`), if any. */
export function statusPropertyOf(content: readonly MediaTypeSpec[]): string | undefined {
  return content
    .map((media) => flaggedProperties(media.validator?.schema, 'x-repeats-http-status')[0])
    .find((name) => name !== undefined);
}

export function assignedPropertiesOf(op: Json): string[] {
  const names = new Set<string>();
  for (const response of Object.values((op.responses ?? {}) as Record<string, Json>)) {
    for (const media of Object.values((response.content ?? {}) as Record<string, Json>)) {
      let schema = media.schema as JsonSchema | undefined;
      if (schema?.type === 'array') schema = schema.items as JsonSchema | undefined;
      for (const name of flaggedProperties(schema, 'x-assigned-by-service')) names.add(name);
    }
  }
  return [...names];
}
