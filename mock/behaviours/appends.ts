// Which POSTs below an item add an entry to one of its lists and answer the item (POST
// /carts/{cartId}/lines answers the Cart), and what the entry takes from the items it names (a
// product's `unitPrice` for its `sku`); append-answers.ts answers them.
import {
  type CollectionSpec,
  isJsonMediaType,
  mergeAllOf,
  type Operation,
  type ParentLock,
  propertiesOf,
  referencedCollection,
  sameSchema,
  uniqueEntriesOf,
} from '../../spec/core.js';
import { type AppendBehaviour, answerHeaders, type Behaviour, type EntryReference } from './behaviour-types.js';
import type { EntryBehaviour } from './entry-types.js';
import { stateLockOf } from './said-rules.js';

type Schema = Record<string, unknown>;
const asSchema = (value: unknown): Schema | undefined =>
  typeof value === 'object' && value !== null ? mergeAllOf(value as Schema) : undefined;
const loose = (word: string) => word.toLowerCase().replace(/[-_]/g, '');

/** The appends among a collection's POSTs below its items. */
export function appendsOf(
  operations: readonly Operation[],
  collections: readonly CollectionSpec[],
  bound: ReadonlyMap<Operation, Behaviour>,
): Map<Operation, AppendBehaviour> {
  const appends = new Map<Operation, AppendBehaviour>();
  for (const collection of collections) {
    const read = collection.read;
    if (!read || read.item.member !== undefined) continue;
    const lists = Object.entries(propertiesOf(read.item.schema)).filter(
      ([, schema]) => asSchema(schema)?.type === 'array',
    );
    for (const operation of operations) {
      if (operation.method !== 'POST' || bound.has(operation) || operation.unspecified) continue;
      const [, segment] = /^\/([^/{}]+)$/.exec(operation.path.slice(read.operation.path.length)) ?? [];
      if (!segment || !operation.path.startsWith(`${read.operation.path}/`)) continue;
      // A new entry's status where both are documented (201; 200 merges into one held).
      const success =
        operation.responses.find((r) => r.status === '201') ?? operation.responses.find((r) => r.status === '200');
      const merged = success?.status === '201' && operation.responses.some((r) => r.status === '200');
      const media = success?.content.find((m) => isJsonMediaType(m.mediaType) && m.validator);
      if (!success || !media || !sameSchema(media.validator!.schema, read.success.schema)) continue;
      const list = lists.find(([name]) => loose(name) === loose(segment));
      const request = operation.requestBody?.content.find((m) => m.validator)?.validator?.schema;
      if (!list || !request) continue;
      const derived = derivedOf(asSchema(asSchema(list[1])?.items), request);
      const numbered = derived.find((name) => NUMBERING.test(name));
      const minted = mintedOf(asSchema(asSchema(list[1])?.items), request);
      appends.set(operation, {
        kind: 'append',
        collection: collection.path,
        parameter: read.parameter,
        member: list[0],
        status: Number(success.status),
        headers: answerHeaders({ mediaType: media.mediaType } as never),
        derived: derived,
        ...(numbered !== undefined ? { numbered } : {}),
        ...(minted.length > 0 ? { minted } : {}),
        entryMembers: Object.keys(propertiesOf(asSchema(asSchema(list[1])?.items))),
        ...mostEntriesOf(asSchema(list[1]), operation),
        references: referencesOf(request, asSchema(asSchema(list[1])?.items), collections, collection),
        unknownStatus:
          [422, 404, 409].find((status) => operation.responses.some((r) => r.status === String(status))) ?? 422,
        ...uniqueByOf(read.item.schema, list[0], merged),
        mergeRefusal:
          [422, 409, 400].find((status) => operation.responses.some((r) => r.status === String(status))) ?? 422,
      });
    }
  }
  return appends;
}

/** Names of a member that numbers an entry within its item: `lineNo`, `line_number`, `position`. */
const NUMBERING =
  /^(?:no|nr|num|number|seq|position|index)$|[a-z0-9](?:No|Nr|Num|Number|Seq|Position|Index)$|_(?:no|nr|num|number|seq|position|index)$/;

/** The entry's required numbers that the request does not take. */
function derivedOf(entry: Schema | undefined, request: unknown): string[] {
  const sent = propertiesOf(request as Schema);
  const required = Array.isArray(entry?.required) ? (entry.required as string[]) : [];
  const members = propertiesOf(entry);
  return required.filter((name) => {
    const type = asSchema(members[name])?.type;
    return !Object.hasOwn(sent, name) && (type === 'integer' || type === 'number');
  });
}

/** The list's `maxItems` and the refusal of an entry past it: 422, 409 or 400, as documented. */
function mostEntriesOf(list: Schema | undefined, operation: Operation): Pick<AppendBehaviour, 'mostEntries'> {
  const count = list?.maxItems;
  if (typeof count !== 'number') return {};
  const status = [422, 409, 400].find((code) => operation.responses.some((r) => r.status === String(code))) ?? 422;
  return { mostEntries: { count, status } };
}

/** The entry's required strings that the request does not take (a line's `id`). */
function mintedOf(entry: Schema | undefined, request: unknown): { name: string; schema: Schema }[] {
  const sent = propertiesOf(request as Schema);
  const required = Array.isArray(entry?.required) ? (entry.required as string[]) : [];
  const members = propertiesOf(entry);
  return required.flatMap((name) => {
    const schema = asSchema(members[name]);
    const type = [schema?.type].flat();
    return !Object.hasOwn(sent, name) && schema && type.includes('string') && schema.enum === undefined
      ? [{ name, schema }]
      : [];
  });
}

