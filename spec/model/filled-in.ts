// What the service fills in on an item, read from the item's members by name and schema: the
// instants it stamps (creation, update), the instants of later states (null until then), and the
// members that name the parent in the path, the caller who made it, the counts of its children. One notion for the mock (it fills them) and the runner
// (it judges them).
import { escapeRegExp } from '../json/text.js';
import { mergeAllOf, propertiesOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { type CallerNames, callerNamed } from './caller.js';
import type { CollectionSpec } from './collections.js';
import { nullUntilSaid } from './null-until.js';
import { resourceName } from './resource-names.js';
import { sentencesOf } from './sentences.js';
import { statusMember } from './state-member.js';

/** Members a service stamps with the moment it makes or changes an item. */
export const NOW_INSTANT =
  /^(created|updated|modified|inserted)(_?at|_?on|_?time|_?date)?$|^(creation|modification)_?(time|date)$/i;
/** Of those, the ones a change moves on (the creation's stays). */
export const UPDATE_INSTANT = /^(updated|modified)(_?at|_?on|_?time|_?date)?$|^modification_?(time|date)$/i;
/** Members that hold the moment of a later state: null (or absent) until the item gets there. */
export const STATE_INSTANT =
  /^(closed|cancell?ed|deleted|completed|archived|finished|resolved|shipped|delivered|refunded|expired|revoked)(_?at|_?on)$/i;

/** Members that name who made the item: the caller, by its login. */
export const OWNER =
  /^(?:owner|author|creator|reporter|submitter|(?:owner|author|creator)_?(?:login|id|name)|(?:created|registered|added|issued|opened|placed|booked|submitted|requested|reported|filed|logged|recorded|posted|uploaded|raised)_?by(?:_?id)?)$/i;
/** Members named for who did the item's making (`enrolledBy`), where words give it the caller. */
const DONE_BY = /^[a-z]+ed_?by$/i;
const CALLER = /\b(?:the caller|caller's|calling user|current user|authenticated user|user making the request)\b/i;

/** Whether the member's own description, or a sentence of the creation's words naming it, says
 * it holds the caller ("`enrolledBy` set to the caller's login"). */
function saidCaller(collection: CollectionSpec, name: string, schema: Schema): boolean {
  if (typeof schema.description === 'string' && CALLER.test(schema.description)) return true;
  const create = collection.create?.operation;
  const words = `${create?.summary ?? ''}. ${create?.description ?? ''}`;
  return sentencesOf([words]).some((sentence) => sentence.includes(name) && CALLER.test(sentence));
}

/** Any member whose words give it the caller right beside its name: "`organizer` (the caller's
 * login, see `GET /me`)", "sets `organizer` to the login of the caller", or its own description. */
function callerNamedBeside(collection: CollectionSpec, name: string, schema: Schema): boolean {
  if (
    typeof schema.description === 'string' &&
    (/^\W*(?:the\s+)?(?:login|name|id)?\s*(?:of\s+)?the caller\b/i.test(schema.description) ||
      WHO_MADE_IT.test(schema.description))
  )
    return true;
  const create = collection.create?.operation;
  const words = `${create?.summary ?? ''}. ${create?.description ?? ''}`.replace(/\s+/g, ' ');
  const member = name.replace(/[^\w-]/g, '');
  const beside = new RegExp(
    `\`${member}\`[^\`.;]{0,25}?(?:the caller\\b|the caller's|(?:login|name|id) of the caller\\b)|\\bthe caller (?:becomes|is recorded as|is) (?:its|the(?: [\\w-]+'s)?) \`${member}\``,
    'i',
  );
  return beside.test(words);
}

/** "Login of whoever created the event", "Id of the user who opened it": the one who made it. */
const WHO_MADE_IT =
  /^\W*(?:the\s+)?(?:login|user\s?name|name|id|email|handle)\s+of\s+(?:whoever|the (?:user|person|account|member|one) who)\s+(?:created|made|opened|added|booked|placed|submitted|posted|wrote|registered|organi[sz]ed)\b/i;

/** The member of a user an owner's description names: "The id of the user who...", "email of the author". */
const USER_MEMBER_SAID = /\b(login|username|user[_ ]name|handle|email|id)\b(?= (?:of|address of) the\b)/i;

/** Members that count an item's children: `issueCount`, `comment_count`, `commentsCount`. */
const CHILD_COUNT = /^([a-z][a-z0-9]*?)_?count$/i;
/** Members that hold the highest number given to an item's children: `lastTicketNumber`,
 * `last_issue_number`, `highestInvoiceNo`. */
const LAST_NUMBER = /^(?:last|highest|latest|max)_?([a-z][a-z0-9]*?)_?(?:number|no|seq|sequence)$/i;

type Schema = Record<string, unknown>;

/** Members a service moves on its own when others change: counts of children (`issueCount`) and
 * update instants (`updatedAt`). An item's other writes change them; they are not the item altered. */
export const movesWithOthers = (name: string): boolean => CHILD_COUNT.test(name) || UPDATE_INSTANT.test(name);

export interface FilledIn {
  /** Instants stamped now: a date-time, or a date. */
  readonly now: readonly { readonly name: string; readonly date: boolean; readonly onChange: boolean }[];
  /** Instants of later states: null where the item's schema allows it. */
  readonly laterStates: readonly string[];
  /** Members that name a parent the path names, the path parameter they hold (its own name, or the
   * parent's word before it: `eventSlug` for /events/{slug}), and whether they hold numbers. */
  readonly parents: readonly { readonly name: string; readonly integer: boolean; readonly parameter?: string }[];
  /** Members the service sets to the caller's login (readOnly strings named like an owner). */
  readonly owners: readonly string[];
  /** The member of the caller an owner's own words name ("The id of the user who created it"). */
  readonly ownerLogins: Readonly<Record<string, string>>;
  /** Members that count the items of a child collection (its path): 0 on a new item. */
  readonly counts: readonly { readonly name: string; readonly child: string }[];
  /** Members that hold the highest number a child collection's items were ever given
   * (`lastTicketNumber` over /organizations/{slug}/tickets/{number}): 0 on a new item. */
  readonly lastNumbers: readonly { readonly name: string; readonly child: string }[];
  /** Members that count the items of another top-level collection naming this item by a member of
   * theirs (`productCount`: the products whose `warehouseKey` is this warehouse's key): 0 on a new
   * item. */
  readonly referrers: readonly { readonly name: string; readonly collection: string; readonly member: string }[];
}

const typesOf = (schema: Schema): unknown[] => (Array.isArray(schema.type) ? schema.type : [schema.type]);
/** Whether a (merged) schema lets a member be null: OpenAPI 3.0's `nullable`, or a `null` type. */
export const takesNull = (schema: Schema): boolean => typesOf(schema).includes('null') || schema.nullable === true;

/** Whether there is anything to fill in at all (the Pet Catalog's categories: nothing). */
export const fillsNothing = (filled: FilledIn): boolean =>
  filled.now.length === 0 &&
  filled.laterStates.length === 0 &&
  filled.parents.length === 0 &&
  filled.owners.length === 0 &&
  filled.counts.length === 0 &&
  filled.lastNumbers.length === 0 &&
  filled.referrers.length === 0;

const looseName = (name: string): string => name.toLowerCase().replace(/[_-]/g, '');

/** The path parameter a member holds: one of its own name (`projectId`), or one named by the
 * parent's word before it (`eventSlug`, `event_id` for /events/{slug}, /events/{id}). */
export function pathParameterNamed(path: string, member: string): string | undefined {
  const loose = looseName(member);
  for (const match of path.matchAll(/([^/{}]+)\/\{([^}]+)\}/g)) {
    const [, segment, parameter] = match as unknown as [string, string, string];
    if (loose === looseName(parameter) || loose === `${resourceName(segment)}${looseName(parameter)}`) return parameter;
  }
  return undefined;
}

/** The path parameter a member holds: by its name (pathParameterNamed), or a string member named as
 * the parent itself whose words name the parameter's kind ("organization": "The slug of the
 * organization ..." under /organizations/{slug}). */
function parentHeld(path: string, member: string, schema: Schema): string | undefined {
  const named = pathParameterNamed(path, member);
  if (named !== undefined || typeof schema.description !== 'string' || !typesOf(schema).includes('string'))
    return named;
  for (const match of path.matchAll(/([^/{}]+)\/\{([^}]+)\}/g)) {
    const [, segment, parameter] = match as unknown as [string, string, string];
    const kind = parameter
      .split(/_|-|(?=[A-Z])/)
      .at(-1)!
      .toLowerCase();
    const word = resourceName(segment).replace(/[^a-z0-9]/gi, '');
    const says = new RegExp(`\\b${kind} of (?:the|its|this) ${word}\\b|\\b${word}'s ${kind}\\b`, 'i');
    if (looseName(member) === word && says.test(schema.description)) return parameter;
  }
  return undefined;
}

