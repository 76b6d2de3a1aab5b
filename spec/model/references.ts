// Members that name an item of another resource: `categoryId`, `owner_id`, `petIds` by the resource's
// name, and `sku` or `warehouseKey` by the name the resource's read path gives its item
// (/products/{sku}, /warehouses/{key}). One reading for the runner (it fills them from lists, and
// takes a refusal of a made-up one for right) and the mock (it refuses one that names nothing).
import { escapeRegExp } from '../json/text.js';
import { propertiesOfAnyForm } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { plainWord, resourceName } from './resource-names.js';

export { resourceName };

/** Members named like a list of or one reference by the resource's name: categoryId, owner_ids. */
export const REFERENCE = /^(.+?)(?:_ids?|Ids?|IDs?|-ids?)$/;

/** Id names so common that a member so named is more likely the item's own (`key`, `name`) than a
 * reference to another resource keyed by it. */
const GENERIC_ID_NAMES = new Set(['id', 'key', 'name', 'slug', 'number', 'code', 'uuid', 'handle', 'ref']);

/** The resource a member names by the resource's name (categoryId → category), if any. */
export function referencedName(member: string): string | undefined {
  const prefix = REFERENCE.exec(member)?.[1];
  return prefix === undefined ? undefined : resourceName(prefix);
}

/** Whether a member names an item of a resource by the name its path gives the item (`sku` where
 * /products/{sku} is read, `warehouseKey` or `warehouse_key` where /warehouses/{key} is). */
export function namesByIdName(member: string, resource: string, idName: string): boolean {
  if (member === idName && !GENERIC_ID_NAMES.has(plainWord(idName))) return true;
  if (REFERENCE.test(member)) return false;
  const named = `${resource}${plainWord(idName)}`;
  const tails = memberTails(member);
  // A list of them (`photoNumbers`) names several.
  return tails.includes(named) || tails.includes(`${named}s`);
}

const tailsOf = new Map<string, readonly string[]>();

/** The member's name as a plain word, and without its first word: one word before the id's name
 * says which one (an album's `coverPhotoNumber`, `cover_photo_number`). Read once per name. */
function memberTails(member: string): readonly string[] {
  let tails = tailsOf.get(member);
  if (!tails) {
    const words = member.replace(/([a-z0-9])([A-Z])/g, '$1_$2').split(/[-_]+/);
    tails = [plainWord(words.join('')), ...(words.length > 1 ? [plainWord(words.slice(1).join(''))] : [])];
    tailsOf.set(member, tails);
  }
  return tails;
}

/** The resource word of a collection: its path's last literal segment (/shops/{id}/orders: order). */
const resources = new WeakMap<CollectionSpec, string>();

export function collectionResource(collection: CollectionSpec): string {
  let resource = resources.get(collection);
  if (resource === undefined) {
    resource = resourceName(
      collection.path
        .split('/')
        .filter((segment) => segment !== '' && !segment.startsWith('{'))
        .at(-1) ?? '',
    );
    resources.set(collection, resource);
  }
  return resource;
}

/** The collection (other than `own`) whose items the member names, if any: one that lists them, or
 * one that makes and reads them. */
export function referencedCollection(
  member: string,
  collections: readonly CollectionSpec[],
  own?: CollectionSpec,
): CollectionSpec | undefined {
  const name = referencedName(member);
  // A collection without a list still holds what its creation made and its read finds (products
  // keyed by a client's `sku`): a reference may name those.
  const listed = (c: CollectionSpec) =>
    c !== own && (c.list !== undefined || (c.create !== undefined && c.read !== undefined));
  return (
    collections.find(
      (c) =>
        listed(c) &&
        (name === undefined
          ? namesByIdName(member, collectionResource(c), c.idProperty)
          : collectionResource(c) === name),
    ) ??
    // Words before the resource's name say which one: `assignedTechnicianId`, `parent_category_id`.
    (name === undefined ? undefined : byLastWords(member, collections, listed)) ??
    namedByWords(member, collections, own)
  );
}

/** The resource names a reference's last words give, its first words left off one by one
 * (assignedTechnicianId: technician). */
function lastWordNames(member: string): string[] {
  const prefix = REFERENCE.exec(member)?.[1];
  if (prefix === undefined) return [];
  const words = prefix
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .split(/[-_]+/)
    .filter(Boolean);
  return words.slice(1).map((_, first) => resourceName(words.slice(first + 1).join('_')));
}

/** Whether a member names an item of the resource by its name, whole or by its last words
 * (`technicianId`, `assignedTechnicianId` for technician). */
export function namesResource(member: string, resource: string): boolean {
  return referencedName(member) === resource || lastWordNames(member).includes(resource);
}

