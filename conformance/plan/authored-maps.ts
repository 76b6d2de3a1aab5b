// A map member (an object of free keys: prices "keyed by section id") is given the author's own
// example: its keys mean something (a section, a locale, a currency), and keys drawn at random name
// nothing, so every body would be refused for them and a case about another member would never be
// judged. The member's own example first, else the request example's value for it.
import { mergeAllOf, type Operation, propertiesOf } from '../../spec/index.js';

type Schema = Record<string, unknown>;

/** Whether the schema is a map: an object with no named members and free keys of one schema. */
function isMap(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const merged = mergeAllOf(schema as Schema);
  const types = [merged.type].flat();
  const extra = merged.additionalProperties;
  return (
    types.includes('object') &&
    Object.keys(propertiesOf(merged)).length === 0 &&
    ((typeof extra === 'object' && extra !== null) || extra === true)
  );
}

const exampleOf = (schema: Schema): unknown =>
  'example' in schema ? schema.example : Array.isArray(schema.examples) ? schema.examples[0] : undefined;

/** The author's map values, by member: the member's example, else the request example's. */
export function authoredMaps(schema: Schema, operation: Operation): ReadonlyMap<string, unknown> {
  const requestExample = operation.requestBody?.content.flatMap((media) => media.examples)[0] as
    | Record<string, unknown>
    | undefined;
  const found = new Map<string, unknown>();
  for (const [member, property] of Object.entries(propertiesOf(schema))) {
    if (!isMap(property)) continue;
    const own = exampleOf(mergeAllOf(property as Schema));
    const value = own ?? (typeof requestExample === 'object' ? requestExample?.[member] : undefined);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) found.set(member, value);
  }
  return found;
}

/** The body with each map member it holds set to the author's example, where the body stays valid. */
export function withAuthoredMaps(
  body: unknown,
  maps: ReadonlyMap<string, unknown>,
  isValid: (value: unknown) => boolean,
): unknown {
  if (maps.size === 0 || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  let next = body as Record<string, unknown>;
  for (const [member, value] of maps) {
    if (!(member in next)) continue;
    const candidate = { ...next, [member]: value };
    if (isValid(candidate)) next = candidate;
  }
  return next;
}
