// How an answer holds a resource's items: a list as a bare array or as one member of an envelope
// ({"data": [...], "next_cursor": ...}, DigitalOcean's {"droplets": [...], "links", "meta"}), one
// item bare or wrapped ({"droplet": {...}}). One reading for the mock (writes answers in that
// shape) and the runner (reads items out of them).
import { mergeAllOf, propertiesOf, variantPropertiesOf } from '../schema/all-of.js';
import { declaredTypes } from '../schema/coerce.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { validatorOfView } from '../schema/schema-registry.js';
import type { SchemaIssue, SchemaValidator } from '../schema/validators.js';

export interface ItemView {
  /** The member of the answer that holds the item (or the list's items); absent: the answer itself. */
  readonly member?: string;
  /** The item's own schema and validator (not the envelope's). */
  readonly schema: JsonSchema;
  readonly validator: SchemaValidator;
  /** Where a member holds the item: the object schema that has that member (the answer's, or the
   * alternative of it that holds one item), for what else such an answer requires. */
  readonly holder?: JsonSchema;
}

type Item = Record<string, unknown>;

/** Envelope members that usually hold a page's items, most usual first. */
const ITEMS_MEMBERS = ['data', 'items', 'results', 'entries', 'records', 'values', 'content', 'list', 'elements'];
/** Members that usually wrap one item. */
const ITEM_MEMBERS = ['data', 'item', 'result', 'resource', 'record'];

const isObject = (value: unknown): value is Item =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A validator of a schema the document holds, compiled on its first use (reading a document
 * compiles nothing). */
export function validatorOf(schema: JsonSchema): SchemaValidator {
  let validate: ((value: unknown) => SchemaIssue[]) | undefined;
  return { schema, validate: (value) => (validate ??= validatorOfView(schema as object) ?? (() => []))(value) };
}

/** Whether the schema has the id member, as a value an id can be: a member holding an object or a
 * list (DigitalOcean's {"reserved_ipv6": {...}}, named as its path parameter) wraps the item. */
function hasId(schema: JsonSchema | undefined, idProperty: string): boolean {
  // A union's items (a part line or a labour line) have the id every variant has.
  const properties = { ...variantPropertiesOf(schema, true), ...propertiesOf(schema) };
  if (!Object.hasOwn(properties, idProperty)) return false;
  const member = properties[idProperty];
  if (typeof member !== 'object' || member === null) return true;
  const types = declaredTypes(mergeAllOf(member as Record<string, unknown>));
  return types.length === 0 || types.some((type) => type !== 'object' && type !== 'array');
}

const arrayItems = (schema: JsonSchema | undefined): JsonSchema | undefined => {
  if (!isObject(schema)) return undefined;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('array') && isObject(schema.items) ? (schema.items as JsonSchema) : undefined;
};

/**
 * The items of a list answer: a bare array of objects with an id, or the one member of an envelope
 * that is such an array (several: the one named as `member`, then the usual names, then the plural
 * the path ends in). Undefined when the answer is neither.
 */
export function listItems(
  schema: JsonSchema,
  candidates: readonly string[],
  member?: string,
  pathName?: string,
): ItemView | undefined {
  const bare = arrayItems(schema);
  if (bare)
    return candidates.some((id) => hasId(bare, id)) ? { schema: bare, validator: validatorOf(bare) } : undefined;
  const properties = propertiesOf(schema);
  const arrays = Object.entries(properties).filter(([, property]) => {
    const items = arrayItems(property);
    return items !== undefined && candidates.some((id) => hasId(items, id));
  });
  const chosen =
    (member !== undefined ? arrays.find(([name]) => name === member) : undefined) ??
    (arrays.length === 1 ? arrays[0] : undefined) ??
    arrays.find(([name]) => ITEMS_MEMBERS.includes(name)) ??
    arrays.find(([name]) => name === pathName);
  if (!chosen || (member !== undefined && chosen[0] !== member)) return undefined;
  const items = arrayItems(chosen[1])!;
  return { member: chosen[0], schema: items, validator: validatorOf(items) };
}

/**
 * One item in an answer: the answer itself where it has the id, else the one object member that
 * has it (DigitalOcean's {"droplet": {...}}; several: `member`, then the usual names, then the
 * singular of the path's last segment).
 */
export function singleItem(
  schema: JsonSchema,
  idProperty: string,
  member?: string,
  pathName?: string,
): ItemView | undefined {
  if (member === undefined && hasId(schema, idProperty)) return { schema, validator: validatorOf(schema) };
  const wrapping = Object.entries(propertiesOf(schema)).filter(([, property]) => hasId(property, idProperty));
  const singular = pathName?.replace(/ies$/, 'y').replace(/s$/, '');
  const chosen =
    (member !== undefined ? wrapping.find(([name]) => name === member) : undefined) ??
    (member === undefined && wrapping.length === 1 ? wrapping[0] : undefined) ??
    (member === undefined ? wrapping.find(([name]) => ITEM_MEMBERS.includes(name) || name === singular) : undefined);
  if (chosen) return { member: chosen[0], schema: chosen[1], validator: validatorOf(chosen[1]), holder: schema };
  // Alternatives (DigitalOcean's creation: one droplet, or several): the first that holds one item.
  const branches = [
    ...((schema.oneOf as JsonSchema[] | undefined) ?? []),
    ...((schema.anyOf as JsonSchema[] | undefined) ?? []),
  ];
  for (const branch of branches) {
    const found = isObject(branch) ? singleItem(branch, idProperty, member, pathName) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** The items a list answer holds, as its view reads them; undefined when the body is not such a list. */
export function itemsIn(view: ItemView | undefined, body: unknown): Item[] | undefined {
  const holder = view?.member === undefined ? body : isObject(body) ? body[view.member] : undefined;
  return Array.isArray(holder) ? holder.filter(isObject) : undefined;
}

/** The item an answer holds, bare or wrapped as its view reads it. */
export function itemIn(view: ItemView | undefined, body: unknown): Item | undefined {
  const item = view?.member === undefined || !isObject(body) ? body : body[view.member];
  return isObject(item) ? item : undefined;
}

/** The last literal segment of a path: /v2/droplets/{id}/actions → actions. */
export function lastSegment(path: string): string | undefined {
  return path
    .split('/')
    .filter((segment) => segment !== '' && !segment.includes('{'))
    .at(-1);
}
