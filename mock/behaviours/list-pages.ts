// A list answered from the store in the shape the model read: a bare array or an envelope, paged
// by cursor, page number or offset with the documented limit, the next token null (or absent) only
// on the last page, Link headers and totals where documented. Planned once per list operation.
import {
  type Filter,
  type JsonSchema,
  type ListOrder,
  listCapOf,
  mergeAllOf,
  type Paging,
  propertiesOf,
  type Resource,
  stringifyExact,
} from '../../spec/core.js';
import { sampleValue, seedOf } from '../../spec/generate/index.js';
import { MockHttpError } from '../core/errors.js';
import type { Item } from './store.js';

/** What a page is cut from: a collection, or its items that pass the request's filters. */
export interface ListSource {
  readonly idProperty: string;
  readonly size: number;
  page(start: number, count: number): readonly Item[];
  positionOf(id: string): number;
}

/** A source over items already chosen and ordered (a filter's, a view's, a switch's). */
export function listSourceOf(idProperty: string, items: readonly Item[]): ListSource {
  return {
    idProperty,
    size: items.length,
    page: (start, count) => items.slice(start, start + count),
    positionOf: (id) => items.findIndex((item) => String(item[idProperty]) === id),
  };
}

type Record_ = Record<string, unknown>;

export interface ListPages {
  /** The envelope member holding the items; absent for a bare array. */
  readonly member?: string;
  /** The envelope's other members, from the document's example or generated on the first list. */
  readonly template: () => Readonly<Record_>;
  readonly paging: Paging;
  /** What the next member holds on the last page. */
  readonly nextAtEnd: 'null' | 'absent' | 'empty';
  /** Whether a cursor this mock never gave is refused (400 documented); else the first page. */
  readonly refusesUnknownCursor: boolean;
  /** Query parameters that filter the items by a member (the model's filters). */
  readonly filters: readonly Filter[];
  /** The most items one answer may hold (the array's maxItems), where the document caps it. */
  readonly cap?: number;
  /** The order the list's words give its items ("ordered by ISBN ascending"); absent: the store's. */
  readonly order?: ListOrder;
}

const PAGE_SIZE = 20;

/** How a list is answered; undefined for a bare array that takes no paging (the store's whole list). */
export function planListPages(resource: Resource): ListPages | undefined {
  const list = resource.collection.list;
  const paging = resource.paging;
  if (!list || !paging) return undefined;
  const cap = listCapOf(resource.collection);
  const whole = list.items.member === undefined && paging.style === 'none' && list.filters.length === 0 && !list.order;
  if (whole && cap === undefined) return undefined;
  const member = list.items.member;
  let template: Record_ | undefined;
  const templateOf = (): Record_ => {
    if (template) return template;
    const media = list.operation.responses
      .find((r) => Number(r.status) === list.success.status)
      ?.content.find((m) => m.validator === list.success.validator);
    const sample = member
      ? sampleValue(list.success.validator, media?.examples ?? [], seedOf(`${list.operation.id}:envelope`))?.value
      : undefined;
    template =
      typeof sample === 'object' && sample !== null && !Array.isArray(sample) ? { ...(sample as Record_) } : {};
    if (member) delete template[member];
    return template;
  };
  return {
    ...(member ? { member } : {}),
    template: templateOf,
    paging,
    nextAtEnd: endOf(list.success.schema, paging.next),
    refusesUnknownCursor: list.operation.responses.some((r) => r.status === '400'),
    filters: list.filters,
    ...(cap !== undefined ? { cap } : {}),
    ...(list.order ? { order: list.order } : {}),
  };
}

/** null where the next member may be null, absent where it may be left out, else an empty string. */
function endOf(schema: JsonSchema, path: readonly string[] | undefined): ListPages['nextAtEnd'] {
  if (!path) return 'absent';
  let parent: JsonSchema | undefined = schema;
  for (const name of path.slice(0, -1)) parent = propertiesOf(parent)[name];
  const last = path.at(-1)!;
  const property = propertiesOf(parent)[last] as Record_ | undefined;
  const types = Array.isArray(property?.type) ? property.type : [property?.type];
  if (types.includes('null') || property?.nullable === true) return 'null';
  const required = (mergeAllOf((parent ?? {}) as Record_).required as string[] | undefined) ?? [];
  return required.includes(last) ? 'empty' : 'absent';
}

