// Members of a creation or a change that name another collection's items (`depotId` → /depots):
// a value naming no item there is refused with the status the words give it ("An unknown `depotId`
// is refused with `422`"), else the first documented of 422, 404 and 409, else 400, and nothing
// changes. Only references to top-level collections the mock keeps are checked.
import {
  type CollectionSpec,
  nestedItemsCarried,
  type Operation,
  pathNamesParents,
  propertiesOfAnyForm,
  type ReferenceDefault,
  type Resource,
  referencedCollection,
} from '../../spec/core.js';
import { MockHttpError } from '../core/errors.js';
import { collectionAt, existingAt, holderOf } from './nested.js';
import type { Collection } from './store.js';

export interface MemberReference {
  readonly member: string;
  readonly collection: string;
  readonly status: number;
  /** Members the item copies from the item named, as they are at its creation ("The tool's
   * `dailyRate` when the line was added"), each from the source's member of its own name or the
   * one the words name (`unitPriceCents` from `priceCents`). */
  readonly copies?: readonly { readonly member: string; readonly from: string }[];
  /** Where the item is nested (a loan's `copyNumber` names a copy of the branch its `branchCode`
   * names): the member carrying each parent's path value, by parameter. */
  readonly within?: Readonly<Record<string, string>>;
}

const FALLBACK_STATUSES = [422, 404, 409];

/** The operation's body members that name items of another collection, with their refusal. */
export function referencesOf(
  resource: Resource,
  operation: Operation,
  collections: readonly CollectionSpec[],
): { references?: readonly MemberReference[] } {
  const own = resource.collection;
  const schema = operation.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  const documented = (status: number) => operation.responses.some((r) => r.status === String(status));
  const references = Object.keys(propertiesOfAnyForm(schema)).flatMap((member): MemberReference[] => {
    const named = member === own.idProperty ? undefined : referencedCollection(member, collections, own);
    // A nested collection only where its items are read by id alone (`/books/{bookId}`).
    const byIdAlone = named?.read !== undefined && !pathNamesParents(named, named.read);
    if (!named || named === own || (named.path.includes('{') && !byIdAlone) || !(named.read || named.list)) return [];
    const said = resource.idioms.refusals?.[member]?.status;
    const status = said ?? FALLBACK_STATUSES.find(documented) ?? 400;
    const copies = (resource.idioms.copied ?? [])
      .filter((copy) => copy.via === member && copy.collection === named.path && !copy.member.includes('[].'))
      .map((copy) => ({ member: copy.member, from: copy.from ?? copy.member }));
    return [{ member, collection: named.path, status, ...(copies.length > 0 ? { copies } : {}) }];
  });
  const members = Object.keys(propertiesOfAnyForm(schema));
  for (const { other, names, carried } of nestedItemsCarried(members, collections, own)) {
    const member = carried[names.at(-1)!]!;
    const within = Object.fromEntries(names.slice(0, -1).map((name) => [name, carried[name]!]));
    const status = resource.idioms.refusals?.[member]?.status ?? FALLBACK_STATUSES.find(documented) ?? 400;
    references.push({ member, collection: other.path, status, within });
  }
  return references.length > 0 ? { references } : {};
}

/** The item of `collection` a body names: at the top level, or (a nested one named by id alone, a
 * loan's `bookId`) under whichever parent holds it. */
function namedItem(all: ReadonlyMap<string, Collection>, collection: string, id: string) {
  const map = all as Map<string, Collection>;
  if (!collection.includes('{')) return collectionAt(map, collection, {}).find(id);
  return holderOf(map, collection, id)?.find(id);
}

/** Whether the body names an item of the reference's collection; undefined where it cannot tell
 * (a nested item whose parents' values the body leaves out). */
function names(
  reference: MemberReference,
  all: ReadonlyMap<string, Collection>,
  body: Record<string, unknown>,
  id: string,
) {
  if (!reference.within) return namedItem(all, reference.collection, id) !== undefined;
  const params: Record<string, string> = {};
  for (const [name, member] of Object.entries(reference.within)) {
    const value = body[member];
    if (typeof value !== 'string' && typeof value !== 'number') return undefined;
    params[name] = String(value);
  }
  return existingAt(all as Map<string, Collection>, reference.collection, params)?.find(id) !== undefined;
}

/** The refusal of a body naming an item that does not exist, where it does. */
export function unknownReference(
  references: readonly MemberReference[] | undefined,
  all: ReadonlyMap<string, Collection>,
  body: unknown,
): MockHttpError | undefined {
  if (!references || typeof body !== 'object' || body === null) return undefined;
  for (const reference of references) {
    const { member, collection, status } = reference;
    const sent = (body as Record<string, unknown>)[member];
    // A list of references (`labels`, `tagIds`) names an item with each of its values.
    const value = (Array.isArray(sent) ? sent : [sent]).find(
      (one) =>
        (typeof one === 'string' || typeof one === 'number') &&
        names(reference, all, body as Record<string, unknown>, String(one)) === false,
    );
    if (value === undefined) continue;
    const refused = new MockHttpError(
      status,
      'unknown_reference',
      `${member} names no ${collection} item: ${JSON.stringify(value)}.`,
    );
    // The refusal points at the member (an error shape's `fields`, `source.pointer`).
    refused.pointer = `/${member}`;
    return refused;
  }
  return undefined;
}

/** The values a new item copies from the items its body names, as they stand now. */
export function copiedFromNamed(
  references: readonly MemberReference[] | undefined,
  all: ReadonlyMap<string, Collection>,
  body: unknown,
): Record<string, unknown> {
  const copied: Record<string, unknown> = {};
  for (const { member, collection, copies } of references ?? []) {
    const value = (body as Record<string, unknown> | null | undefined)?.[member];
    if (!copies || (typeof value !== 'string' && typeof value !== 'number')) continue;
    const source = namedItem(all, collection, String(value));
    for (const { member: name, from } of copies) if (source && source[from] !== undefined) copied[name] = source[from];
  }
  return copied;
}

/** Where a member's default is the parent's ("`priority` defaults to the project's
 * `defaultPriority`"): the parent's collection, the path parameter naming it, and the members. */
export interface ParentDefaulted {
  readonly parentPath: string;
  readonly parameter: string;
  readonly members: readonly { readonly member: string; readonly parentMember: string }[];
}

/** The values a new item takes from its parent for the members its creation left out. */
export function fromParent(
  defaults: ParentDefaulted | undefined,
  all: ReadonlyMap<string, Collection>,
  params: Readonly<Record<string, string>>,
  sent: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const id = defaults && params[defaults.parameter];
  if (!defaults || id === undefined) return {};
  const parent = collectionAt(all as Map<string, Collection>, defaults.parentPath, params).find(id);
  const taken: Record<string, unknown> = {};
  for (const { member, parentMember } of defaults.members)
    if (!Object.hasOwn(sent, member) && parent?.[parentMember] !== undefined) taken[member] = parent[parentMember];
  return taken;
}

/** The values a new item takes from the items its body names for the members it left out
 * ("`unitPriceCents` defaults to the part's current `unitPriceCents`"). */
export function fromNamed(
  defaults: readonly ReferenceDefault[] | undefined,
  all: ReadonlyMap<string, Collection>,
  sent: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const taken: Record<string, unknown> = {};
  for (const { member, via, collection, otherMember } of defaults ?? []) {
    const id = sent[via];
    if (Object.hasOwn(sent, member) || id === undefined || id === null) continue;
    const named = all.get(collection)?.find(String(id));
    if (named?.[otherMember] !== undefined) taken[member] = named[otherMember];
  }
  return taken;
}
