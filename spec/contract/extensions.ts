// Rules JSON Schema cannot hold, read from vendor extensions on schema properties.
import { propertiesOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { MediaTypeSpec, ResponseSpec } from './types.js';

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

/** Response properties the service assigns (`x-assigned-by-service`), of items or of lists' items. */
export function assignedPropertiesOf(responses: readonly ResponseSpec[]): string[] {
  const names = new Set<string>();
  for (const media of responses.flatMap((response) => response.content)) {
    let schema = media.validator?.schema;
    if (schema?.type === 'array') schema = schema.items as JsonSchema | undefined;
    for (const name of flaggedProperties(schema, 'x-assigned-by-service')) names.add(name);
  }
  return [...names];
}
