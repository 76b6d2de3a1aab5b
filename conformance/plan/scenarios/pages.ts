// Walking a paged list to its end by the model's paging: the next token or URL the answer gives,
// a Link header's rel="next", Stripe's has_more with the last item's id, page numbers or offsets
// bounded by a total. A walk that reaches the end shows every item, so a created item missing
// from it is a failure, not a note.
import { type CollectionSpec, listedItems, type Paging } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import { idPathText } from '../../judge/json-body.js';
import type { IdiomEvidence, ParsedBody, Placed, TestCase } from '../../model.js';
import type { Exchange } from '../../send/http.js';

type Item = Record<string, unknown>;

const headerValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value.join(', ') : value;

/** Pages read at the most after the first (a service that never ends its list cannot hold a run). */
export const MAX_PAGES = 100;

/** Pages read at the small size first (the run's own items, a few hundred at most, are all read
 * so: every page boundary is a place to see an item lost or repeated). */
const SMALL_PAGES = 60;

/** After the small pages, a cursor or offset walk asks for large pages (page numbers keep their
 * size: a page's number means nothing under another size). */
function largerPages(paging: Paging): Record<string, string> {
  if (!paging.limit || paging.style === 'page') return {};
  return { [paging.limit.name]: String(Math.min(paging.limit.maximum ?? 100, 100)) };
}

export interface Page {
  readonly exchange: Exchange;
  readonly body: ParsedBody;
  readonly items?: Item[];
}

/** The value at a member path of a list answer. */
function at(body: ParsedBody, path: readonly string[]): unknown {
  let value: unknown = body.kind === 'json' ? body.value : undefined;
  for (const name of path) value = typeof value === 'object' && value !== null ? (value as Item)[name] : undefined;
  return value;
}

/** The query of a next-page URL, relative or absolute. */
function queryOfUrl(url: string): Record<string, string> | undefined {
  try {
    return Object.fromEntries(new URL(url, 'http://relative.invalid').searchParams);
  } catch {
    return undefined;
  }
}

/** RFC 8288: the target of rel="next" in a Link header. */
function linkNext(header: string | undefined): string | undefined {
  for (const part of header?.split(/,(?=\s*<)/) ?? []) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (match && /;\s*rel="?([^";]*\s)?next(\s[^";]*)?"?/i.test(match[2]!)) return match[1];
  }
  return undefined;
}

function totalOf(paging: Paging, page: Page): number | undefined {
  const member = paging.total ? at(page.body, paging.total) : undefined;
  const header =
    paging.totalHeader && page.exchange.ok
      ? headerValue(page.exchange.response.headers[paging.totalHeader.toLowerCase()])
      : undefined;
  const total = typeof member === 'number' ? member : header !== undefined ? Number(header) : undefined;
  return Number.isSafeInteger(total) ? total : undefined;
}

/** The query that asks for the page after `page` (the pages before it held `seen` items);
 * undefined at the end, 'unknown' where the answer does not say. */
function nextQuery(
  collection: CollectionSpec,
  paging: Paging,
  page: Page,
  seen: number,
  pageNumber: number,
): Record<string, string> | undefined | 'unknown' {
  const items = page.items ?? [];
  const link =
    paging.linkHeader && page.exchange.ok ? linkNext(headerValue(page.exchange.response.headers.link)) : undefined;
  if (link) return queryOfUrl(link) ?? 'unknown';
  if (paging.next) {
    const next = at(page.body, paging.next);
    if (next === null || next === undefined || next === '') return undefined;
    if (paging.nextIsUrl) return typeof next === 'string' ? (queryOfUrl(next) ?? 'unknown') : 'unknown';
    return paging.parameter ? { [paging.parameter]: String(next) } : 'unknown';
  }
  const more = paging.hasMore ? at(page.body, paging.hasMore) : undefined;
  if (more === false) return undefined;
  const last = items.at(-1);
  if (more === true && paging.style === 'cursor' && paging.parameter && last?.[collection.idProperty] !== undefined)
    return { [paging.parameter]: idPathText(last, collection.idProperty) };
  if (paging.linkHeader && paging.style !== 'cursor') return undefined;
  const total = totalOf(paging, page);
  if (items.length === 0 || (total !== undefined && seen + items.length >= total)) return undefined;
  if (total === undefined && more !== true) return 'unknown';
  if (paging.style === 'page' && paging.parameter)
    return { [paging.parameter]: String(pageNumber + 1 + (paging.firstPage ?? 1)) };
  if (paging.style === 'offset' && paging.parameter) return { [paging.parameter]: String(seen + items.length) };
  return 'unknown';
}

function withQuery(testCase: TestCase, query: Readonly<Record<string, string>>): TestCase {
  const kept = (testCase.parameters ?? []).filter((p) => !(p.in === 'query' && Object.hasOwn(query, p.name)));
  const added: Placed[] = Object.entries(query).map(([name, value]) => ({ in: 'query', name, value }));
  return {
    ...testCase,
    parameters: [...kept, ...added],
    fromAnswers: Object.keys(query),
    label: `${testCase.label} (next page)`,
  };
}

