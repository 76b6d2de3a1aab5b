// What each kind of behaviour does with a matched, authenticated request: a handler map keyed by
// kind (openapi-backend registers its handlers the same way). A new behaviour is a new entry.

import {
  carryDigits,
  changedValues,
  collectionKey,
  describeIssues,
  type Operation,
  withDerivedTimes,
  withSums,
} from '../../spec/core.js';
import { presentedCredential } from '../core/auth.js';
import { withCorsHeaders } from '../core/cors.js';
import { MockHttpError, sendJson } from '../core/errors.js';
import type { MockRequest, MockResponse } from '../core/exchange.js';
import { afterMove, tooEarly } from './action-life.js';
import { APPEND_HANDLERS } from './append-answers.js';
import type { ReceivedBody } from './behaviour-types.js';
import type { Behaviour, ItemChangeBehaviour } from './behaviours.js';
import {
  changedItem,
  holdable,
  keepRequired,
  layeredFields,
  namesRemovals,
  requiredRemovalsAsNull,
  storedFields,
  updateFor,
} from './changes.js';
import { chosenKey, filledFor, valuesAt } from './client-keys.js';
import { itemEtag, notModified } from './conditional.js';
import { recountAfterWrite } from './counts.js';
import { answerChange, answerItem, answerNotModified, itemFor, itemJson, missing } from './item-answers.js';
import { underStoredNames } from './item-values.js';
import { JOB_HANDLERS } from './jobs.js';
import { listPage } from './list-pages.js';
import { copiedMembers } from './made-elsewhere.js';
import { moveNamed, namedRefusal } from './named-life.js';
import { unknownReference } from './named-references.js';
import { collectionAt, prototypeOf, removeChildren } from './nested.js';
import { ownedKey } from './owners.js';
import { recountReferred } from './referrer-counts.js';
import { answeredReplay, sentKey } from './replays.js';
import { locationOf } from './resource-idioms.js';
import { restore, stampsNow } from './restores.js';
import { keptByChildren, lockedByState, resetsFor, spanOutOfOrder } from './said-rules.js';
import { type Collection, CollectionFullError, type Collections, itemText } from './store.js';
import { TALLY_HANDLERS } from './tallies.js';
import { valuesInUse } from './unique-values.js';

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

type Handler<B extends Behaviour> = (behaviour: B, context: HandlerContext) => void | Promise<void>;
export type Handlers = { readonly [K in Behaviour['kind']]: Handler<Extract<Behaviour, { kind: K }>> };

/** The collection a request names: the template's own, or (nested under a parent's path
 * parameters) the one for those parameter values (nested.ts); where items belong to the credential
 * that made them, that credential's own (starting from the seed). */
