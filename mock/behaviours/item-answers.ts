// Answers about one item: its JSON as the answer holds it, the item a request names or the refusal
// for it (404, 410, 412), a 304, a change's answer. Shared by every handler that names an item.
import { withCorsHeaders } from '../core/cors.js';
import { MockHttpError, sendJson } from '../core/errors.js';
import type { MockRequest, MockResponse } from '../core/exchange.js';
import type { ItemChangeBehaviour, Wrapped } from './behaviours.js';
import { ifMatchRefusal, itemEtag } from './conditional.js';
import { asksMinimal } from './minimal-answers.js';
import { type Collection, type Item, itemText } from './store.js';

/** What an item's answer needs of the exchange. */
export interface ItemExchange {
  readonly req: MockRequest;
  readonly res: MockResponse;
  readonly params: Readonly<Record<string, string>>;
}

/** An item's JSON as the answer holds it: bare, or wrapped in the answer's member. */
export function itemJson(behaviour: Wrapped, item: Item, json = itemText(item)): string {
  if (behaviour.wrap === undefined) return json;
  return `{${JSON.stringify(behaviour.wrap)}:${json}${behaviour.siblings?.() ?? ''}}`;
}

/** An item answer: its JSON (wrapped where the answer wraps it) or the status alone, with its
 * ETag where the resource has them. */
export function answerItem(
  context: ItemExchange,
  behaviour: Answering,
  item: Item | undefined,
  answersItem = true,
  json = item && itemText(item),
): void {
  const headers =
    behaviour.etag && item && json ? { ...behaviour.headers, ETag: itemEtag(item, json) } : behaviour.headers;
  if (answersItem && item && json)
    return sendJson(context.res, behaviour.status, itemJson(behaviour, item, json), headers);
  const { 'Content-Type': _type, ...rest } = headers;
  const bare = { ...(item ? rest : {}), 'Content-Length': '0' };
  context.res.writeHead(behaviour.status, withCorsHeaders(context.res, bare));
  context.res.end();
}

const NOT_MODIFIED_HEADERS = new WeakMap<Answering, Readonly<Record<string, string>>>();

/** 304: the headers a 200 would carry, no body and so no Content-Type or Content-Length. */
export function answerNotModified(context: ItemExchange, behaviour: Answering, etag: string): void {
  let headers = NOT_MODIFIED_HEADERS.get(behaviour);
  if (!headers) {
    const { 'Content-Type': _type, ...rest } = behaviour.headers;
    headers = rest;
    NOT_MODIFIED_HEADERS.set(behaviour, headers);
  }
  context.res.writeHead(304, withCorsHeaders(context.res, { ...headers, ETag: etag }));
  context.res.end();
}

export interface Answering extends Wrapped {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly etag?: boolean;
}

export function answerChange(context: ItemExchange, behaviour: ItemChangeBehaviour, item: Item): void {
  // A removal documented to answer the item (DigitalOcean's {"id": ...}) answers the removed one.
  const answered = behaviour.kind === 'remove' && !behaviour.answersItem ? undefined : item;
  const { minimal } = behaviour;
  if (minimal && asksMinimal(context.req)) {
    const headers = { ...behaviour.headers, 'Preference-Applied': 'return=minimal' };
    return answerItem(context, { ...behaviour, status: minimal.status, headers }, answered, false);
  }
  answerItem(context, behaviour, answered, behaviour.answersItem);
}

export function missing(behaviour: { readonly collection: string }, id: string): MockHttpError {
  return new MockHttpError(404, 'not_found', `No item ${id} in ${behaviour.collection}.`);
}

interface Naming {
  readonly collection: string;
  readonly parameter: string;
  readonly softDelete?: boolean;
  readonly readsDeleted?: boolean;
  readonly etag?: boolean;
}

const READS = new Set(['GET', 'HEAD']);

/** The item a request names, or its refusal (returned, not thrown: a 404 is an everyday answer):
 * 404 where there is none (410 where it was deleted and the document answers reads of deleted items
 * so), 412 where the resource has ETags and If-Match names another version. */
export function itemFor(
  context: ItemExchange,
  behaviour: Naming,
  collection: Collection,
  checkMatch = true,
): Item | MockHttpError {
  const id = context.params[behaviour.parameter] ?? '';
  const item = collection.find(id);
  if (!item) {
    const kept = behaviour.readsDeleted && READS.has(context.req.method ?? '') ? collection.removedItem(id) : undefined;
    if (kept) return kept;
    if (behaviour.softDelete && collection.wasRemoved(id))
      return new MockHttpError(410, 'gone', `Item ${id} of ${behaviour.collection} was deleted.`);
    return missing(behaviour, id);
  }
  if (behaviour.etag && checkMatch) return ifMatchRefusal(context.req, itemEtag(item, itemText(item))) ?? item;
  return item;
}
