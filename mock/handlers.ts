// What each kind of behaviour does with a matched, authenticated request: a handler map keyed by
// kind (openapi-backend registers its handlers the same way). A new behaviour is a new entry.

import { carryDigits, collectionKey, describeIssues, type Operation, stringifyExact } from '../spec/core.js';
import type { Behaviour, ItemChangeBehaviour } from './behaviours.js';
import { changedItem, holdable, keepRequired, namesRemovals, storedFields, updateFor } from './changes.js';
import { withCorsHeaders } from './cors.js';
import { MockHttpError, sendJson } from './errors.js';
import type { MockRequest, MockResponse } from './exchange.js';
import { listPage } from './list-pages.js';
import { type Collection, CollectionFullError, type Collections, type Item } from './store.js';

export interface HandlerContext {
  readonly req: MockRequest;
  readonly res: MockResponse;
  readonly operation: Operation;
  readonly params: Readonly<Record<string, string>>;
  /** The collections of the request's session. */
  collections(): Collections;
  /** The request body, read, parsed and validated against the operation's schema (400 otherwise);
   * {} when an optional body is left out. */
  readBody(): Promise<unknown>;
}

type Handler<B extends Behaviour> = (behaviour: B, context: HandlerContext) => void | Promise<void>;
export type Handlers = { readonly [K in Behaviour['kind']]: Handler<Extract<Behaviour, { kind: K }>> };

/** The collection a request names: the template's own, or (nested under a parent's path
 * parameters) the one for those parameter values, made empty on first use. */
function collectionOf(context: HandlerContext, template: string): Collection {
  const all = context.collections() as Map<string, Collection>;
  const key = collectionKey(template, context.params);
  let collection = all.get(key);
  if (!collection) {
    const prototype = all.get(template);
    if (!prototype) throw new Error(`no collection ${template}`);
    collection = prototype.emptyCopy();
    all.set(key, collection);
  }
  return collection;
}

/** An item's JSON as the answer holds it: bare, or wrapped in the answer's member. */
function itemJson(behaviour: { readonly wrap?: string }, item: Item, json = stringifyExact(item)): string {
  return behaviour.wrap === undefined ? json : `{${JSON.stringify(behaviour.wrap)}:${json}}`;
}

function answerChange(context: HandlerContext, behaviour: ItemChangeBehaviour, item: Item): void {
  if (behaviour.answersItem)
    return sendJson(context.res, behaviour.status, itemJson(behaviour, item), behaviour.headers);
  context.res.writeHead(behaviour.status, withCorsHeaders(context.res, { 'Content-Length': '0' }));
  context.res.end();
}

function missing(behaviour: { readonly collection: string }, id: string): MockHttpError {
  return new MockHttpError(404, 'not_found', `No item ${id} in ${behaviour.collection}.`);
}

async function change(behaviour: ItemChangeBehaviour, context: HandlerContext): Promise<void> {
  const id = context.params[behaviour.parameter] ?? '';
  const collection = collectionOf(context, behaviour.collection);
  if (behaviour.kind === 'remove') {
    if (!collection.remove(id)) throw missing(behaviour, id);
    return answerChange(context, behaviour, {});
  }
  const body = await context.readBody();
  const old = collection.find(id);
  if (!old) throw missing(behaviour, id);
  // What the service assigned at creation stays, whatever the client sends.
  const kept = Object.fromEntries(
    behaviour.assignedProperties.filter((name) => name in old).map((name) => [name, old[name]]),
  );
  const contentType = context.req.headers['content-type'];
  const change =
    behaviour.kind === 'update'
      ? { updated: updateFor(contentType)(old, body, behaviour.storedProperties) }
      : { replacement: storedFields(body, behaviour.storedProperties) };
  const changed = changedItem(old, change, kept, collection.idProperty);
  // The item must stay what the document says an item is, whatever the change's own schema allows:
  // what the change left out and the item requires is kept, a value the item cannot hold is not
  // taken (as at creation); anything else wrong is refused.
  const next =
    behaviour.kind === 'update' && namesRemovals(contentType)
      ? changed
      : holdable(old, keepRequired(old, changed, behaviour.itemViews), behaviour.keeps);
  const issues = behaviour.itemValidator?.validate(next) ?? [];
  if (issues.length > 0) {
    throw new MockHttpError(400, 'invalid_body', `The change would leave the item invalid: ${describeIssues(issues)}.`);
  }
  const item = collection.replace(id, next);
  if (!item) throw missing(behaviour, id);
  answerChange(context, behaviour, item);
}

/** The created item's path: the item template with the request's parent values and the new id. */
function locationOf(template: string, params: Readonly<Record<string, string>>, id: unknown): string {
  const parents = template.replace(/\{([^}]+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : encodeURIComponent(params[name]),
  );
  return parents.replace('{}', encodeURIComponent(String(id)));
}

export const HANDLERS: Handlers = {
  list(behaviour, context) {
    const collection = collectionOf(context, behaviour.collection);
    if (!behaviour.pages) return sendJson(context.res, behaviour.status, collection.listJson(), behaviour.headers);
    const host = context.req.headers.host;
    const origin = typeof host === 'string' && /^[\w.:[\]-]+$/.test(host) ? `http://${host}` : 'http://localhost';
    const { json, headers } = listPage(behaviour.pages, collection, context.req.url, origin);
    sendJson(context.res, behaviour.status, json, { ...behaviour.headers, ...headers });
  },

  read(behaviour, context) {
    const id = context.params[behaviour.parameter] ?? '';
    const item = collectionOf(context, behaviour.collection).find(id);
    if (item) return sendJson(context.res, behaviour.status, itemJson(behaviour, item), behaviour.headers);
    throw missing(behaviour, id);
  },

  async create(behaviour, context) {
    const fields = storedFields(await context.readBody(), behaviour.storedProperties, behaviour.keeps);
    try {
      const values = { ...behaviour.fallbackValues, ...fields, ...behaviour.assignedValues };
      carryDigits(fields, values);
      const collection = collectionOf(context, behaviour.collection);
      const { item, json } = collection.create(values);
      const headers = behaviour.location
        ? {
            ...behaviour.headers,
            Location: locationOf(behaviour.location, context.params, item[collection.idProperty]),
          }
        : behaviour.headers;
      sendJson(context.res, behaviour.status, itemJson(behaviour, item, json), headers);
    } catch (error) {
      if (!(error instanceof CollectionFullError)) throw error;
      throw new MockHttpError(400, 'store_full', `${error.message}; reset the mock or raise --max-categories.`);
    }
  },

  replace: change,
  update: change,
  remove: change,

  async respond(behaviour, context) {
    if (context.operation.requestBody) await context.readBody();
    const { status, headers, body } = behaviour.answer();
    const length = body?.length ?? 0;
    context.res.writeHead(status, withCorsHeaders(context.res, { ...headers, 'Content-Length': String(length) }));
    context.res.end(body);
  },
};