function collectionOf(
  context: HandlerContext,
  behaviour: { readonly collection: string; readonly owned?: boolean },
): Collection {
  const template = behaviour.collection;
  const all = context.collections() as Map<string, Collection>;
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

async function change(behaviour: ItemChangeBehaviour, context: HandlerContext): Promise<void> {
  const id = context.params[behaviour.parameter] ?? '';
  const collection = collectionOf(context, behaviour);
  if (behaviour.kind === 'remove') {
    const removed = itemFor(context, behaviour, collection);
    if (removed instanceof MockHttpError) return context.refuse(removed);
    const locked = lockedByState(behaviour, removed);
    if (locked) return context.refuse(locked);
    const kept = keptByChildren(context.collections() as Map<string, Collection>, context.params, behaviour);
    if (kept) return context.refuse(kept);
    collection.remove(id, behaviour.softDelete);
    // A soft deletion keeps the children for a restore; a deletion for good takes them along.
    if (!behaviour.softDelete)
      removeChildren(context.collections() as Map<string, Collection>, behaviour.collection, context.params, id);
    recountAfterWrite(context, behaviour.recount, collection);
    recountReferred(context.collections(), behaviour.referred, collection, removed, undefined);
    return answerChange(context, behaviour, removed);
  }
  const sent = await context.readBody();
  if (sent instanceof MockHttpError) return context.refuse(sent);
  const body = underStoredNames(sent, behaviour.sentNames);
  const old = itemFor(context, behaviour, collection);
  if (old instanceof MockHttpError && behaviour.upsert && old.status === 404 && !collection.wasRemoved(id))
    return createAt(context, behaviour, collection, body, id);
  if (old instanceof MockHttpError) return context.refuse(old);
  const locked = unknownReference(behaviour.references, context.collections(), sent) ?? lockedByState(behaviour, old);
  if (locked) return context.refuse(locked);
  // What the service assigned at creation stays, whatever the client sends.
  const kept = Object.fromEntries(
    behaviour
      .assignedProperties()
      .filter((name) => name in old)
      .map((name) => [name, old[name]]),
  );
  const contentType = context.req.headers['content-type'];
  const change =
    behaviour.kind === 'update'
      ? { updated: updateFor(contentType)(old, body, behaviour.storedProperties) }
      : { replacement: { ...resetsFor(behaviour), ...storedFields(body, behaviour.storedProperties) } };
  const moved = behaviour.filled ? changedValues(behaviour.filled) : {};
  const changed = changedItem(old, change, { ...kept, ...moved }, collection.idProperty);
  // The item must stay what the document says an item is, whatever the change's own schema allows:
  // what the change left out and the item requires is kept, a value the item cannot hold is not
  // taken (as at creation); anything else wrong is refused.
  const next =
    behaviour.kind === 'update' && namesRemovals(contentType)
      ? requiredRemovalsAsNull(changed, body, behaviour.itemValidator)
      : holdable(old, keepRequired(old, changed, behaviour.itemViews), behaviour.keeps, (name) =>
          behaviour.objectMembers.has(name),
        );
  const issues = behaviour.itemValidator?.validate(next) ?? [];
  if (issues.length > 0) {
    const message = `The change would leave the item invalid: ${describeIssues(issues)}.`;
    return context.refuse(new MockHttpError(400, 'invalid_body', message));
  }
  const inUse = valuesInUse(behaviour.unique, collection, next, id);
  if (inUse) return context.refuse(inUse);
  const item = collection.replace(id, next);
  if (!item) return context.refuse(missing(behaviour, id));
  recountReferred(context.collections(), behaviour.referred, collection, old, item);
  answerChange(context, behaviour, item);
}

/** A PUT at a free key the client chose: the item made there, answered with the documented 201. */
function createAt(
  context: HandlerContext,
  behaviour: ItemChangeBehaviour,
  collection: Collection,
  body: unknown,
  id: string,
) {
  const values = valuesAt(behaviour, body, collection.idProperty, id);
  if (values instanceof MockHttpError) return context.refuse(values);
  const { item, json } = collection.create(values, id);
  recountReferred(context.collections(), behaviour.referred, collection, undefined, item);
  const path = (context.req.url ?? '').split('?')[0]!;
  const headers = behaviour.upsert!.location ? { ...behaviour.headers, Location: path } : behaviour.headers;
  sendJson(context.res, behaviour.upsert!.status, itemJson(behaviour, item, json), headers);
}

export const HANDLERS: Handlers = {
  list(behaviour, context) {
    const collection = collectionOf(context, behaviour);
    if (!behaviour.pages) return sendJson(context.res, behaviour.status, collection.listJson(), behaviour.headers);
    const host = context.req.headers.host;
    const origin = typeof host === 'string' && /^[\w.:[\]-]+$/.test(host) ? `http://${host}` : 'http://localhost';
    const { json, headers } = listPage(behaviour.pages, collection, context.req.url, origin);
    sendJson(context.res, behaviour.status, json, { ...behaviour.headers, ...headers });
  },

  read(behaviour, context) {
    const collection = collectionOf(context, behaviour);
    const item = itemFor(context, behaviour, collection, false);
    if (item instanceof MockHttpError) return context.refuse(item);
    const json = itemText(item);
    // An accepted job shows where it is, then is done: the next read finds it finished.
    const job = behaviour.completes;
    if (job && item[job.member] !== job.terminal)
      collection.replace(context.params[behaviour.parameter] ?? '', { ...item, [job.member]: job.terminal });
    if (behaviour.etag) {
      const etag = itemEtag(item, json);
      if (notModified(context.req, etag)) return answerNotModified(context, behaviour, etag);
    }
    answerItem(context, behaviour, item, true, json);
  },

  action(behaviour, context) {
    const collection = collectionOf(context, behaviour);
    if (behaviour.restores) return restore(behaviour, context, collection);
    const item = itemFor(context, behaviour, collection);
    if (item instanceof MockHttpError) return context.refuse(item);
    const id = context.params[behaviour.parameter] ?? '';
    if (behaviour.refusedStatus !== undefined && item[behaviour.member] === behaviour.target) {
      const already = `Item ${id} is ${JSON.stringify(behaviour.target)} already.`;
      throw new MockHttpError(behaviour.refusedStatus, 'conflict', already);
    }
    const state = item[behaviour.member];
    if (behaviour.refusedStatus !== undefined && behaviour.refusedFrom?.includes(state))
      throw new MockHttpError(
        behaviour.refusedStatus,
        'conflict',
        `Item ${id} is ${JSON.stringify(state)}: a final state.`,
      );
    if (behaviour.refusedStatus !== undefined && behaviour.from && !behaviour.from.includes(state))
      throw new MockHttpError(
        behaviour.refusedStatus,
        'conflict',
        `Item ${id} is ${JSON.stringify(state)}: this action starts only from ${behaviour.from.map((s) => JSON.stringify(s)).join(', ')}.`,
      );
    const early =
      tooEarly(behaviour, item, id) ?? namedRefusal(behaviour, context.collections(), context.params, item, id);
    if (early) throw early;
    const moved = collection.replace(id, { ...item, ...stampsNow(behaviour), [behaviour.member]: behaviour.target });
    if (moved) afterMove(behaviour, context.collections(), collection, item, moved);
    if (moved) moveNamed(behaviour, context.collections(), context.params, item, moved);
    answerItem(context, behaviour, moved, behaviour.answersItem);
  },

  async create(behaviour, context) {
    const received = await context.receiveBody();
    const key = behaviour.idempotency ? context.req.headers[behaviour.idempotency.header.toLowerCase()] : undefined;
    if (
      typeof key === 'string' &&
      answeredReplay(behaviour, collectionOf(context, behaviour), context.res, key, received)
    )
      return;
    const body = received.judged();
    if (body instanceof MockHttpError) return context.refuse(body);
    const outOfOrder =
      spanOutOfOrder(behaviour.spanOrders, (body ?? {}) as Record<string, unknown>) ??
      unknownReference(behaviour.references, context.collections(), body);
    if (outOfOrder) return context.refuse(outOfOrder);
    // An item made from another (a checkout's order) starts as a copy of what they share.
    const copied = behaviour.copiesFrom
      ? copiedMembers(behaviour.copiesFrom, context.collections(), context.params)
      : undefined;
    if (copied instanceof MockHttpError) return context.refuse(copied);
    const stored = storedFields(
      underStoredNames(body, behaviour.sentNames),
      behaviour.storedProperties,
      behaviour.keeps,
    );
    // A copy only where there is one: the stored fields carry the exact digits of big numbers.
    const fields = copied ? { ...stored, ...copied } : stored;
    const collection = collectionOf(context, behaviour);
    const chosen = chosenKey(behaviour.clientKey, body);
    if (chosen !== undefined && collection.find(String(chosen))) {
      const inUse = `The ${behaviour.clientKey!.property} ${JSON.stringify(chosen)} is already in use.`;
      return context.refuse(new MockHttpError(behaviour.clientKey!.conflictStatus, 'conflict', inUse));
    }
    try {
      const { assigned, fallback } = behaviour.initialValues();
      // Totals derived from lines (sums.ts), what the client sent kept exactly.
      // and times derived from others (`dueAt` = `loanedAt` + 14 days).
      const values = withDerivedTimes(
        withSums(
          layeredFields(
            fallback,
            fields,
            assigned,
            filledFor(behaviour.filled, context.params, fields, behaviour.caller?.()),
          ),
        ),
        behaviour.derived ?? [],
      );
      carryDigits(fields, values);
      const inUse = valuesInUse(behaviour.unique, collection, values);
      if (inUse) return context.refuse(inUse);
      const { item, json } = collection.create(values, chosen);
      const headers: Record<string, string> = { ...behaviour.headers };
      if (behaviour.location)
        headers.Location = locationOf(behaviour.location, context.params, item[collection.idProperty]);
      if (behaviour.etag) headers.ETag = itemEtag(item, json);
      recountAfterWrite(context, behaviour.recount, collection);
      recountReferred(context.collections(), behaviour.referred, collection, undefined, item);
      const answer = itemJson(behaviour, item, json);
      if (typeof key === 'string')
        collection.keepReplay(key, { text: received.text, sent: sentKey(received, body), json: answer, headers });
      sendJson(context.res, behaviour.status, answer, headers);
    } catch (error) {
      if (!(error instanceof CollectionFullError)) throw error;
      throw new MockHttpError(400, 'store_full', `${error.message}.`);
    }
  },

  replace: change,
  update: change,
  remove: change,

  ...JOB_HANDLERS,
  ...TALLY_HANDLERS,
  ...APPEND_HANDLERS,

  async respond(behaviour, context) {
    const sent = context.operation.requestBody ? await context.readBody() : undefined;
    if (sent instanceof MockHttpError) return context.refuse(sent);
    const { status, headers, body } = behaviour.answer();
    const length = body?.length ?? 0;
    context.res.writeHead(status, withCorsHeaders(context.res, { ...headers, 'Content-Length': String(length) }));
    context.res.end(body);
  },
};
