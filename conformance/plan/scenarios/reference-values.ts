// Values a found reference is put in: the listed items sharing the body's members, the parent's
// own entries, and path values typed as the body's schema asks (references-found.ts).
import {
  type CollectionSpec,
  type JsonSchema,
  listedParentOf,
  type Operation,
  parentItemsOf,
  propertiesOf,
  referencedCollection,
} from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';

type Item = Record<string, unknown>;

/** The values the parent item's list entries hold, by member (an order's lines' `sku`): where a
 * child's entries name items, the parent's are the ones it may name. */
export function parentEntries(item: Item | undefined): Map<string, unknown[]> {
  const entries = new Map<string, unknown[]>();
  for (const value of Object.values(item ?? {})) {
    if (!Array.isArray(value)) continue;
    for (const entry of value)
      for (const [member, held] of Object.entries(asObject(entry) ?? {}))
        if (typeof held === 'string' || typeof held === 'number')
          entries.set(member, [...new Set([...(entries.get(member) ?? []), held])]);
  }
  return entries;
}

/** The listed items that hold the body's value of every member they share with its references
 * (`supplierId`), trying each listed value of those in turn; the values kept. */
export function sharingBody(
  items: readonly Item[],
  found: ReadonlyMap<string, unknown[]>,
): { items: Item[]; pinned: Record<string, unknown> } {
  const shared = [...found.keys()].filter(
    (name) => !name.includes('[]') && items.some((item) => Object.hasOwn(item, name)),
  );
  const [name] = shared;
  if (name === undefined) return { items: [...items], pinned: {} };
  const values = found.get(name) ?? [];
  for (const value of values) {
    const holding = items.filter((item) => JSON.stringify(item[name]) === JSON.stringify(value));
    if (holding.length > 0) return { items: holding, pinned: { [name]: value } };
  }
  return { items: [], pinned: values.length > 0 ? { [name]: values[0] } : {} };
}

/** Path values (text) as the numbers the entry's schema asks for (`number: 3`, not `"3"`). */
export function typedAs(
  entry: Record<string, unknown>,
  properties: Record<string, JsonSchema>,
): Record<string, unknown> {
  const numeric = (schema: JsonSchema | undefined) =>
    [(schema as { type?: unknown } | undefined)?.type].flat().some((type) => type === 'integer' || type === 'number');
  return Object.fromEntries(
    Object.entries(entry).map(([name, value]) => [
      name,
      typeof value === 'string' && numeric(properties[name]) && value.trim() !== '' ? Number(value) : value,
    ]),
  );
}

/** The ids with those no sibling item names in the member first: a student not enrolled in the
 * section yet is the one a new enrollment names, whatever the words say. */
export function unheldFirst(ids: unknown[], siblings: readonly Item[], member: string): unknown[] {
  const held = new Set(siblings.map((item) => JSON.stringify(item[member])));
  const free = ids.filter((id) => !held.has(JSON.stringify(id)));
  return free.length === 0 ? ids : [...free, ...ids.filter((id) => held.has(JSON.stringify(id)))];
}

/** The members of a creation's body that have a `default`, at it: an item made for another to name
 * is made in its usual state (a technician `active` unless told otherwise), not a drawn one that
 * the naming request's words refuse ("The technician must exist and be active"). */
export function defaultedMembers(schema: JsonSchema | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(propertiesOf(schema)).flatMap(([member, property]) => {
      const { default: value, readOnly } = property as { default?: unknown; readOnly?: unknown };
      return value === undefined || readOnly === true ? [] : [[member, value]];
    }),
  );
}

/** Backquoted words of the sentences naming the member (the lesson "whose `kind` is `quiz`"). */
export function saidValues(operation: Operation, member: string): Set<string> {
  const words = `${operation.description ?? ''} ${operation.summary ?? ''}`;
  const sentences = words.split(/(?<=[.;])\s+|\n\s*[*-]\s+/).filter((sentence) => sentence.includes(member));
  return new Set(sentences.flatMap((sentence) => [...sentence.matchAll(/`([^`]+)`/g)].map((match) => match[1]!)));
}

/** The children that fit what the member's words ask of them: where the words name a value of one
 * of the children's enums ("a lesson ... whose `kind` is `quiz`"), only those holding it (none where
 * none does: a made-up value is then as good, and no listed one is wrongly said to fit); else all. */
export function fittingChildren(
  children: readonly Item[],
  said: ReadonlySet<string>,
  schema: JsonSchema | undefined,
): Item[] {
  const enums = new Set(
    Object.values(propertiesOf(schema)).flatMap((property) => {
      const values = (property as { enum?: unknown }).enum;
      return Array.isArray(values) ? values.filter((value): value is string => typeof value === 'string') : [];
    }),
  );
  const asked = [...said].filter((value) => enums.has(value));
  if (asked.length === 0) return [...children];
  return children.filter((child) =>
    Object.values(child).some((value) => typeof value === 'string' && asked.includes(value)),
  );
}

/** The ids listed under the item a creation's parent item names, in the collection `other` lies
 * under (a quiz submission's lesson, of its enrollment's course): those that fit the member's words. */
export async function childrenThrough(
  item: Item | undefined,
  {
    collection,
    other,
    member,
    create,
  }: { collection: CollectionSpec; other: CollectionSpec; member: string; create: Operation },
  collections: readonly CollectionSpec[],
  listedItems: (collection: CollectionSpec, parent: Readonly<Record<string, string>>) => Promise<Item[]>,
): Promise<unknown[]> {
  const above = parentItemsOf(other.path, collections).at(-1) ?? listedParentOf(other.path, collections);
  if (!above || (other.path.match(/\{/g) ?? []).length !== 1) return [];
  const via = Object.keys(item ?? {}).find(
    (name) => referencedCollection(name, collections, collection) === above.collection,
  );
  const named = via === undefined ? undefined : item?.[via];
  if (typeof named !== 'string' && typeof named !== 'number') return [];
  const children = await listedItems(other, { [above.parameter]: String(named) });
  const schema = other.read?.item.schema ?? other.list?.items.schema;
  return fittingChildren(children, saidValues(create, member), schema)
    .map((child) => child[other.idProperty])
    .filter((id) => id !== undefined);
}

/** The opaque `id` member the items of a collection keyed otherwise carry, where `member` names one
 * by it (`invoiceId`, `invoice_id`). */
export function carriedId(other: CollectionSpec, member: string): string | undefined {
  if (other.idProperty === 'id' || !/(?:Id|_id)$/.test(member)) return undefined;
  const schema = other.read?.item.schema ?? other.create?.item.schema;
  return Object.hasOwn(propertiesOf(schema), 'id') ? 'id' : undefined;
}