/** The collection directly under the item whose name the count's stem names (issueCount: issues). */
function childCounted(
  name: string,
  itemPath: string | undefined,
  collections: readonly CollectionSpec[],
  stemOf: RegExp = CHILD_COUNT,
) {
  const stem = stemOf.exec(name)?.[1]?.toLowerCase();
  if (!stem || !itemPath) return undefined;
  const names = new Set([stem, `${stem}s`, `${stem}es`, stem.endsWith('y') ? `${stem.slice(0, -1)}ies` : stem]);
  return collections.find((child) => {
    if (!child.path.startsWith(`${itemPath}/`)) return false;
    const rest = child.path.slice(itemPath.length + 1);
    return !rest.includes('/') && names.has(looseName(rest));
  })?.path;
}

/** A count's own words name a state of its children ("Number of confirmed bookings"): it counts
 * those in that state, not every child the list holds. */
function countsSomeStates(description: unknown, childPath: string, collections: readonly CollectionSpec[]): boolean {
  const child = collections.find((one) => one.path === childPath);
  const states = child ? statusMember(child)?.values : undefined;
  if (typeof description !== 'string' || !states) return false;
  // Some of the states, not every one ("open and closed"), and not the whole list's length ("equals
  // the number of flags listed with `state=all`"), nor one that says a state is counted too
  // ("archived flags included").
  if (/\bequals?\b[^.]*\blist(?:ed)?\b|\blength of\b|\b(?:included|including)\b/i.test(description)) return false;
  const named = states.filter(
    (state) =>
      typeof state === 'string' && new RegExp(`(^|[^\\w-])${escapeRegExp(state)}($|[^\\w-])`, 'i').test(description),
  );
  return named.length > 0 && named.length < states.length;
}

