// Counts an item keeps of the items naming it that are in some states, as the words say: "Tickets of
// the event in `paid` orders", "`held` the number in `pending` orders", "`revenue` = the sum of
// `total` over its `paid` orders". Read from the member's own description, the description of the
// schema holding it, or a clause of the document's overview that begins with it. The runner makes
// such items, moves them by their actions and reads the count move by exactly what each one weighs.
import type { Contract, Operation } from '../contract/types.js';
import { escapeRegExp } from '../json/text.js';
import { propertiesOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { type CollectionSpec, jsonSuccess } from './collections.js';
import { membersWithEntries } from './reference-states.js';
import { collectionResource, referencedCollection, referencedName, resourceWordPattern } from './references.js';
import { statusMember } from './state-member.js';

export interface StateCount {
  /** The counting member: `ticketsSold`, `held`, `revenue`. */
  readonly member: string;
  /** A read of the item other than its own that holds the member (GET /events/{eventId}/summary). */
  readonly read?: Operation;
  /** The counted collection, the member holding its items' state and the states counted. */
  readonly collection: string;
  readonly stateMember: string;
  readonly states: readonly string[];
  /** The counted item's member naming this item (`eventId`, `lines[].ticketTypeCode`), and, for an
   * item under a parent, the member naming that parent (`eventId`). */
  readonly via: string;
  readonly parentVia?: string;
  /** What one counted item adds: 1 when absent, else a member's value (`total`) or the sum of its
   * entries' (`lines[].quantity`, over the entries naming this item where `via` is an entry's). */
  readonly weight?: string;
  readonly words: string;
  /** The counted items are below this one and name it by their path alone (`via`, `parentVia` are
   * path parameters, not members of theirs). */
  readonly viaPath?: true;
}

type Schema = Record<string, unknown>;

const isNumber = (schema: unknown): boolean => {
  const type = (schema as Schema | undefined)?.type;
  return ['integer', 'number'].some((kind) => type === kind || (Array.isArray(type) && type.includes(kind)));
};

const describe = (value: unknown): string | undefined => {
  const description = (value as Schema | undefined)?.description;
  return typeof description === 'string' ? description : undefined;
};

/** Clauses keeping their code marks: sentences, list entries, parts a ';' joins, and a comma's part
 * that begins with another member ("`sold` is …, `held` the number in `pending` orders"). */
const clausesOf = (text: string): string[] =>
  text
    .split(/(?<=[.;])\s+|\n\s*[*-]\s+|,\s+(?=`[\w-]+`\s)/)
    .map((clause) =>
      clause
        .replace(/\*\*|__/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((clause) => clause !== '');

/** "in `paid` orders", "over its `paid` or `refunded` orders": the states and the word after them. */
const IN_STATES =
  /\b(?:in|of|over|among|across|from)\s+(?:its\s+|the\s+|their\s+|all\s+)?((?:`[\w-]+`(?:\s*,\s*|\s+or\s+|\s+and\s+|\s*,\s*(?:or|and)\s+)?)+)(?=\s*([A-Za-z][\w-]*(?:[ -][A-Za-z][\w-]*)?))/g;
/** "loans whose `status` is `active`": the word before and the states after. */
const WHOSE_STATE =
  /\b([A-Za-z][\w-]*)\s+(?:whose|with(?:\s+a)?|that\s+(?:are|is))\s+(?:`?(?:status|state)`?\s+(?:is|=|of)\s+)?((?:`[\w-]+`(?:\s*,\s*|\s+or\s+|\s*,\s*or\s+)?)+)/g;
/** "bookings in status `held`", "orders in the state `paid` or `shipped`": the word before the states. */
const IN_STATUS =
  /\b([A-Za-z][\w-]*)\s+in\s+(?:the\s+)?(?:status|state)(?:es)?\s+((?:`[\w-]+`(?:\s*,\s*|\s+or\s+|\s*,\s*or\s+)?)+)/g;
/** "Tools whose `depotId` is this depot and whose status is `available`": the first word, the states
 * after the last "whose status is". */
const AND_WHOSE_STATE =
  /^(?:the\s+)?(?:(?:number|count)\s+of\s+(?:the\s+)?)?([A-Za-z][\w-]*)\s+(?:whose|that|with)\b[^.;]{0,80}?\bwhose\s+`?(?:status|state)`?\s+(?:is|=)\s+((?:`[\w-]+`(?:\s*,\s*|\s+or\s+|\s*,\s*or\s+)?)+)/gi;
const SUM_OF = /\bsum of\s+(?:the\s+|its\s+|their\s+)?`([\w-]+)`/i;
/** The counted thing named first: "Tickets of …", "the number of its tickets …", "Number of this
 * vehicle's rentals …". */
const COUNTED =
  /^(?:[\w-]+\s+(?:is|=|:)\s+)?(?:the\s+)?(?:(?:number|count|total)\s+of\s+(?:(?:its|the|all|this|that|each)\s+)?)?(?:[\w-]+'s\s+)?([A-Za-z][\w-]*)/i;
const QUANTITY = /^(?:quantity|qty|count|units?|seats?|tickets?|amount)$/i;

/** States written bare before the counted noun, right after "number of" ("Number of confirmed
 * registrations"), marked as code for the reading above. */
function bareStatesIn(clause: string, own: CollectionSpec, collections: readonly CollectionSpec[]) {
  return collections.flatMap((collection) => {
    const values = collection === own ? [] : (statusMember(collection)?.values.map(String) ?? []);
    if (values.length === 0) return [];
    const state = `(?:${values.map(escapeRegExp).join('|')})`;
    const pattern = new RegExp(
      `\\b(?:number|count)\\s+of\\s+(?:(?:the|its|their|all)\\s+)?(${state}(?:\\s*(?:,|\\bor\\b|\\band\\b)\\s*${state})*)\\s+(${resourceWordPattern(collection)}s?)\\b`,
      'i',
    );
    const match = pattern.exec(clause.replace(/`/g, ''));
    if (!match) return [];
    const states = match[1]!.split(/\s*(?:,|\bor\b|\band\b)\s*/).filter(Boolean);
    return [{ states: states.map((one) => `\`${one}\``).join(' or '), noun: match[2]! }];
  });
}

/** "tickets in status open or pending": the bare states after "in status" marked as code. */
const markedStates = (clause: string): string =>
  clause.replace(
    /\b(in\s+(?:the\s+)?(?:status|state)(?:es)?\s+)([\w-]+(?:\s*(?:,|\bor\b|\band\b)\s*[\w-]+)*)/gi,
    (_, lead: string, states: string) =>
      lead + states.replace(/[\w-]+/g, (word) => (/^(?:or|and)$/i.test(word) ? word : `\`${word}\``)),
  );

/** The counted collection and states a clause names, beside the item's own collection. */
function countedIn(
  said: string,
  own: CollectionSpec,
  collections: readonly CollectionSpec[],
): { collection: CollectionSpec; stateMember: string; states: string[] } | undefined {
  const clause = markedStates(said);
  const found = [
    ...[...clause.matchAll(IN_STATES)].map((match) => ({ states: match[1]!, noun: match[2]! })),
    ...[...clause.matchAll(WHOSE_STATE)].map((match) => ({ states: match[2]!, noun: match[1]! })),
    ...[...clause.matchAll(IN_STATUS)].map((match) => ({ states: match[2]!, noun: match[1]! })),
    ...[...clause.matchAll(AND_WHOSE_STATE)].map((match) => ({ states: match[2]!, noun: match[1]! })),
  ];
  // The states may close a longer phrase ("bookings of the space's desks whose status is
  // `confirmed`"): they then belong to the thing counted first.
  const first = COUNTED.exec(clause.replace(/`/g, ''))?.[1];
  const named = [...found, ...(first ? found.map(({ states }) => ({ states, noun: first })) : [])];
  for (const match of [...named, ...bareStatesIn(clause, own, collections)]) {
    const states = [...match.states.matchAll(/`([\w-]+)`/g)].map((found) => found[1]!);
    const noun = match.noun;
    for (const collection of collections) {
      if (collection === own || !new RegExp(`^${resourceWordPattern(collection)}s?\\b`, 'i').test(noun)) continue;
      const state = statusMember(collection);
      if (state && states.every((value) => state.values.includes(value)))
        return { collection, stateMember: state.member, states };
    }
  }
  return undefined;
}

/** The counted item's member naming this item (and its parent, where it has one). */
function namingMembers(
  own: CollectionSpec,
  counted: CollectionSpec,
  collections: readonly CollectionSpec[],
): { via: string; parentVia?: string; viaPath?: true } | undefined {
  const request = counted.create?.operation.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  // The creation's members first; an item below this one names it in its answer (`event_id`).
  const members = [...new Set([...membersWithEntries(request), ...membersWithEntries(counted.read?.item.schema)])];
  const naming = (target: CollectionSpec) =>
    members.filter((member) => {
      const name = member.split('[].').at(-1)!;
      // A collection with no list of its own (members read one at a time) is still named by its word.
      return (
        referencedCollection(name, collections, counted)?.path === target.path ||
        (target.list === undefined && referencedName(name) === collectionResource(target))
      );
    });
  const direct = naming(own);
  const itemPath = own.read?.operation.path;
  // Items below it that do not name it (/classes/{classId}/bookings): their path does.
  const below = itemPath !== undefined && counted.path.startsWith(`${itemPath}/`) ? own.read!.parameter : undefined;
  if (!own.path.slice(1).includes('{')) {
    const via = direct.find((member) => !member.includes('[].')) ?? direct[0];
    return via ? { via } : below ? { via: below, viaPath: true } : undefined;
  }
  const parent = collections.find((c) => c.path === own.path.slice(0, own.path.lastIndexOf('/{')));
  const parentVia = parent ? naming(parent).find((member) => !member.includes('[].')) : undefined;
  if (direct[0] && parentVia) return { via: direct[0], parentVia };
  const parentParameter = /\{([^}]+)\}$/.exec(own.path.slice(0, own.path.lastIndexOf('/{')))?.[1];
  return below && parentParameter ? { via: below, parentVia: parentParameter, viaPath: true } : undefined;
}

const entryProperty = (schema: JsonSchema | undefined, array: string, member: string): unknown =>
  propertiesOf((propertiesOf(schema)[array] as { items?: JsonSchema } | undefined)?.items)[member];

/** What one counted item adds, as the clause says: a member summed, else 1 for the items
 * themselves, else their quantity. Null when the clause counts something the items do not hold as
 * a number. */
function weightOf(clause: string, counted: CollectionSpec, via: string): string | undefined | null {
  const schema = counted.read?.item.schema ?? counted.create?.item.schema;
  const summed = SUM_OF.exec(clause)?.[1];
  if (summed !== undefined) return isNumber(propertiesOf(schema)[summed]) ? summed : null;
  const text = clause.replace(/`/g, '');
  const noun = COUNTED.exec(text)?.[1] ?? '';
  const word = resourceWordPattern(counted);
  // The items themselves, named alone or after their state ("confirmed registrations").
  if (new RegExp(`^${word}s?$`, 'i').test(noun)) return undefined;
  if (noun && new RegExp(`\\b${escapeRegExp(noun)}\\s+${word}s?\\b`, 'i').test(text)) return undefined;
  const entries = via.includes('[].') ? via.split('[].')[0] : undefined;
  const found = membersWithEntries(schema).find((member) => {
    const [outer, inner] = member.split('[].') as [string, string | undefined];
    if (entries !== undefined && (inner === undefined || outer !== entries)) return false;
    const property = inner === undefined ? propertiesOf(schema)[outer] : entryProperty(schema, outer, inner);
    return QUANTITY.test(inner ?? outer) && isNumber(property);
  });
  return found ?? null;
}

/** A clause's count of another collection's items in some states, for this member. */
function countOf(
  member: string,
  clause: string,
  own: CollectionSpec,
  collections: readonly CollectionSpec[],
): Omit<StateCount, 'read'> | undefined {
  const counted = countedIn(clause, own, collections);
  if (!counted) return undefined;
  const naming = namingMembers(own, counted.collection, collections);
  if (!naming) return undefined;
  const weight = weightOf(clause, counted.collection, naming.via);
  if (weight === null) return undefined;
  return {
    member,
    collection: counted.collection.path,
    stateMember: counted.stateMember,
    states: counted.states,
    ...naming,
    ...(weight !== undefined ? { weight } : {}),
    words: clause.replace(/`/g, ''),
  };
}

/** The item's reads beside its own: GET {item path}/{word} answering JSON. */
function sideReads(
  collection: CollectionSpec,
  collections: readonly CollectionSpec[],
  operations: readonly Operation[],
): Operation[] {
  const itemPath = collection.read?.operation.path;
  if (!itemPath) return [];
  return operations.filter((operation) => {
    const rest = operation.path.slice(itemPath.length + 1);
    return (
      operation.method === 'GET' &&
      operation.path.startsWith(`${itemPath}/`) &&
      /^[\w-]+$/.test(rest) &&
      !collections.some((other) => other.path === operation.path) &&
      jsonSuccess(operation)?.schema !== undefined
    );
  });
}

/** Clauses about the member, in the order they are trusted: its own description, then clauses that
 * begin with it in the schema holding it and in the document's overview. */
function clausesFor(member: string, own: string | undefined, around: readonly (string | undefined)[]): string[] {
  const begins = new RegExp(`^(?:[^\`]{0,40}\\s)?\`${escapeRegExp(member)}\`(?:\\s|$)`);
  return [
    ...(own ? clausesOf(own) : []),
    ...around.flatMap((text) => (text ? clausesOf(text) : [])).filter((clause) => begins.test(clause)),
  ];
}

export function stateCountsOf(
  collection: CollectionSpec,
  collections: readonly CollectionSpec[],
  contract: Contract,
): StateCount[] {
  const itemSchema = collection.read?.item.schema;
  if (!itemSchema) return [];
  const info = describe(contract.document.info);
  const found: StateCount[] = [];
  const readBy = (schema: JsonSchema, around: readonly (string | undefined)[], read?: Operation) => {
    for (const [member, property] of Object.entries(propertiesOf(schema))) {
      if (!isNumber(property)) continue;
      const count = clausesFor(member, describe(property), around)
        .map((clause) => countOf(member, clause, collection, collections))
        .find((one) => one !== undefined);
      if (count) found.push({ ...count, ...(read ? { read } : {}) });
    }
  };
  readBy(itemSchema, [describe(itemSchema), info]);
  for (const read of sideReads(collection, collections, contract.operations)) {
    const schema = jsonSuccess(read)!.schema!;
    readBy(schema, [describe(schema), read.description], read);
  }
  return found;
}

/** Whether the count sits on the item itself, named by a member of the counted item (not an
 * entry's, not under a parent, not on a read beside the item's): what a store can keep on writes. */
export const keptOnItem = (rule: StateCount): boolean =>
  rule.read === undefined && rule.parentVia === undefined && !rule.viaPath && !rule.via.includes('[].');

/** What one counted item adds: 1, the weight member's value, or the sum of its entries' (only the
 * entries naming `named` in `member`, where given). NaN where a value weighed is not a number. */
export function itemWeight(
  item: Readonly<Record<string, unknown>>,
  weight: string | undefined,
  named?: { readonly member: string; readonly id: string },
): number {
  if (weight === undefined) return 1;
  const [outer, inner] = weight.split('[].') as [string, string | undefined];
  const value = item[outer];
  if (inner === undefined) return typeof value === 'number' ? value : Number.NaN;
  const entries = (Array.isArray(value) ? value : []) as (Record<string, unknown> | null | undefined)[];
  return entries
    .filter((entry) => named === undefined || String(entry?.[named.member]) === named.id)
    .reduce(
      (sum: number, entry) => sum + (typeof entry?.[inner] === 'number' ? (entry[inner] as number) : Number.NaN),
      0,
    );
}