/** The limit a list case asks for, where it asks for one. */
export function limitAsked(collection: CollectionSpec, page: TestCase): number | undefined {
  const limit = collection.list?.paging.limit?.name;
  const asked = page.parameters?.find((p) => p.in === 'query' && p.name === limit)?.value;
  return asked === undefined || !/^\d+$/.test(asked) ? undefined : Number(asked);
}

/** What a page after the first must show: the service's own next token taken, at most the limit
 * asked for (judged by api_idioms_honoured). A token that is the id of an item the run changes or
 * deletes (`changedByRun`, by id key) is marked: the run's other scenarios may have deleted it
 * meanwhile, and its refusal is then the run's doing. */
export function nextPageEvidence(
  collection: CollectionSpec,
  page: TestCase,
  changedByRun: (idKey: string) => boolean = () => false,
): IdiomEvidence {
  const asked = limitAsked(collection, page);
  const tokens = (page.parameters ?? []).filter((p) => p.in === 'query' && page.fromAnswers?.includes(p.name));
  const runItem = tokens.some(
    ({ value }) => changedByRun(JSON.stringify(value)) || (/^-?\d+$/.test(value) && changedByRun(value)),
  );
  return { idiom: 'next-page', ...(asked !== undefined ? { expected: asked } : {}), ...(runItem ? { runItem } : {}) };
}

/** Items per page the sequences ask for where the list can be walked: small, so that a run's
 * handful of creations spans several pages and the paging itself is exercised. */
const WALKED_PAGE_SIZE = 3;

/** The list case asking for the largest pages the document allows (a whole list in few requests). */
export function withLargePages(collection: CollectionSpec, testCase: TestCase): TestCase {
  const paging = collection.list?.paging;
  const size = paging ? largerPages(paging) : {};
  const [name, value] = Object.entries(size)[0] ?? [];
  if (name === undefined || value === undefined) return testCase;
  const kept = (testCase.parameters ?? []).filter((p) => !(p.in === 'query' && p.name === name));
  return { ...testCase, parameters: [...kept, { in: 'query', name, value }] };
}

/** The list case with a small page size, where the list pages in a way the run can walk. */
export function withSmallPages(collection: CollectionSpec, testCase: TestCase, asked = WALKED_PAGE_SIZE): TestCase {
  const paging = collection.list?.paging;
  if (!paging?.limit || !['cursor', 'page', 'offset'].includes(paging.style)) return testCase;
  const limit = paging.limit;
  const size = Math.min(limit.maximum ?? asked, Math.max(limit.minimum ?? 1, asked));
  const kept = (testCase.parameters ?? []).filter((p) => !(p.in === 'query' && p.name === limit.name));
  return { ...testCase, parameters: [...kept, { in: 'query', name: limit.name, value: String(size) }] };
}

export interface Walk {
  readonly items: Item[];
  /** Whether the walk reached the list's end as the answers tell it. */
  readonly complete: boolean;
  /** The total each page stated, where the paging has one. */
  readonly totals: number[];
  /** A next page the service pointed to twice: the walk stopped there (it would never end). */
  readonly repeatedQuery?: string;
}

/**
 * Every item of a paged list, the first page given. `complete` where the walk reached the list's
 * end as the answers tell it; the pages after the first are sent with `send` (judged there).
 */
export async function walkPages(
  collection: CollectionSpec,
  firstCase: TestCase,
  first: Page,
  send: (testCase: TestCase) => Promise<Exchange | undefined>,
): Promise<Walk> {
  const paging = collection.list?.paging;
  const items = [...(first.items ?? [])];
  if (!paging || paging.style === 'none') return { items, complete: paging?.style === 'none', totals: [] };
  const totals: number[] = [];
  const noteTotal = (page: Page) => {
    const total = totalOf(paging, page);
    if (total !== undefined) totals.push(total);
  };
  noteTotal(first);
  const asked = new Set<string>();
  let page = first;
  for (let number = 0; number < MAX_PAGES; number++) {
    const query = nextQuery(collection, paging, page, items.length - (page.items?.length ?? 0), number);
    if (query === undefined) return { items, complete: true, totals };
    if (query === 'unknown') return { items, complete: false, totals };
    const text = new URLSearchParams(query).toString();
    if (asked.has(text)) return { items, complete: false, totals, repeatedQuery: text };
    asked.add(text);
    const size = number < SMALL_PAGES ? {} : largerPages(paging);
    const exchange = await send(withQuery(firstCase, { ...size, ...query }));
    if (!exchange) return { items, complete: false, totals };
    const body = parseBody(exchange);
    const pageItems = body.kind === 'json' ? listedItems(collection, body.value) : undefined;
    if (!exchange.ok || exchange.response.status >= 300 || !pageItems) return { items, complete: false, totals };
    page = { exchange, body, items: pageItems };
    noteTotal(page);
    items.push(...pageItems);
  }
  return { items, complete: false, totals };
}