/** A resource's name as paths and members spell it: warehouses, Warehouse, warehouse_ read as "warehouse". */
function resourceWord(word: string): string {
  const name = looseName(word);
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z)es$/.test(name)) return name.slice(0, -2);
  return name.endsWith('s') ? name.slice(0, -1) : name;
}

/** The top-level collection the count's stem names whose items name this collection's items by a
 * member (`warehouseKey`, `warehouse_id`) ; productCount on /warehouses: /products by warehouseKey. */
function referrersCounted(name: string, collection: CollectionSpec, collections: readonly CollectionSpec[]) {
  const stem = CHILD_COUNT.exec(name)?.[1];
  if (!stem || collection.path.includes('{')) return undefined;
  const own = resourceWord(collection.path.split('/').at(-1) ?? '');
  const naming = new Set([`${own}${looseName(collection.idProperty)}`, `${own}id`]);
  for (const other of collections) {
    if (other === collection || other.path.includes('{') || !other.list) continue;
    if (resourceWord(other.path.split('/').at(-1) ?? '') !== resourceWord(stem)) continue;
    const members = Object.keys(propertiesOf(other.read?.item.schema ?? other.list.items.schema));
    const member = members.find((candidate) => naming.has(looseName(candidate)));
    if (member) return { name, collection: other.path, member };
  }
  return undefined;
}

