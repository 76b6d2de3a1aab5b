// Members of a request that name an item of another resource (`categoryId`, `owner_id`, `petIds`):
// a random value there names an item that exists nowhere, and a service may rightly refuse it. Only
// names of resources the document itself has paths for count (categoryId where there is
// /categories), so an ordinary field is never taken for a reference.
import {
  apiModelOf,
  type CollectionSpec,
  type Contract,
  escapeRegExp,
  type JsonSchema,
  listPathsIn,
  namesByIdName,
  type Operation,
  plainWord,
  propertiesOf,
  referencedCollection,
  referencedName,
  resourceName,
  variantPropertiesOf,
  wordsNameItemId,
} from '../../spec/index.js';
import { asObject } from '../judge/json-body.js';
import type { TestCase } from '../model.js';

const resourcesByContract = new WeakMap<Contract, ReadonlySet<string>>();
const idNamesByContract = new WeakMap<Contract, ReadonlyMap<string, string>>();

/** Each resource's item parameter as its read path names it (/products/{sku}: product → sku). */
function idNamesOf(contract: Contract): ReadonlyMap<string, string> {
  let names = idNamesByContract.get(contract);
  if (!names) {
    const found = new Map<string, string>();
    for (const operation of contract.operations) {
      const match = /\/([^/{}]+)\/\{([^}]+)\}$/.exec(operation.path);
      if (operation.method === 'GET' && match) found.set(resourceName(match[1]!), match[2]!);
    }
    idNamesByContract.set(contract, (names = found));
  }
  return names;
}

/** The resources of every literal path segment of the document. */
function resourcesOf(contract: Contract): ReadonlySet<string> {
  let names = resourcesByContract.get(contract);
  if (!names) {
    names = new Set(
      contract.operations.flatMap((operation) => operation.path.split('/').filter(isLiteral).map(resourceName)),
    );
    resourcesByContract.set(contract, names);
  }
  return names;
}

/** The paths the document lists with a GET. */
function listedPathsOf(contract: Contract): ReadonlySet<string> {
  let paths = listedByContract.get(contract);
  if (!paths) {
    paths = new Set(contract.operations.filter((operation) => operation.method === 'GET').map(({ path }) => path));
    listedByContract.set(contract, paths);
  }
  return paths;
}
const listedByContract = new WeakMap<Contract, ReadonlySet<string>>();

const isLiteral = (segment: string): boolean => segment !== '' && !segment.startsWith('{');

/** The first member of the case's JSON body or query that names another resource's item (one the
 * run filled with an id it saw listed aside). */
export function referenceIn(contract: Contract, testCase: TestCase): string | undefined {
  return referencesIn(contract, testCase)[0];
}

