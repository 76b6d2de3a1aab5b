// Text from a URL, a header, a cookie or a form field, read as the value its schema describes:
// "42" is a number where the schema wants one, "true" a boolean, "a,b" an array under the simple
// style. A text that does not read as the schema's type stays text, so the validator refuses it.
import { mergeAllOf } from './all-of.js';
import type { JsonSchema } from './json-schema.js';
import { setMember } from './members.js';

type Schema = Record<string, unknown>;

/** The types a schema declares (by `type`, or by `properties` or `items`); none for an untyped one. */
export function declaredTypes(schema: Schema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

/** One text read as a scalar of the schema's type. */
export function coerceScalar(text: string, schemaIn: JsonSchema | undefined): unknown {
  const schema = mergeAllOf((schemaIn ?? {}) as Schema);
  const types = declaredTypes(schema);
  if (types.includes('string') || types.length === 0) return text;
  if ((types.includes('integer') || types.includes('number')) && text.trim() !== '' && Number.isFinite(Number(text))) {
    return Number(text);
  }
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  if (types.includes('null') && text === 'null') return null;
  return text;
}

/** Several texts (a repeated query parameter or form field, or one split by a delimiter). */
export function coerceValues(
  texts: readonly string[],
  schemaIn: JsonSchema | undefined,
  delimiter = ',',
  splitFreeText = true,
): unknown {
  const schema = mergeAllOf((schemaIn ?? {}) as Schema);
  const types = declaredTypes(schema);
  if (types.includes('object') && texts.length === 1) return coerceObject(texts[0]!, schema, delimiter);
  if (types.includes('array')) {
    // A form's list is its repeated fields (explode, OpenAPI's default): one field of free text is
    // one item, commas and all (a URL may hold one); numbers, booleans and enum values still split.
    const items = mergeAllOf(((schema.items ?? {}) as Schema) ?? {});
    const freeText = declaredTypes(items).includes('string') && !Array.isArray(items.enum);
    const split = splitFreeText || !freeText;
    const parts =
      texts.length === 1 ? (texts[0] === '' ? [] : split ? texts[0]!.split(delimiter) : [texts[0]!]) : texts;
    return parts.map((part) => coerceScalar(part, schema.items as JsonSchema | undefined));
  }
  return coerceScalar(texts[texts.length - 1] ?? '', schema);
}

/** An object in one text: "k=v,k=v" (exploded) or "k,v,k,v", each value read by its schema. */
function coerceObject(text: string, schema: Schema, delimiter: string): unknown {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const parts = text === '' ? [] : text.split(delimiter);
  const pairs: Array<[string, string]> = parts.every((part) => part.includes('='))
    ? parts.map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)])
    : parts.flatMap((part, index) => (index % 2 === 0 ? [[part, parts[index + 1] ?? ''] as [string, string]] : []));
  if (pairs.length === 0 && text !== '') return text;
  const out: Record<string, unknown> = {};
  for (const [name, value] of pairs) {
    setMember(out, name, coerceScalar(value, properties[name]));
  }
  return out;
}

/** A form body (application/x-www-form-urlencoded) as an object, each field read by its schema. */
export function coerceForm(text: string, schemaIn: JsonSchema | undefined): Record<string, unknown> {
  const schema = mergeAllOf((schemaIn ?? {}) as Schema);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const params = new URLSearchParams(text);
  const out: Record<string, unknown> = {};
  for (const name of new Set(params.keys())) {
    setMember(out, name, coerceValues(params.getAll(name), properties[name], ',', false));
  }
  return out;
}
