// What each kind of behaviour does with a matched, authenticated request: a handler map keyed by
// kind (openapi-backend registers its handlers the same way). A new behaviour is a new entry.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Operation } from '../spec/index.js';
import type { Behaviour } from './behaviours.js';
import { MockHttpError, sendJson } from './errors.js';
import { type Collection, CollectionFullError, type Collections } from './store.js';

export interface HandlerContext {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly operation: Operation;
  readonly params: Readonly<Record<string, string>>;
  /** The collections of the request's session. */
  collections(): Collections;
  /** The request body, read, parsed and validated against the operation's schema (400 otherwise). */
  readBody(): Promise<Record<string, unknown>>;
}

type Handler<B extends Behaviour> = (behaviour: B, context: HandlerContext) => void | Promise<void>;
export type Handlers = { readonly [K in Behaviour['kind']]: Handler<Extract<Behaviour, { kind: K }>> };

function collectionOf(context: HandlerContext, name: string): Collection {
  const collection = context.collections().get(name);
  if (!collection) throw new Error(`no collection ${name}`);
  return collection;
}

export const HANDLERS: Handlers = {
  list(behaviour, context) {
    sendJson(context.res, behaviour.status, collectionOf(context, behaviour.collection).listJson());
  },

  read(behaviour, context) {
    const id = context.params[behaviour.parameter] ?? '';
    const item = collectionOf(context, behaviour.collection).find(id);
    if (item) return sendJson(context.res, behaviour.status, JSON.stringify(item));
    throw new MockHttpError(404, 'not_found', `No item ${id} in ${behaviour.collection}.`);
  },

  async create(behaviour, context) {
    const body = await context.readBody();
    // Only the schema's own properties are stored: a client-sent id or __proto__ never is.
    const fields = Object.fromEntries(
      behaviour.storedProperties.filter((name) => Object.hasOwn(body, name)).map((name) => [name, body[name]]),
    );
    try {
      const created = collectionOf(context, behaviour.collection).create(fields);
      sendJson(context.res, behaviour.status, JSON.stringify(created));
    } catch (error) {
      if (!(error instanceof CollectionFullError)) throw error;
      throw new MockHttpError(400, 'store_full', `${error.message}; reset the mock or raise --max-categories.`);
    }
  },

  async respond(behaviour, context) {
    if (context.operation.requestBody) await context.readBody();
    const length = behaviour.body?.length ?? 0;
    context.res.writeHead(behaviour.status, { ...behaviour.headers, 'Content-Length': String(length) });
    context.res.end(behaviour.body);
  },
};