/** The collection the reference's last words name, its first words left off (assignedTechnicianId:
 * technician), where exactly one does. */
function byLastWords(
  member: string,
  collections: readonly CollectionSpec[],
  listed: (c: CollectionSpec) => boolean,
): CollectionSpec | undefined {
  for (const name of lastWordNames(member)) {
    const found = collections.filter((c) => listed(c) && collectionResource(c) === name);
    if (found.length === 1) return found[0];
  }
  return undefined;
}

/** The member's own words, where the item's creation or answer describes it. */
function wordsOf(own: CollectionSpec, member: string): string | undefined {
  const request = own.create?.operation.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  for (const schema of [request, own.create?.item.schema, own.read?.item.schema]) {
    // Any form's: a union body (a part or a labour line) describes its members in its variants.
    const description = (propertiesOfAnyForm(schema)[member] as { description?: unknown } | undefined)?.description;
    if (typeof description === 'string') return description;
  }
  return undefined;
}

/** A member whose words name another collection's list by its path: "A `team_key` from `GET /teams`"
 * (`owner_team`, named neither by the resource nor by its id's name), or its items by their id:
 * "Login of an existing user." (`assignee`), "the user's login". */
function namedByWords(
  member: string,
  collections: readonly CollectionSpec[],
  own: CollectionSpec | undefined,
): CollectionSpec | undefined {
  const words = own && wordsOf(own, member);
  const listed = collections.filter((c) => c !== own && c.list !== undefined);
  const paths = words ? listPathsIn(words) : [];
  return (
    (words ? (listed.find((c) => paths.includes(c.path)) ?? listed.find((c) => namesItsId(words, c))) : undefined) ??
    namedInCreationWords(member, own, listed)
  );
}

/** Words that make a member a name of another item: "must name someone", "one of", "an existing". */
const NAMING_WORDS = /\b(?:names?|naming|refers?|points?|one of|existing|known|on the|listed)\b/i;

/** The collection the creation's words say the member names: "`assigneeId`, when not null, must
 * name an existing agent" (a member named neither by the resource nor by its id's name), where
 * exactly one listed collection fits. */
function namedInCreationWords(
  member: string,
  own: CollectionSpec | undefined,
  listed: readonly CollectionSpec[],
): CollectionSpec | undefined {
  const create = own?.create?.operation;
  const text = create ? `${create.summary ?? ''}. ${create.description ?? ''}`.replace(/`/g, '') : '';
  if (!text.includes(member)) return undefined;
  // "`authorId` must name someone on the team roster (see `GET /members`)": the list its sentence
  // points at, where it names one.
  const naming = new RegExp(`\\b${escapeRegExp(member)}\\b`);
  const pointed = text
    .split(/(?<=[.;])\s+/)
    .filter((sentence) => naming.test(sentence) && NAMING_WORDS.test(sentence))
    .flatMap((sentence) => [...sentence.matchAll(/\b(?:GET|see)\s+(\/[\w\-/{}]+)/g)].map((match) => match[1]));
  const byPath = listed.filter((c) => pointed.includes(c.path));
  if (byPath.length === 1) return byPath[0];
  const fits = listed.filter((c) =>
    new RegExp(
      `\\b${escapeRegExp(member)}\\b[^.;]{0,60}?\\b(?:names?|refers?\\s+to|points?\\s+(?:at|to)|identif(?:y|ies))\\s+(?:an?|the|one)\\s+(?:existing\\s+|known\\s+|active\\s+|live\\s+)?(?:${resourceWordPattern(c)})s?\\b`,
      'i',
    ).test(text),
  );
  return fits.length === 1 ? fits[0] : undefined;
}

/** Whether the words name an item of the collection by its id: "login of an existing user". */
function namesItsId(words: string, collection: CollectionSpec): boolean {
  return wordsNameItemId(words, resourceWordPattern(collection), collection.idProperty);
}

/** The pattern of the words that name an item by its id, built once per noun and id: a document
 * asks it of every member's words against every collection. */
const itemIdPatterns = new Map<string, RegExp>();

/** Whether the words name an item by its id: "login of an existing user", "the user's login" (the
 * noun a pattern, the id as its schema names it). */
export function wordsNameItemId(words: string, noun: string, id: string): boolean {
  const key = `${noun}\u0000${id}`;
  let pattern = itemIdPatterns.get(key);
  if (!pattern) {
    const name = escapeRegExp(id);
    pattern = new RegExp(
      `\\b${name}\`?\\s+of\\s+(?:an?|the|one)\\s+(?:existing\\s+|known\\s+|listed\\s+)?${noun}s?\\b|\\b${noun}'s\\s+\`?${name}\\b`,
      'i',
    );
    itemIdPatterns.set(key, pattern);
  }
  return pattern.test(words);
}

