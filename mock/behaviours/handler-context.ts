// What a handler is given for one request (the exchange, its path values, the session's
// collections, its body), and the collection the request names.
import { collectionKey, type Operation } from '../../spec/core.js';
import { presentedCredential } from '../core/auth.js';
import type { MockHttpError } from '../core/errors.js';
import type { MockRequest, MockResponse } from '../core/exchange.js';
import type { Behaviour, ReceivedBody } from './behaviour-types.js';
import { collectionAt, holderOf, missesParents, prototypeOf } from './nested.js';
import { ownedKey } from './owners.js';
import type { Collection, Collections } from './store.js';

export interface HandlerContext {
  readonly req: MockRequest;
  readonly res: MockResponse;
  readonly operation: Operation;
  readonly params: Readonly<Record<string, string>>;
  /** The collections of the request's session. */
  collections(): Collections;
  /** The request body, read, parsed and validated against the operation's schema; {} when an
   * optional body is left out. A body refused (a MockHttpError) is resolved, not rejected: a throw
   * and a rejection cost every refused request a walk of the stack. Answer it with refuse(). */
  readBody(): Promise<unknown>;
  /** Answers the request with a refusal, as a thrown MockHttpError would be answered. */
  refuse(refusal: MockHttpError): void;
  /** The request body read but not judged yet: its text, and its value (as readBody gives it). */
  receiveBody(): Promise<ReceivedBody>;
}

export type Handler<B extends Behaviour> = (behaviour: B, context: HandlerContext) => void | Promise<void>;
export type Handlers = { readonly [K in Behaviour['kind']]: Handler<Extract<Behaviour, { kind: K }>> };

/** The collection a request names: the template's own, or (nested under a parent's path
 * parameters) the one for those parameter values (nested.ts); where items belong to the credential
 * that made them, that credential's own (starting from the seed). */
export function collectionOf(
  context: HandlerContext,
  behaviour: { readonly collection: string; readonly owned?: boolean; readonly parameter?: string },
): Collection {
  const template = behaviour.collection;
  const all = context.collections() as Map<string, Collection>;
  // An item named by its id alone (`/books/{bookId}`): the copy under whichever parent holds it.
  const id = 'parameter' in behaviour ? context.params[String(behaviour.parameter)] : undefined;
  const held = id !== undefined && missesParents(template, context.params) ? holderOf(all, template, id) : undefined;
  if (held) return held;
  if (!behaviour.owned) return collectionAt(all, template, context.params);
  const shared = collectionKey(template, context.params);
  const key = ownedKey(shared, presentedCredential(context.operation, context.req));
  let collection = all.get(key);
  if (!collection) {
    collection =
      shared === template
        ? prototypeOf(all, template).clone()
        : collectionAt(all, template, context.params).emptyCopy();
    all.set(key, collection);
  }
  return collection;
}