/** The entry member the item's words keep its list one entry per, and the status of a merge. */
function uniqueByOf(
  item: unknown,
  member: string,
  merged: boolean,
): Pick<AppendBehaviour, 'uniqueBy' | 'mergedStatus' | 'mergeMaxima'> {
  const rule = uniqueEntriesOf(item).find((one) => one.member === member);
  if (!rule) return {};
  // A merge past an entry member's maximum (a line's 20 units) is refused, not kept.
  const entry = asSchema(asSchema(propertiesOf(item as Schema)[member])?.items);
  const maxima = Object.fromEntries(
    Object.entries(propertiesOf(entry)).flatMap(([name, schema]) => {
      const maximum = mergeAllOf(schema as Schema).maximum;
      return typeof maximum === 'number' ? [[name, maximum]] : [];
    }),
  );
  return { uniqueBy: rule.key, ...(merged ? { mergedStatus: 200 } : {}), mergeMaxima: maxima };
}

/** The plain name of a per-unit member (`unitPrice`, `unit_price_cents`: `price`, `price_cents`). */
function perUnitOf(name: string): string | undefined {
  const plain = name.replace(/^unit_?/i, '');
  return plain === name || plain === '' ? undefined : plain.charAt(0).toLowerCase() + plain.slice(1);
}

/** The request's members that name another collection's items, with what the entry copies from them. */
function referencesOf(
  request: unknown,
  entry: Schema | undefined,
  collections: readonly CollectionSpec[],
  own: CollectionSpec,
): EntryReference[] {
  const sent = Object.keys(propertiesOf(request as Schema));
  const entryMembers = Object.keys(propertiesOf(entry));
  return sent.flatMap((member) => {
    const named = referencedCollection(member, collections, own);
    if (!named || named.path.includes('{')) return [];
    const itemMembers = new Set(Object.keys(propertiesOf(named.read?.item.schema ?? named.list?.items.schema)));
    const copies = entryMembers.flatMap((to) => {
      const from = [to, perUnitOf(to)].find((name) => name !== undefined && itemMembers.has(name));
      return !sent.includes(to) && from ? [{ to, from }] : [];
    });
    return [{ member, collection: named.path, copies }];
  });
}

/** The changes and removals of one entry among the operations below an item's list that an append
 * adds to (PATCH or DELETE /carts/{cartId}/lines/{lineNo}): the entry named by the member its
 * parameter matches (its own name, else the entry's number). */
export function entryChangesOf(
  operations: readonly Operation[],
  appends: ReadonlyMap<Operation, AppendBehaviour>,
  collections: readonly CollectionSpec[],
  bound: ReadonlyMap<Operation, Behaviour>,
): Map<Operation, EntryBehaviour> {
  const changes = new Map<Operation, EntryBehaviour>();
  for (const [post, append] of appends) {
    const read = collections.find((c) => c.path === append.collection)?.read;
    const entry = asSchema(asSchema(propertiesOf(read?.item.schema)[append.member])?.items);
    for (const operation of operations) {
      if (bound.has(operation) || operation.unspecified || !/^(?:PATCH|PUT|DELETE)$/.test(operation.method)) continue;
      const [, parameter] = /^\/\{([^/{}]+)\}$/.exec(operation.path.slice(post.path.length)) ?? [];
      if (!parameter || !read || !operation.path.startsWith(`${post.path}/`)) continue;
      const members = Object.keys(propertiesOf(entry));
      const key =
        members.find((name) => name === parameter) ?? ownMemberOf(parameter, append.member, members) ?? append.numbered;
      const success = operation.responses.find((r) => /^2\d\d$/.test(r.status));
      if (!key || !success) continue;
      const media = success.content.find((m) => isJsonMediaType(m.mediaType) && m.validator);
      const answersItem = media !== undefined && sameSchema(media.validator!.schema, read.success.schema);
      if (!answersItem && success.content.length > 0) continue;
      const { kind: _kind, ...shared } = append;
      changes.set(operation, {
        ...shared,
        kind: 'entry',
        method: operation.method as EntryBehaviour['method'],
        entryParameter: parameter,
        key,
        answersItem,
        status: Number(success.status),
        headers: answersItem ? answerHeaders({ mediaType: media!.mediaType } as never) : {},
      });
    }
  }
  return changes;
}

/** The entry member a parameter names by the entry's word ("lineId" names a line's `id`, "line_no"
 * its `no`): the parameter without the singular of the list's name. */
function ownMemberOf(parameter: string, list: string, members: readonly string[]): string | undefined {
  const word = loose(list).replace(/(?:ie)?s$/, (ending) => (ending === 'ies' ? 'y' : ''));
  const loosened = loose(parameter);
  if (!loosened.startsWith(word) || loosened === word) return undefined;
  const rest = loosened.slice(word.length);
  return members.find((name) => loose(name) === rest);
}

/** Binds the appends, the changes and removals of their entries, and gives each creation of the
 * same collection the append's shape for the list its body may send (a cart made with lines). */
export function bindAppends(
  operations: readonly Operation[],
  collections: readonly CollectionSpec[],
  behaviours: Map<Operation, Behaviour>,
  locks: readonly ParentLock[] = [],
): void {
  const appends = appendsOf(operations, collections, behaviours);
  // The item's own locks on its entries ("Lines can only be changed while the cart is `open`").
  const locked = (operation: Operation) => stateLockOf(locks, operation);
  for (const [operation, entry] of entryChangesOf(operations, appends, collections, behaviours))
    behaviours.set(operation, { ...entry, ...locked(operation) });
  for (const [operation, append] of appends) {
    behaviours.set(operation, { ...append, ...locked(operation) });
    const create = collections.find((c) => c.path === append.collection)?.create?.operation;
    const made = create && behaviours.get(create);
    if (made?.kind === 'create')
      behaviours.set(create!, { ...made, entryShapes: [...(made.entryShapes ?? []), append] });
  }
}