// Opaque to clients, plain to the mock: the page's last item's id, and its offset for when that
// item is gone by the next request. Keyed by the item, a page after a deletion skips nothing.
const base64url = (text: string): string =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');

const encodeCursor = (offset: number, lastId: unknown): string => base64url(`o:${offset}:${String(lastId)}`);

function decodeCursor(token: string, collection: ListSource): number | undefined {
  try {
    const bytes = Uint8Array.from(atob(token.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    const match = /^o:(\d{1,9}):(.*)$/s.exec(text);
    if (!match) return undefined;
    const after = collection.positionOf(match[2]!);
    return after >= 0 ? after + 1 : Number(match[1]);
  } catch {
    return undefined;
  }
}

function queryOf(url: string | undefined): URLSearchParams {
  const at = url?.indexOf('?') ?? -1;
  return new URLSearchParams(at === -1 ? '' : url!.slice(at + 1));
}

/** Sets a member by path on copies of the holders along it (the template stays as it is). */
function setPath(target: Record_, path: readonly string[], value: unknown, remove = false): void {
  let holder = target;
  for (const name of path.slice(0, -1)) {
    const inner = holder[name];
    holder = holder[name] = typeof inner === 'object' && inner !== null ? { ...(inner as Record_) } : {};
  }
  if (remove) delete holder[path.at(-1)!];
  else holder[path.at(-1)!] = value;
}

interface Window {
  readonly start: number;
  readonly size: number;
}

function windowOf(pages: ListPages, query: URLSearchParams, collection: ListSource): Window {
  const total = collection.size;
  const { paging } = pages;
  const limitText = paging.limit ? query.get(paging.limit.name) : null;
  const fallback =
    paging.style === 'limit' || paging.style === 'none'
      ? total
      : (paging.limit?.default ?? Math.min(paging.limit?.maximum ?? PAGE_SIZE, PAGE_SIZE));
  const asked = limitText === null ? fallback : Number(limitText);
  const size = Math.max(
    0,
    Math.min(
      Number.isFinite(asked) ? asked : fallback,
      paging.limit?.maximum ?? Number.MAX_SAFE_INTEGER,
      pages.cap ?? Number.MAX_SAFE_INTEGER,
    ),
  );
  const given = paging.parameter ? query.get(paging.parameter) : null;
  if (given === null || given === '') return { start: 0, size };
  if (paging.style === 'cursor') {
    // A token this mock gave, or (Stripe's starting_after) the id of the item to start after.
    const after = collection.positionOf(given);
    const start = after >= 0 ? after + 1 : decodeCursor(given, collection);
    if (start === undefined && pages.refusesUnknownCursor)
      throw new MockHttpError(400, 'invalid_cursor', `${paging.parameter} is not a token this service gave.`);
    return { start: start ?? 0, size };
  }
  const number = Number(given);
  if (paging.style === 'page') return { start: Math.max(0, number - (paging.firstPage ?? 1)) * size, size };
  return { start: Math.max(0, number), size };
}

/** The next page's URL, absolute (a `uri` member must be; a Link header may be). */
function nextLink(origin: string, url: string | undefined, parameter: string, value: string): string {
  const at = url?.indexOf('?') ?? -1;
  const path = at === -1 ? (url ?? '/') : url!.slice(0, at);
  const query = queryOf(url);
  query.set(parameter, value);
  return `${origin}${path}?${query}`;
}

/** The source's items that pass every filter the query names (all of them where it names none). */
function filtered(filters: readonly Filter[], query: URLSearchParams, source: ListSource): ListSource {
  const given = filters.flatMap((filter) => {
    const texts = query.getAll(filter.parameter).flatMap((text) => (filter.many ? text.split(',') : [text]));
    const member = filter.member ?? filter.parameter;
    return texts.length > 0 ? [{ member, texts: new Set(texts), contains: filter.contains }] : [];
  });
  if (given.length === 0) return source;
  // A list member holds every value given (tags=a&tags=b); any other member is one of them.
  const holdsAll = (value: unknown, texts: ReadonlySet<string>) =>
    Array.isArray(value) && [...texts].every((text) => value.some((held) => String(held) === text));
  const items = source
    .page(0, source.size)
    .filter((item) =>
      given.every(({ member, texts, contains }) =>
        contains ? holdsAll(item[member], texts) : texts.has(String(item[member])),
      ),
    );
  return listSourceOf(source.idProperty, items);
}

/** Numbers by value, text by code units, absent and null members last. */
function byMember(member: string, descending: boolean): (a: Item, b: Item) => number {
  const rank = (value: unknown) => (value === undefined || value === null ? 1 : 0);
  return (a, b) => {
    const [x, y] = [a[member], b[member]];
    if (rank(x) !== rank(y)) return rank(x) - rank(y);
    const sign =
      typeof x === 'number' && typeof y === 'number'
        ? x - y
        : String(x) < String(y)
          ? -1
          : String(x) > String(y)
            ? 1
            : 0;
    return descending ? -sign : sign;
  };
}

/** The source's items in the order the list's words give. */
function ordered(order: ListOrder | undefined, source: ListSource): ListSource {
  if (!order) return source;
  const items = [...source.page(0, source.size)].sort(byMember(order.member, order.descending));
  return listSourceOf(source.idProperty, items);
}

/** One page of the collection, as JSON and the headers that go with it. */
export function listPage(
  pages: ListPages,
  collection: ListSource,
  url: string | undefined,
  origin: string,
): { json: string; headers: Record<string, string> } {
  const { paging } = pages;
  const query = queryOf(url);
  collection = ordered(pages.order, filtered(pages.filters, query, collection));
  const { start, size } = windowOf(pages, query, collection);
  const items: readonly Item[] = collection.page(start, size);
  const more = start + size < collection.size && size > 0;
  const token =
    paging.style === 'cursor'
      ? encodeCursor(start + size, items.at(-1)?.[collection.idProperty])
      : paging.style === 'page'
        ? String(start / Math.max(size, 1) + (paging.firstPage ?? 1) + 1)
        : String(start + size);
  const link = more && paging.parameter ? nextLink(origin, url, paging.parameter, token) : undefined;
  const headers: Record<string, string> = {};
  if (paging.linkHeader && link) headers.Link = `<${link}>; rel="next"`;
  if (paging.totalHeader) headers[paging.totalHeader] = String(collection.size);
  if (pages.member === undefined) return { json: stringifyExact(items), headers };
  const body: Record_ = { ...pages.template(), [pages.member]: items };
  if (paging.next) {
    const nextValue = paging.nextIsUrl ? link : paging.style === 'page' ? Number(token) : token;
    if (more && nextValue !== undefined) setPath(body, paging.next, nextValue);
    else if (pages.nextAtEnd === 'absent') setPath(body, paging.next, undefined, true);
    else setPath(body, paging.next, pages.nextAtEnd === 'null' ? null : '');
  }
  if (paging.hasMore) setPath(body, paging.hasMore, more);
  if (paging.total) setPath(body, paging.total, collection.size);
  if (paging.style === 'page' || paging.style === 'offset' || paging.style === 'limit')
    withPageNumbers(body, paging.total?.slice(0, -1) ?? [], start, size, paging.firstPage ?? 1, paging.style);
  return { json: stringifyExact(body), headers };
}

const PAGE_NUMBER = /^(?:page|page_?number|current_?page)$/i;
const PAGE_SIZE_MEMBER = /^(?:per_?page|page_?size|limit|size)$/i;

const OFFSET_MEMBER = /^(?:offset|skip|start)$/i;

/** The page's own number (or offset) and size where the envelope holds them beside its total
 * (`meta: {page, perPage, total}`, `{items, total, offset, limit}`): the page answered, never the
 * template's generated numbers. */
function withPageNumbers(
  body: Record_,
  at: readonly string[],
  start: number,
  size: number,
  first: number,
  style: string,
): void {
  let holder: unknown = body;
  for (const name of at) holder = (holder as Record_ | undefined)?.[name];
  if (typeof holder !== 'object' || holder === null) return;
  for (const [name, value] of Object.entries(holder as Record_)) {
    if (typeof value !== 'number') continue;
    if (style === 'page' && PAGE_NUMBER.test(name))
      setPath(body, [...at, name], Math.floor(start / Math.max(size, 1)) + first);
    else if (style !== 'page' && OFFSET_MEMBER.test(name)) setPath(body, [...at, name], start);
    else if (PAGE_SIZE_MEMBER.test(name)) setPath(body, [...at, name], size);
  }
}