/** Every member of the case's JSON body or query that names another resource's item, body first. */
export function referencesIn(contract: Contract, testCase: TestCase): string[] {
  const names = resourcesOf(contract);
  const idNames = idNamesOf(contract);
  const ownResource = resourceName(testCase.operation.path.split('/').filter(isLiteral).at(-1) ?? '');
  const listed = listedPathsOf(contract);
  const schema = testCase.operation.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  const described = propertiesOf(schema);
  const operationWords = `${testCase.operation.summary ?? ''}. ${testCase.operation.description ?? ''}`.replace(
    /`/g,
    '',
  );
  // The model's own reading first (references.ts in spec/model): a member its creation's words tie
  // to a list ("`authorId` must name someone on the team roster (see `GET /members`)").
  const model = apiModelOf(contract);
  const own = model.collections.find((c) =>
    [c.create, c.update, c.replace].some((role) => role?.operation === testCase.operation),
  );
  const isReference = (member: string): boolean => {
    if (testCase.knownReferences?.includes(member)) return false;
    if (own && referencedCollection(member, model.collections, own) !== undefined) return true;
    const name = referencedName(member);
    if (name !== undefined && names.has(name)) return true;
    // Another item of its own kind: `parent_number` where pages are read by {number}, `parentId`.
    const parent = /^parent[-_]?(.+)$/i.exec(member)?.[1];
    const ownId = idNames.get(ownResource);
    if (parent !== undefined && [ownId, 'id'].some((id) => id !== undefined && plainWord(id) === plainWord(parent)))
      return true;
    // The operation's words say what it names ("`assigneeId`, when not null, must name an existing
    // agent").
    if (namedInWords(member, operationWords, names)) return true;
    // Its words take it from a list the document has ("A `team_key` from `GET /teams`").
    const words = (described[member] as { description?: unknown } | undefined)?.description;
    if (typeof words === 'string' && listPathsIn(words).some((path) => listed.has(path))) return true;
    // Or names another resource's item by its id ("Login of an existing user.").
    return [...idNames].some(
      ([resource, idName]) =>
        resource !== ownResource &&
        (namesByIdName(member, resource, idName) ||
          (typeof words === 'string' && wordsNameItemId(words, escapeRegExp(resource), idName))),
    );
  };
  const body = (testCase.payload?.kind === 'json' ? asObject(testCase.payload.value) : undefined) ?? {};
  const found = Object.keys(body).filter(isReference);
  // Entries of a list that name items (an order's lines naming ticket types by code).
  const itemIdNames = new Set(idNames.values());
  for (const [array, entries] of Object.entries(body)) {
    if (!Array.isArray(entries)) continue;
    const members = [...new Set(entries.flatMap((entry) => Object.keys(asObject(entry) ?? {})))];
    const filled = members.filter((member) => testCase.knownReferences?.includes(`${array}[].${member}`));
    // Beside a member the run filled from a list, one naming an item by the id its read path takes
    // (an episode's `number` within the show the entry names): the pair may name nothing.
    const inner =
      filled.length > 0
        ? members.find((member) => !filled.includes(member) && itemIdNames.has(member))
        : members.find(isReference);
    if (inner !== undefined) found.push(`${array}[].${inner}`);
  }
  for (const placed of testCase.parameters ?? [])
    if (placed.in === 'query' && isReference(placed.name)) found.push(placed.name);
  return found;
}

/** Members of the operation's request body that name an item of another collection the run can
 * list, with that collection: where ids that exist can be read. */
export function referencedCollections(
  operation: Operation,
  collections: readonly CollectionSpec[],
): Map<string, CollectionSpec> {
  const schema = operation.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  const found = new Map<string, CollectionSpec>();
  // The collection the operation makes or changes: its creation's words say what its members name.
  const own = collections.find((c) => [c.create, c.replace, c.update].some((role) => role?.operation === operation));
  // A union's members too (a part line's `sku`): a body holds only its own variant's.
  // A member named like a path parameter holds the path's value (a PUT's isbn under /books/{isbn}):
  // the item's own key, not a reference to fill from a list.
  const inPath = new Set(operation.parameters.flatMap((p) => (p.in === 'path' ? [p.name] : [])));
  for (const member of Object.keys({ ...variantPropertiesOf(schema, false), ...propertiesOf(schema) })) {
    if (inPath.has(member)) continue;
    const collection = referencedCollection(member, collections, own);
    if (collection) found.set(member, collection);
  }
  return found;
}

/** Members of a list's entries in the operation's request body that name an item of another
 * listed collection (`lines[].ticketTypeCode` where /events/{eventId}/ticket-types keys them by
 * `code`). */
export function nestedReferences(
  operation: Operation,
  collections: readonly CollectionSpec[],
): { array: string; member: string; collection: CollectionSpec }[] {
  const schema = operation.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  const own = collections.find((c) => c.create?.operation === operation);
  const found: { array: string; member: string; collection: CollectionSpec }[] = [];
  for (const [array, property] of Object.entries(propertiesOf(schema))) {
    const items = (property as { type?: unknown; items?: unknown }).items;
    if (!items || typeof items !== 'object') continue;
    for (const member of Object.keys(propertiesOf(items as JsonSchema))) {
      const collection = referencedCollection(member, collections, own);
      if (collection) found.push({ array, member, collection });
    }
  }
  return found;
}

/** Whether a text names a member as a word ("vetId is a number" names vetId). */
export const namesMember = (text: string, member: string): boolean =>
  new RegExp(`(^|[^\\w])${member.replace(/[^\w]/g, '\\$&')}($|[^\\w])`).test(text);

/** Whether an invalid case is about this member (its mutation's label names it). */
export function breaks(testCase: TestCase, member: string): boolean {
  return testCase.mutation !== undefined && namesMember(testCase.mutation, member);
}

/** A list's entries each naming another listed item in `member` (an order's lines, one ticket type
 * each): as many entries as there are distinct items, where there were more. */
export function withEntriesNaming(
  sent: unknown,
  member: string,
  ids: readonly unknown[],
  nth: number,
): unknown[] | undefined {
  if (!Array.isArray(sent) || sent.length === 0) return undefined;
  const first = asObject(sent[0]);
  if (!first || !Object.hasOwn(first, member)) return undefined;
  const usable = ids.filter((id) => typeof id === typeof first[member]);
  if (usable.length === 0) return undefined;
  return sent
    .slice(0, usable.length)
    .map((entry, index) => ({ ...asObject(entry), [member]: usable[(nth + index) % usable.length] }));
}

/** The case with each reference member set to an id its collection listed, where the kinds agree
 * (an integer for an integer): valid input that names items which exist. */
export function withKnownReferences(testCase: TestCase, ids: ReadonlyMap<string, unknown>): TestCase {
  const payload = testCase.payload;
  const sentBody = payload?.kind === 'json' ? asObject(payload.value) : undefined;
  if (!sentBody) return testCase;
  const value = { ...sentBody };
  const filled: string[] = [];
  for (const [member, id] of ids) {
    const [, array, inner] = /^(.+)\[\]\.(.+)$/.exec(member) ?? [];
    if (array !== undefined && inner !== undefined) {
      const entries = breaks(testCase, array) ? undefined : withEntriesNaming(value[array], inner, [id], 0);
      if (entries) {
        value[array] = entries;
        filled.push(member);
      }
      continue;
    }
    const sent = value[member];
    // An invalid case keeps the member its mutation broke.
    if (!Object.hasOwn(value, member) || breaks(testCase, member)) continue;
    // A list of references (`tagIds`) names the one listed item.
    if (Array.isArray(sent) && sent.length > 0 && typeof sent[0] === typeof id) {
      value[member] = [id];
      filled.push(member);
      continue;
    }
    if (typeof sent !== typeof id) continue;
    if (typeof sent === 'number' && Number.isInteger(sent) !== Number.isInteger(id)) continue;
    value[member] = id;
    filled.push(member);
  }
  if (filled.length === 0) return testCase;
  return {
    ...testCase,
    payload: { kind: 'json', value },
    label: `${testCase.label} (${filled.join(', ')} of a listed item)`,
    knownReferences: filled,
  };
}

/** A plan with its plain valid cases, those sending service-assigned values and its invalid bodies
 * naming listed items, so only what the case is about can be refused: an invalid body with a
 * made-up vetId is refused for the vet, and its own fault goes unseen. */
export function withReferences<P extends { readonly probe?: TestCase; readonly cases: readonly TestCase[] }>(
  plan: P,
  ids: ReadonlyMap<string, unknown>,
): P {
  if (ids.size === 0) return plan;
  const fill = (testCase: TestCase) =>
    testCase.plain || testCase.assigned || (testCase.kind === 'negative' && testCase.mutation)
      ? withKnownReferences(testCase, ids)
      : testCase;
  return { ...plan, ...(plan.probe ? { probe: fill(plan.probe) } : {}), cases: plan.cases.map(fill) };
}

/** Whether the words say the member names an item of a resource the document has: "`assigneeId`,
 * when not null, must name an existing agent". */
function namedInWords(member: string, words: string, resources: ReadonlySet<string>): boolean {
  if (!words.includes(member)) return false;
  const said = new RegExp(
    `\\b${escapeRegExp(member)}\\b[^.;]{0,60}?\\b(?:names?|refers?\\s+to|points?\\s+(?:at|to))\\s+(?:an?|the|one)\\s+(?:existing\\s+|known\\s+|active\\s+|live\\s+)?([a-z][\\w-]*)`,
    'i',
  ).exec(words);
  return said !== null && resources.has(resourceName(said[1]!));
}
