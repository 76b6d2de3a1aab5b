// What each kind of behaviour does with a matched, authenticated request: a handler map keyed by
// kind (openapi-backend registers its handlers the same way). A new behaviour is a new entry.

import { carryDigits, withDerivedTimes, withSums } from '../../spec/core.js';
import { withCorsHeaders } from '../core/cors.js';
import { MockHttpError, sendJson } from '../core/errors.js';
import { APPEND_HANDLERS } from './append-answers.js';
import { change } from './change-handler.js';
import { layeredFields, storedFields } from './changes.js';
import { chosenAction } from './chosen-actions.js';
import { chosenKey, filledFor } from './client-keys.js';
import { itemEtag, notModified } from './conditional.js';
import { recountAfterWrite } from './counts.js';
import { noteEntryNumbers, withShapedEntries } from './entries.js';
import { withFormulas } from './formula-values.js';
import { collectionOf, type HandlerContext, type Handlers } from './handler-context.js';
import { answerItem, answerNotModified, itemFor, itemJson } from './item-answers.js';
import { underStoredNames } from './item-values.js';
import { JOB_HANDLERS } from './jobs.js';
import { withDeleted } from './kept-deletions.js';
import { listPage } from './list-pages.js';
import { copiedMembers } from './made-elsewhere.js';
import { moveItemsNamed } from './named-life.js';
import { copiedFromNamed, fromNamed, fromParent, unknownReference } from './named-references.js';
import { unequalToParent } from './parent-equals.js';
import { lockedByParent } from './parent-locks.js';
import { moveParent } from './parent-moves.js';
import { listJsonOf, withinParent } from './parent-views.js';
import { pastReferencedBound } from './referenced-bounds.js';
import { recountReferred } from './referrer-counts.js';
import { pastLimit } from './referrer-limits.js';
import { answeredReplay, sentKey } from './replays.js';
import { locationOf } from './resource-idioms.js';
import { restore } from './restores.js';
import { spanOutOfOrder } from './said-rules.js';
import { actionRefusal, moveSource, sourceOf, takeAction } from './source-actions.js';
import { stepCounts } from './stepped-counts.js';
import { CollectionFullError, itemText } from './store.js';
import { TALLY_HANDLERS } from './tallies.js';
import { valuesInUse } from './unique-values.js';

export type { HandlerContext, Handlers };