/** The item path the collection's items are read at (its read, change or removal). */
const itemPathOf = (collection: CollectionSpec): string | undefined =>
  (collection.read ?? collection.update ?? collection.replace ?? collection.remove)?.operation.path;

/** What the service fills in on the collection's items, read once from its item schema. */
const NO_COLLECTIONS: readonly CollectionSpec[] = [];
/** Read once per collection, item view and model: the runner asks on every creation it judges. */
const READ = new WeakMap<CollectionSpec, Map<JsonSchema | undefined, WeakMap<readonly CollectionSpec[], FilledIn>>>();

export function filledInOf(
  collection: CollectionSpec,
  item: JsonSchema | undefined,
  collections: readonly CollectionSpec[] = NO_COLLECTIONS,
): FilledIn {
  let byItem = READ.get(collection);
  if (!byItem) READ.set(collection, (byItem = new Map()));
  let byModel = byItem.get(item);
  if (!byModel) byItem.set(item, (byModel = new WeakMap()));
  let filled = byModel.get(collections);
  if (!filled) byModel.set(collections, (filled = readFilledIn(collection, item, collections)));
  return filled;
}

/** A verb's instant with its particle: `pickedUpAt`, `checkedOutAt`, `signedOffAt`. */
const PARTICLE_INSTANT = /^[a-z]+ed(?:Up|Out|Off|In|Back|Down|Over)(?:_?at|_?on|At|On)$/;

/** A past participle's instant the service fills (`startedAt`, `approved_at`): null until then. */
const PAST_INSTANT = /^[a-z]+ed(?:_at|_on|At|On)$/;

/** A state's own instant beyond the usual names: `confirmedAt` where `confirmed` is one of the
 * item's states, or a verb's with its particle. */
function ownStateInstant(name: string, states: readonly string[]): boolean {
  const stem = name.replace(/_?(at|on)$/i, '').toLowerCase();
  return states.includes(stem) || PARTICLE_INSTANT.test(name);
}

