// How a list pages: the query parameters it takes (a cursor or page token, a page number, an
// offset, a limit), and what its answer gives back (the next token or URL, a has-more flag, a
// total, RFC 8288 Link headers). Read by name and type; a correction names what names miss.

import type { Operation, ParameterSpec } from '../contract/types.js';
import { propertiesOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { ResourceCorrection } from './corrections.js';

export type PagingStyle = 'cursor' | 'page' | 'offset' | 'limit' | 'none';

export interface Limit {
  readonly name: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly default?: number;
}

export interface Paging {
  readonly style: PagingStyle;
  /** The query parameter that takes the token, the page number or the offset. */
  readonly parameter?: string;
  /** The first page's number (page style): 1 unless the parameter allows 0. */
  readonly firstPage?: number;
  readonly limit?: Limit;
  /** Member path, in the list answer, of the next page's token (or URL: `nextIsUrl`). */
  readonly next?: readonly string[];
  readonly nextIsUrl?: boolean;
  /** Member path of a flag that says more pages follow (Stripe's has_more). */
  readonly hasMore?: readonly string[];
  /** Member path of the number of items in all pages. */
  readonly total?: readonly string[];
  /** A response header with that number (X-Total-Count). */
  readonly totalHeader?: string;
  /** Whether the answer documents a Link header (rel="next"). */
  readonly linkHeader: boolean;
  /** The words say a walk meets no empty page: the page holding the last item names no next one
   * ("`nextCursor` is null when no matching event follows", "meets no empty page"). */
  readonly noEmptyPages?: true;
  /** Where each part was read. */
  readonly pointers: readonly string[];
}

const CURSOR =
  /^(cursor|page_?token|next_?token|starting_?after|after|continuation(_?token)?|marker|next|page_?cursor)$/i;
const PAGE = /^(page|page_?number|page_?num|p)$/i;
const OFFSET = /^(offset|skip|start|start_?index)$/i;
const LIMIT = /^(limit|per_?page|page_?size|size|max_?results|max_?items|count|max|top|first|page_?limit)$/i;
const NEXT =
  /^(next_?cursor|next_?page_?token|next_?token|next|end_?cursor|next_?page|continuation(_?token)?|cursor)$/i;
const HAS_MORE = /^(has_?more|has_?next(_?page)?|more)$/i;
const TOTAL = /^(total|total_?count|total_?results|total_?items|total_?size|count)$/i;
// Where envelopes keep their paging members, one level down.
const HOLDERS = /^(meta|pagination|paging|page_?info|links|pages|response_?metadata|page)$/i;
const TOTAL_HEADER = /^(x-)?total(-count)?$/i;

type Schema = Record<string, unknown>;

const typesOf = (schema: JsonSchema | undefined): unknown[] => {
  const type = (schema as Schema | undefined)?.type;
  return Array.isArray(type) ? type : [type];
};
const isInteger = (schema: JsonSchema | undefined) =>
  typesOf(schema).some((type) => type === 'integer' || type === 'number');

/** Members of the answer, and of its paging holders down to two levels (links.pages.next), by path. */
function members(schema: JsonSchema, itemsMember: string | undefined, above: string[] = []): [string[], JsonSchema][] {
  const found: [string[], JsonSchema][] = [];
  for (const [name, property] of Object.entries(propertiesOf(schema))) {
    if (name === itemsMember && above.length === 0) continue;
    found.push([[...above, name], property]);
    if (above.length < 2 && HOLDERS.test(name) && typesOf(property).includes('object'))
      found.push(...members(property, undefined, [...above, name]));
  }
  return found;
}

const limitOf = (parameter: ParameterSpec): Limit => {
  const schema = parameter.validator.schema as Schema;
  return {
    name: parameter.name,
    ...(typeof schema.minimum === 'number' ? { minimum: schema.minimum } : {}),
    ...(typeof schema.maximum === 'number' ? { maximum: schema.maximum } : {}),
    ...(typeof schema.default === 'number' ? { default: schema.default } : {}),
  };
};

/** A next member that is a link (links.next, format uri) rather than a bare token. */
const isUrl = (path: readonly string[], schema: JsonSchema | undefined): boolean =>
  /^links$/i.test(path[0] ?? '') ||
  /(url|link)$/i.test(path.at(-1) ?? '') ||
  String((schema as Schema | undefined)?.format ?? '').startsWith('uri');

const query = (operation: Operation) => operation.parameters.filter((p) => p.in === 'query');

export function pagingOf(
  operation: Operation,
  answer: JsonSchema,
  itemsMember: string | undefined,
  correction: ResourceCorrection,
  pointer: string,
  overview = '',
): Paging {
  const pointers: string[] = [];
  const parameters = query(operation);
  const named = (pattern: RegExp, test: (p: ParameterSpec) => boolean = () => true) =>
    parameters.find((p) => pattern.test(p.name) && test(p));
  const cursor = correction.cursor
    ? parameters.find((p) => p.name === correction.cursor)
    : named(CURSOR, (p) => !isInteger(p.validator.schema));
  const page = named(PAGE, (p) => isInteger(p.validator.schema));
  const offset = named(OFFSET, (p) => isInteger(p.validator.schema));
  const limit = named(LIMIT, (p) => isInteger(p.validator.schema));
  const at = (p: ParameterSpec | undefined) => p && pointers.push(`${pointer}/parameters (${p.name})`);
  [cursor, page, offset, limit].forEach(at);

  const envelope = itemsMember === undefined ? [] : members(answer, itemsMember);
  const member = (pattern: RegExp, test: (schema: JsonSchema) => boolean) =>
    envelope.find(([path, schema]) => pattern.test(path.at(-1)!) && test(schema))?.[0];
  const next = correction.next
    ? correction.next.split('.')
    : member(NEXT, (schema) => typesOf(schema).includes('string'));
  const nextSchema = next && envelope.find(([path]) => path.join('.') === next.join('.'))?.[1];
  const hasMore = member(HAS_MORE, (schema) => typesOf(schema).includes('boolean'));
  const total = member(TOTAL, isInteger);
  for (const path of [next, hasMore, total]) if (path) pointers.push(`${pointer}/responses (${path.join('.')})`);

  const success = operation.responses.find((r) => /^2/.test(r.status));
  const headers = success?.headers ?? [];
  const linkHeader = headers.some((h) => h.name.toLowerCase() === 'link');
  const totalHeader = headers.find((h) => TOTAL_HEADER.test(h.name))?.name;
  if (linkHeader || totalHeader) pointers.push(`${pointer}/responses/${success?.status}/headers`);

  const style: PagingStyle = cursor ? 'cursor' : page ? 'page' : offset ? 'offset' : limit ? 'limit' : 'none';
  const pageMinimum = (page?.validator.schema as Schema | undefined)?.minimum;
  return {
    style,
    ...(cursor
      ? { parameter: cursor.name }
      : page
        ? { parameter: page.name }
        : offset
          ? { parameter: offset.name }
          : {}),
    ...(page && !cursor ? { firstPage: pageMinimum === 0 ? 0 : 1 } : {}),
    ...(limit ? { limit: limitOf(limit) } : {}),
    ...(next ? { next } : {}),
    ...(next && isUrl(next, nextSchema) ? { nextIsUrl: true } : {}),
    ...(hasMore ? { hasMore } : {}),
    ...(total ? { total } : {}),
    ...(totalHeader ? { totalHeader } : {}),
    linkHeader,
    ...((next || hasMore || linkHeader) &&
    forbidsEmptyPages(operation, nextSchema, overviewOn(overview, next, linkHeader))
      ? { noEmptyPages: true }
      : {}),
    pointers,
  };
}

const NO_EMPTY_PAGE =
  /\bno (?:later )?(?:page is|empty page)\b|\bnull when there (?:are|is) no (?:further|more)\b|\b(?:exactly|only) when (?:a|any) (?:later|further|next) (?:page|item)s? (?:exists?|follows?)\b|\biff a (?:later|further|next) page exists\b|\bmeets no empty page\b|\bnever (?:an? )?empty page\b|\bnull when no\b[^.;]{0,60}\bfollows\b|\bnull exactly when\b|\bnull on the page that holds the last\b|\bnull (?:on|for) the (?:last|final) page\b[^.;]{0,20}\bonly there\b/i;
const EMPTY_PAGE_ALLOWED =
  /\bempty last page\b|\b(?:last|final) page (?:may|can) be empty\b|\bmay (?:return|give|answer) (?:an )?empty page\b/i;

/** The overview's sentences about the next page: those naming the next member (`nextCursor`), or
 * the Link header where the list answers one. */
function overviewOn(overview: string, next: readonly string[] | undefined, link: boolean): string {
  const name = next?.at(-1);
  return overview
    .split(/(?<=[.!?])\s+|\n\s*\n/)
    .filter((sentence) => (name !== undefined && sentence.includes(name)) || (link && /\bLink\b/.test(sentence)))
    .join(' ');
}

/** Whether the list's words (its own, its next member's, the overview's about it) say no page of a
 * walk is empty. */
function forbidsEmptyPages(operation: Operation, nextSchema: JsonSchema | undefined, overview = ''): boolean {
  const described = (nextSchema as { description?: unknown } | undefined)?.description;
  const words = [
    operation.summary,
    operation.description,
    typeof described === 'string' ? described : undefined,
    overview,
  ]
    .filter((text): text is string => typeof text === 'string')
    .join(' ')
    .replace(/[`*_]/g, '')
    .replace(/\s+/g, ' ');
  return NO_EMPTY_PAGE.test(words) && !EMPTY_PAGE_ALLOWED.test(words);
}