export const HANDLERS: Handlers = {
  list(behaviour, context) {
    const whole = collectionOf(context, behaviour);
    const listed = withDeleted(whole, behaviour.deletedSwitch, context.req.url);
    const collection = behaviour.within ? withinParent(listed, behaviour.within, context.params) : listed;
    if (!behaviour.pages) return sendJson(context.res, behaviour.status, listJsonOf(collection), behaviour.headers);
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
      collection.replace(context.params[behaviour.parameter] ?? '', {
        ...item,
        [job.member]: job.terminal,
        ...job.doneValues?.(),
      });
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
    const refused = actionRefusal(behaviour, context, item, id);
    if (refused) throw refused;
    const moved = takeAction(behaviour, context, collection, item, id);
    answerItem(context, behaviour, moved, behaviour.answersItem);
  },

  // One operation, several actions by a body member: the one the body names.
  async choice(behaviour, context) {
    const chosen = await chosenAction(behaviour, context);
    if (chosen instanceof MockHttpError) return context.refuse(chosen);
    return HANDLERS.action(chosen, context);
  },

  async create(behaviour, context) {
    const received = await context.receiveBody();
    const key = behaviour.idempotency ? context.req.headers[behaviour.idempotency.header.toLowerCase()] : undefined;
    if (
      typeof key === 'string' &&
      answeredReplay(behaviour, collectionOf(context, behaviour), context.res, key, received)
    )
      return;
    const judged = received.judged();
    if (judged instanceof MockHttpError) return context.refuse(judged);
    // Entries of lists a POST below the item adds to (a cart's lines) kept as that POST keeps them.
    const body = behaviour.entryShapes
      ? withShapedEntries(behaviour.entryShapes, judged, context.collections())
      : judged;
    if (body instanceof MockHttpError) return context.refuse(body);
    const outOfOrder =
      spanOutOfOrder(behaviour.spanOrders, (body ?? {}) as Record<string, unknown>) ??
      unknownReference(behaviour.references, context.collections(), body) ??
      lockedByParent(behaviour, context.collections(), context.params) ??
      unequalToParent(behaviour.parentEquals, context.collections(), context.params, body) ??
      pastReferencedBound(behaviour.bounds, context.collections(), context.params, body);
    if (outOfOrder) return context.refuse(outOfOrder);
    // An item another item's action makes (a cart's checkout, an order): the source's state allows it.
    const source = behaviour.sourceAction ? sourceOf(behaviour.sourceAction, context) : undefined;
    if (source instanceof MockHttpError) return context.refuse(source);
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
    const limited = pastLimit(behaviour.limits, context.collections(), collection, body, context.params);
    if (limited) return context.refuse(limited);
    const chosen = chosenKey(behaviour.clientKey, body);
    const held = behaviour.clientKey?.heldWhenDeleted === true && collection.wasRemoved(String(chosen));
    if (chosen !== undefined && (collection.find(String(chosen)) || held)) {
      const inUse = `The ${behaviour.clientKey!.property} ${JSON.stringify(chosen)} is already in use.`;
      return context.refuse(new MockHttpError(behaviour.clientKey!.conflictStatus, 'conflict', inUse));
    }
    try {
      const { assigned, fallback } = behaviour.initialValues(fields);
      // Totals derived from lines (sums.ts), what the client sent kept exactly.
      // and times derived from others (`dueAt` = `loanedAt` + 14 days).
      const values = withDerivedTimes(
        withFormulas(
          withSums(
            layeredFields(
              fallback,
              {
                ...fromNamed(behaviour.referenceDefaults, context.collections(), fields),
                ...fromParent(behaviour.parentDefaults, context.collections(), context.params, fields),
              },
              fields,
              { ...assigned, ...copiedFromNamed(behaviour.references, context.collections(), body) },
              filledFor(behaviour.filled, context.params, fields, behaviour.caller?.()),
            ),
          ),
          behaviour.formulas,
        ),
        // A time derived only when absent ("an absent `dueDate` is ... plus 21 days") keeps one sent.
        behaviour.derived?.some((rule) => rule.whenAbsent && Object.hasOwn(fields, rule.member))
          ? behaviour.derived.filter((rule) => !(rule.whenAbsent && Object.hasOwn(fields, rule.member)))
          : (behaviour.derived ?? []),
      );
      carryDigits(fields, values);
      const inUse = valuesInUse(behaviour.unique, collection, values);
      if (inUse) return context.refuse(inUse);
      const { item, json } = collection.create(values, chosen);
      if (source && behaviour.sourceAction)
        moveSource(behaviour.sourceAction, context, source, {
          id: item[collection.idProperty],
          ...(behaviour.sourceNaming ? { naming: behaviour.sourceNaming } : {}),
        });
      if (behaviour.entryShapes)
        noteEntryNumbers(behaviour.entryShapes, collection, String(item[collection.idProperty]), item);
      const headers: Record<string, string> = { ...behaviour.headers };
      if (behaviour.location)
        headers.Location = locationOf(behaviour.location, context.params, item[collection.idProperty]);
      if (behaviour.etag) headers.ETag = itemEtag(item, json);
      recountAfterWrite(context, behaviour.recount, collection);
      if (behaviour.parentMove) moveParent(behaviour.parentMove, context.collections(), context.params);
      recountReferred(context.collections(), behaviour.referred, collection, undefined, item);
      stepCounts(behaviour.countSteps, context.collections(), context.params, item);
      if (behaviour.namedMoves)
        moveItemsNamed(behaviour.namedMoves, behaviour.namedReferred, context.collections(), context.params, item);
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