function readFilledIn(
  collection: CollectionSpec,
  item: JsonSchema | undefined,
  collections: readonly CollectionSpec[],
): FilledIn {
  const parameters = new Set([...collection.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!));
  const now: FilledIn['now'][number][] = [];
  const laterStates: string[] = [];
  const parents: FilledIn['parents'][number][] = [];
  const owners: string[] = [];
  const ownerLogins: Record<string, string> = {};
  const counts: FilledIn['counts'][number][] = [];
  const lastNumbers: FilledIn['lastNumbers'][number][] = [];
  const referrers: FilledIn['referrers'][number][] = [];
  const itemPath = itemPathOf(collection);
  const states = (statusMember(collection)?.values ?? []).map((value) => String(value).toLowerCase());
  for (const [name, raw] of Object.entries(propertiesOf(item))) {
    if (typeof raw !== 'object' || raw === null || name === collection.idProperty) continue;
    const schema = mergeAllOf(raw as Schema);
    const strings = typesOf(schema).includes('string');
    if (NOW_INSTANT.test(name) && strings && (schema.format === 'date-time' || schema.format === 'date'))
      now.push({ name, date: schema.format === 'date', onChange: UPDATE_INSTANT.test(name) });
    // A past participle's instant the service fills and never leaves null (`loanedAt` of a loan,
    // `placedAt` of an order): the item is born in that state, at its creation.
    else if (
      PAST_INSTANT.test(name) &&
      schema.readOnly === true &&
      !takesNull(schema) &&
      schema.format === 'date-time' &&
      collection.create !== undefined
    )
      now.push({ name, date: false, onChange: false });
    else if (
      (STATE_INSTANT.test(name) ||
        ownStateInstant(name, states) ||
        (PAST_INSTANT.test(name) && schema.readOnly === true)) &&
      takesNull(schema)
    )
      laterStates.push(name);
    else if (parameters.has(name) || parentHeld(collection.path, name, schema)) {
      const parameter = parameters.has(name) ? name : parentHeld(collection.path, name, schema)!;
      parents.push({
        name,
        integer: typesOf(schema).includes('integer') && !strings,
        ...(parameter === name ? {} : { parameter }),
      });
    } else if (
      (OWNER.test(name) ||
        (DONE_BY.test(name) && saidCaller(collection, name, schema)) ||
        callerNamedBeside(collection, name, schema)) &&
      strings &&
      (schema.readOnly === true || notSendable(collection, name))
    ) {
      owners.push(name);
      const login = typeof schema.description === 'string' ? USER_MEMBER_SAID.exec(schema.description)?.[1] : undefined;
      if (login) ownerLogins[name] = login;
    } else if (typesOf(schema).includes('integer')) {
      const child = childCounted(name, itemPath, collections);
      const numbered = child ? undefined : childCounted(name, itemPath, collections, LAST_NUMBER);
      const referring = child || numbered ? undefined : referrersCounted(name, collection, collections);
      // "Number of confirmed bookings": a count of the children in some states (state-counts.ts).
      if (child && !countsSomeStates(schema.description, child, collections)) counts.push({ name, child });
      else if (numbered) lastNumbers.push({ name, child: numbered });
      else if (referring) referrers.push(referring);
    }
  }
  // And those the words keep null until a state ("`finishedAt` and `result` are `null` until ...").
  const properties = propertiesOf(item);
  const nullable = (name: string) => {
    const merged = mergeAllOf(properties[name] as Schema);
    // A union with a null form (`oneOf: [Certificate, {type: 'null'}]`) takes null too.
    const forms = [merged.oneOf, merged.anyOf].flatMap((union) => (Array.isArray(union) ? union : []));
    return takesNull(merged) || forms.some((form) => takesNull(mergeAllOf(form as Schema)));
  };
  for (const name of nullUntilSaid(collection, properties, nullable))
    if (!laterStates.includes(name) && name !== collection.idProperty) laterStates.push(name);
  return { now, laterStates, parents, owners, ownerLogins, counts, lastNumbers, referrers };
}

/** An owner-like member the client cannot send: the creation takes a JSON body that lacks it (a
 * timesheet's `owner` beside its `weekStart`), so the service fills it in, with the caller. */
function notSendable(collection: CollectionSpec, name: string): boolean {
  const request = collection.create?.operation.requestBody?.content.find((m) => m.validator)?.validator?.schema;
  const properties = propertiesOf(request);
  return Object.keys(properties).length > 0 && !Object.hasOwn(properties, name);
}

/** The values filled in on an item made now, under the path values `params`, by `caller` (a login). */
export function filledValues(
  filled: FilledIn,
  params: Readonly<Record<string, string>>,
  at = new Date(),
  caller?: CallerNames,
) {
  const values: Record<string, unknown> = {};
  if (caller !== undefined)
    for (const name of filled.owners) values[name] = callerNamed(caller, filled.ownerLogins[name]);
  for (const { name } of [...filled.counts, ...filled.lastNumbers, ...filled.referrers]) values[name] = 0;
  const instant = at.toISOString();
  for (const { name, date } of filled.now) values[name] = date ? instant.slice(0, 10) : instant;
  for (const name of filled.laterStates) values[name] = null;
  for (const { name, integer, parameter } of filled.parents) {
    const text = params[parameter ?? name];
    if (text === undefined) continue;
    values[name] = integer && /^-?\d+$/.test(text) ? Number(text) : text;
  }
  return values;
}

/** The instants a change moves on, stamped now. */
export function changedValues(filled: FilledIn, at = new Date()): Record<string, unknown> {
  const instant = at.toISOString();
  return Object.fromEntries(
    filled.now
      .filter((member) => member.onChange)
      .map(({ name, date }) => [name, date ? instant.slice(0, 10) : instant]),
  );
}