/** The paths a member's words take its value from: "A `team_key` from `GET /teams`" → /teams. */
export const listPathsIn = (words: string): string[] =>
  [...words.matchAll(/\b(?:from|in|of|by|see|listed\s+(?:by|at|in))\s+`?(?:GET\s+)?(\/[\w\-/{}]+)`?/gi)].map((match) =>
    match[1]!.replace(/\/$/, ''),
  );

/** Each collection's word pattern, built once: every member's words are matched against it. */
const wordPatterns = new WeakMap<CollectionSpec, string>();

/** The words prose names a collection's items by, as a pattern: "event" for /events; "purchase
 * order", "purchase-order" or plain "order" for /purchase-orders (the last word alone is how a
 * sentence about one speaks of it). */
export function resourceWordPattern(collection: CollectionSpec): string {
  let pattern = wordPatterns.get(collection);
  if (pattern === undefined) {
    pattern = wordPatternOf(collection);
    wordPatterns.set(collection, pattern);
  }
  return pattern;
}

function wordPatternOf(collection: CollectionSpec): string {
  const segment =
    collection.path
      .split('/')
      .filter((part) => part !== '' && !part.startsWith('{'))
      .at(-1) ?? '';
  const words = segment
    .split(/[-_\s]+|(?<=[a-z])(?=[A-Z])/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase().replace(/[^a-z0-9]/g, ''));
  if (words.length === 0) return collectionResource(collection);
  const last = resourceName(words.at(-1)!);
  if (words.length === 1) return last;
  return `(?:${[...words.slice(0, -1), last].join('[-_ ]?')}|${last})`;
}

/** The members of a body that carry an item path's values, by parameter: the member of the
 * parameter's own name, else one naming the collection whose items the parameter names (a
 * reservation's `propertyCode` carries the `code` of /properties/{code}/rooms/{roomNo}). Undefined
 * where some parameter has no such member. */
export function pathMembersOf(
  itemPath: string,
  members: readonly string[],
  collections: readonly CollectionSpec[],
  own?: CollectionSpec,
): Record<string, string> | undefined {
  const carried: Record<string, string> = {};
  const names = [...itemPath.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  // The item's own value in a member naming it by its path's name (a loan's `copyNumber` for
  // /branches/{branchId}/copies/{number}).
  const self = collections.find((collection) => collection.read?.operation.path === itemPath);
  const namesSelf = (candidate: string, name: string) =>
    self !== undefined && name === names.at(-1) && namesByIdName(candidate, collectionResource(self), name);
  // The collection above whose item a path value names, listed or not (a branch made by the client
  // and read by its `code`, named by a loan's `branchCode`).
  const above = (name: string) =>
    collections.find(
      (collection) =>
        collection !== self &&
        collection.read?.parameter === name &&
        itemPath.startsWith(`${collection.path}/{${name}}`),
    );
  for (const name of names) {
    const holder = above(name);
    const member =
      members.find((candidate) => candidate === name) ??
      members.find((candidate) => {
        const named = referencedCollection(candidate, collections, own);
        return named !== undefined && named.read?.parameter === name && itemPath.startsWith(`${named.path}/{${name}}`);
      }) ??
      members.find((candidate) => holder !== undefined && namesByIdName(candidate, collectionResource(holder), name)) ??
      members.find((candidate) => namesSelf(candidate, name));
    if (member === undefined) return undefined;
    carried[name!] = member;
  }
  return carried;
}

/** Nested collections (item path of two or more parameters) whose item path values `members`
 * carry together, other than `own`: the collection, its path's parameter names, and the member
 * carrying each (a loan's `isbn` and `copyNumber` for /books/{isbn}/copies/{copyNumber}). */
export function nestedItemsCarried(
  members: readonly string[],
  collections: readonly CollectionSpec[],
  own: CollectionSpec,
): { other: CollectionSpec; names: string[]; carried: Record<string, string> }[] {
  return collections.flatMap((other) => {
    const itemPath = other.read?.operation.path;
    const names = itemPath ? [...itemPath.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!) : [];
    if (other === own || names.length < 2 || !itemPath) return [];
    // Each path value in a member: of its own name, or one naming the parent (`propertyCode`).
    const carried = pathMembersOf(itemPath, members, collections, own);
    return carried ? [{ other, names, carried }] : [];
  });
}

/** The members among `members` that name a nested collection's item together with others (a loan's
 * `branchId` and `copyNumber`): every member nestedItemsCarried finds carrying a path value. */
export function pairedMembersOf(
  members: readonly string[],
  collections: readonly CollectionSpec[],
  own: CollectionSpec,
): Set<string> {
  return new Set(nestedItemsCarried(members, collections, own).flatMap(({ carried }) => Object.values(carried)));
}
