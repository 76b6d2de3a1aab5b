// The item scenario for collections that change items: create one, then PUT a new version and read
// it, PATCH one field and read it, DELETE it and read it (404). It talks to the target only through
// the functions it is given.
import { itemShapeOf, missingDeletionOf, putCreates, type Resource, restoreOfKeptItems } from '../../../spec/index.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { changeCounts, oneMore } from './change-counts.js';
import { withCurrentTag } from './current-tags.js';
import { checkDeletedListed } from './deleted-listing.js';
import { headWhileLive } from './head-reads.js';
import { sendInvalidChanges } from './invalid-changes.js';
import { noMoreThanHeld, settleClock, stampedInstants, stampsOf } from './item-instants.js';
import { instantSetBy, leavesList } from './kept-deletion-words.js';
import { type StoredChange, sendMinimalChange } from './minimal-returns.js';
import { createParent, parentParams } from './parents.js';
import { carriedChanges, partialUpdates } from './partial-updates.js';
import { holdableReplacement, putAtFreeKey } from './put-steps.js';
import { sendReadOnlyChange } from './read-only-changes.js';
import { withHeldValues } from './refusal-retry.js';
import { withMemberLeftOut, withResetMemberMoved } from './replace-resets.js';
import { answeredAs, asCarried, succeeded } from './sequence-runner.js';
import { listCollection, type SequenceRunner } from './sequences.js';

export async function runItemLifecycle(
  resource: Resource,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  const { collection } = resource;
  const goneStatus = resource.idioms.softDelete?.status;
  const { read } = collection;
  // Made by a POST, or by a PUT at a key the client chooses where no POST exists (PUT /books/{isbn}).
  const create = itemShapeOf(collection);
  if (!create) return;
  const steps = [
    ...(collection.replace ? ['replace stored'] : []),
    ...(collection.update ? ['update stored'] : []),
    ...((collection.update ?? collection.replace) ? ['invalid changes refused'] : []),
    ...(collection.remove ? ['delete gone'] : []),
  ];
  const reach = runner.reach.scenario('item scenario', collection.path, steps);
  // Items that hold slots (times bound to the parent's period, values one item at a time may hold)
  // are changed under a parent of their own where the run can make one: a change moved onto another
  // scenario's slot is rightly refused. Others share the run's parent, whose counts are judged.
  // Changes into a span another of the run's items holds may rightly be refused (an interval rule).
  // An item with a span of its own (`checkIn`..`checkOut`) may be refused one that meets another of
  // the run's items too, where the words' overlap rule is not read.
  const spans = resource.idioms.unique?.some((rule) => rule.interval) || (resource.idioms.spanOrders?.length ?? 0) > 0;
  const heldOff = spans ? { heldByOwnItems: 'interval' as const } : {};
  const holdsSlots = (resource.idioms.anchored?.length ?? 0) > 0 || (resource.idioms.unique?.length ?? 0) > 0;
  const parent =
    (holdsSlots ? await createParent(collection, context, runner, 'lifecycle') : undefined) ??
    (await parentParams(collection, context, runner));
  const making = await runner.make(collection, { what: 'to change and delete', purpose: 'lifecycle', parent });
  if ('refused' in making) return reach.stop(making.refused);
  const [, fresh2, fresh3] = await runner.freshBodies(collection, 3, 'lifecycle');
  const first = making.made.sent;
  const created = making.made;
  if (runner.stopped()) return reach.stop('the run stopped early');
  const { id, at } = created;
  // The changes' times in the parent's period as the creation's (anchors.ts): what is expected back
  // is what goes on the wire.
  const anchored = (role: typeof collection.update, body: unknown) =>
    role ? context.anchors.apply(role.operation, at(role.parameter), body) : body;
  const second = anchored(collection.replace, fresh2);
  const third = anchored(collection.update, fresh3);
  // What a body gives the item: its stored properties, of values the item can hold (as for a creation).
  const stored = (body: unknown) =>
    Object.fromEntries(
      Object.entries((body ?? {}) as Record<string, unknown>).filter(
        ([name, value]) => create.storedProperties.includes(name) && create.keeps(name, value),
      ),
    );

  const readCase = (what: string) =>
    read && context.testCase(read.operation, { kind: 'positive', plain: true, pathParams: at(read.parameter), what });
  const readAfter = async (what: string, sequence: Parameters<SequenceRunner['execute']>[1]['sequence']) => {
    const testCase = readCase(what);
    if (testCase) await runner.execute(testCase, { collection, ...(sequence ? { sequence } : {}) });
  };

  // Where a change must name the item's version (If-Match), the item's current ETag, read just before.
  const preconditioned = (testCase: TestCase): Promise<TestCase> =>
    read ? withCurrentTag(testCase, collection, at(read.parameter), context, runner) : Promise.resolve(testCase);

  // The stamped instants the first change is judged against: a second apart from it at least, so
  // a service stamping whole seconds still moves its update instant on.
  let instantsBefore = stampedInstants(created.item);
  if (instantsBefore) await settleClock(instantsBefore);
  const firstChange = () => {
    const before = instantsBefore;
    instantsBefore = undefined;
    return before ? { instantsBefore: before } : {};
  };
  let current = stored(first);
  // Counts of the item's changes its words keep (`revision` grows by one): one more after each.
  let counts = changeCounts(collection, created.item);
  const countedOnce = () => oneMore(counts);
  // The replacement is valid for the PUT's own schema, which may require more than the creation's
  // (DigitalOcean's projects: a PUT needs every member a POST leaves optional).
  const holdable = collection.replace
    ? noMoreThanHeld(
        context,
        collection.replace.operation,
        holdableReplacement(context, collection, create, second),
        current,
      )
    : undefined;
  // Where the PUT's words say it replaces, the members the item holds are left out: they must come
  // back reset.
  const put = collection.replace;
  // What the item holds: what was sent, over what the service filled in (a default it applied).
  const holding = { ...created.item, ...current };
  // Members held at their reset value are moved off it first, so the later replacement leaving
  // them out shows each one reset (a service may reset one member and keep another).
  const primed = put ? withResetMemberMoved(context, put.operation, holdable, holding) : undefined;
  const leftOutNow = put && !primed ? withMemberLeftOut(context, put.operation, holdable, holding) : undefined;
  const replacement = leftOutNow ? leftOutNow.body : (primed ?? holdable);
  const replacements: { body: unknown; leftOut?: ReturnType<typeof withMemberLeftOut> }[] =
    replacement === undefined ? [] : [{ body: replacement, ...(leftOutNow ? { leftOut: leftOutNow } : {}) }];
  let retried = false;
  for (let step = 0; put && step < replacements.length; step++) {
    const { body, leftOut } = replacements[step]!;
    const testCase = context.testCase(put.operation, {
      kind: 'positive',
      plain: true,
      pathParams: at(put.parameter),
      payload: { kind: 'json', value: body },
      what: leftOut
        ? `replacing an item just created, ${Object.keys(leftOut.expected).join(', ')} left out`
        : 'replacing an item just created',
    });
    const instants = firstChange();
    const expected = { ...stored(asCarried(testCase, body)), ...leftOut?.expected };
    const answer = {
      changeAnswer: { id, kind: 'replace' as const, expected: { ...expected, ...countedOnce() }, ...instants },
      ...heldOff,
    };
    const executed = await runner.execute(await preconditioned(testCase), { collection, sequence: answer });
    if (executed?.exchange.ok)
      runner.conclude(testCase, executed.exchange, executed.body, {
        collection,
        sequence: { idiom: { idiom: 'put-replaced', id } },
      });
    // A refused PUT is positive_data_acceptance's finding; the item then still holds what it held.
    // Refused for a member the refusal names ("can not go down"), it is sent once more with the
    // value the item holds.
    const answered = executed?.body.kind === 'json' ? executed.body.value : undefined;
    const retry = !succeeded(executed) && !retried ? withHeldValues(body, answered, holding) : undefined;
    if (retry) {
      retried = true;
      replacements.splice(step + 1, 0, { body: retry });
      continue;
    }
    if (!succeeded(executed)) {
      reach.skip('replace stored', `its PUT was ${answeredAs(executed)}`);
      break;
    }
    current = expected;
    counts = countedOnce();
    reach.done('replace stored');
    await readAfter('after PUT', {
      afterChange: { id, kind: 'replace', expected: { ...current, ...counts }, ...instants },
    });
    // Moved off its reset value: now left out, it must come back reset.
    const next = primed && step === 0 ? withMemberLeftOut(context, put.operation, body, current) : undefined;
    if (next) replacements.push({ body: next.body, leftOut: next });
  }
  const patch = collection.update;
  const patchSteps =
    patch && third !== undefined
      ? partialUpdates(collection, context, current, stored(third), stored(first), resource.idioms.clearedInstants)
      : [];
  if (patch && patchSteps.length === 0)
    reach.skip('update stored', 'no PATCH body of members its schema names could be built from a fresh body');
  // The replacement took the first change's stamps: the first PATCH gets its own, a second on.
  const stampsRead =
    collection.replace && patchSteps.length > 0 ? readCase('for its stamps before a PATCH') : undefined;
  if (stampsRead && instantsBefore === undefined) instantsBefore = await stampsOf(runner, stampsRead, collection);
  let lastPatched: StoredChange | undefined;
  for (const step of patchSteps) {
    if (!patch || runner.stopped()) break;
    const testCase = context.testCase(patch.operation, {
      kind: 'positive',
      plain: true,
      pathParams: at(patch.parameter),
      payload: { kind: 'json', value: step.body },
      what: step.what,
      ...(step.mediaType ? { mediaType: step.mediaType } : {}),
      ...(step.stateMayRefuse ? { onMadeItem: true } : {}),
    });
    const refused = step.refused === true;
    const instants = refused ? {} : firstChange();
    const after = refused ? counts : countedOnce();
    const stepExpected = refused
      ? step.expected
      : carriedChanges(step.expected, step.body, asCarried(testCase, step.body));
    const answer = {
      changeAnswer: { id, kind: 'update' as const, expected: { ...stepExpected, ...after }, refused, ...instants },
      ...heldOff,
    };
    const executed = await runner.execute(await preconditioned(testCase), { collection, sequence: answer });
    if (!executed?.exchange.ok || (!refused && executed.exchange.response.status >= 300)) {
      // A state the item may rightly keep (a closed issue not reopened) ends the steps, unreached
      // nothing: every change before it was stored.
      const kept = step.stateMayRefuse && executed?.exchange.ok && executed.exchange.response.status < 500;
      if (!kept) reach.skip('update stored', `its PATCH was ${answeredAs(executed)}`);
      break;
    }
    current = stepExpected;
    counts = after;
    lastPatched = { body: asCarried(testCase, step.body), ...(step.mediaType ? { mediaType: step.mediaType } : {}) };
    reach.done('update stored');
    await readAfter('after PATCH', {
      afterChange: { id, kind: 'update', expected: { ...current, ...counts }, ...instants },
    });
  }
  // The last stored change once more, asking for the bodiless answer its words promise.
  if (patch && lastPatched && !runner.stopped())
    await sendMinimalChange(collection, context, runner, lastPatched, at, preconditioned);
  // The members the PATCH declares readOnly, sent: ignored or refused, never taken.
  if ((patch || collection.replace) && !runner.stopped())
    await sendReadOnlyChange(collection, context, runner, created.item, at, preconditioned);
  if (
    collection.clientKey &&
    collection.replace &&
    putCreates(collection.replace.operation) &&
    replacement !== undefined
  )
    await putAtFreeKey(collection, context, runner, replacement, parent, reach);
  const change = collection.update ?? collection.replace;
  if (change && !runner.stopped()) {
    const sent = await sendInvalidChanges(collection, change, context, runner, at, preconditioned, created.item);
    if (sent > 0) {
      reach.done('invalid changes refused');
      // Whatever was refused left the item as it was.
      await readAfter('after invalid changes', { afterChange: { id, kind: 'update', expected: current } });
    } else reach.skip('invalid changes refused', 'no member of its change body can be made invalid');
  }
  const restore = resource.idioms.softDelete?.restore ?? restoreOfKeptItems(collection, context.operations);
  const restoreAt = read?.parameter ?? collection.remove?.parameter;
  const restoreCase = (what: string) =>
    restore && restoreAt
      ? context.testCase(restore, { kind: 'positive', plain: true, pathParams: at(restoreAt), what })
      : undefined;
  const liveRestore = restoreCase('restoring an item that is not deleted');
  const refusal = restore && [409, 422].find((status) => restore.responses.some((r) => r.status === String(status)));
  if (liveRestore && refusal && collection.remove && !runner.stopped())
    await runner.execute(liveRestore, {
      collection,
      sequence: { idiom: { idiom: 'restore-live', id, expectedStatus: refusal } },
    });
  // HEAD answers as GET does: the live item is there (after DELETE, below, it is gone there too).
  const head = read && context.operations.find((o) => o.method === 'HEAD' && o.path === read.operation.path);
  if (head && read && !runner.stopped())
    await headWhileLive(collection, head, read, at(read.parameter), context, runner);
  if (collection.remove && !runner.stopped()) {
    const remove = collection.remove;
    const testCase = context.testCase(remove.operation, {
      kind: 'positive',
      plain: true,
      pathParams: at(remove.parameter),
      what: 'deleting an item just created',
    });
    // Items of the run's own may name it by now, where the words keep it while they do.
    const kept = (resource.idioms.keptByChildren?.length ?? 0) > 0;
    const executed = await runner.execute(await preconditioned(testCase), {
      collection,
      ...(kept ? { sequence: { heldByOwnItems: 'referrers' as const } } : {}),
    });
    const moved = resource.idioms.stateDeletion;
    if (succeeded(executed) && moved) {
      // A DELETE that keeps the item ("it is not removed"): it reads on, in the state the words give.
      reach.done('delete gone');
      const state = moved.member !== undefined ? { member: moved.member, expected: moved.to } : undefined;
      // Its deletion instant set, where the model reads one (`deletedAt` "set to the instant of
      // deletion") or the DELETE's words set one ("`retiredAt` ... is set to the instant").
      const stamp = resource.idioms.keptDeletion?.stamp ?? instantSetBy(remove.operation.description) ?? '';
      await readAfter('after a DELETE that keeps it', {
        afterRemove: { id, readableWith: stamp },
        ...(state ? { idiom: { idiom: 'action' as const, verb: 'DELETE', ...state } } : {}),
      });
      // "left out of `GET /parts` unless `includeRetired=true`": the plain list holds it no more.
      if (collection.list && leavesList(remove.operation.description))
        await listCollection(
          collection,
          context,
          runner,
          parent,
          { afterRemove: { id } },
          'after a DELETE that keeps it',
        );
    } else if (succeeded(executed)) {
      reach.done('delete gone');
      // Where the model reads soft deletion (a documented 410), a deleted item is gone, not unknown.
      const kept = resource.idioms.keptDeletion;
      const readableWith = kept?.readable ? (kept.stamp ?? '') : undefined;
      const gone = {
        afterRemove: {
          id,
          ...(goneStatus ? { goneStatus } : {}),
          ...(readableWith !== undefined ? { readableWith } : {}),
        },
      };
      await readAfter('after DELETE', gone);
      // HEAD answers as GET does, without a body: the deleted item is gone there too.
      if (head && read)
        await runner.execute(
          context.testCase(head, {
            kind: 'positive',
            plain: true,
            pathParams: at(read.parameter),
            what: 'after DELETE',
          }),
          { collection, sequence: gone },
        );
      // Deleted again, where the words refuse a DELETE of an item that does not exist.
      const missing = !goneStatus && !kept ? missingDeletionOf(collection) : undefined;
      if (missing && !runner.stopped()) {
        const again = { ...testCase, label: `${testCase.label} again` };
        const idiom = { idiom: 'missing-delete' as const, expectedStatus: missing.status, words: missing.words };
        await runner.execute(again, { collection, sequence: { idiom } });
      }
      if (collection.list) {
        await listCollection(collection, context, runner, parent, { afterRemove: { id } }, 'after DELETE');
        await checkDeletedListed(collection, context, runner, parent, id);
      }
      // A soft deletion is undone by the restore the document gives: the item reads again.
      const restoring = restoreCase('restoring an item just deleted');
      if (restoring && !runner.stopped()) {
        // The members its words clear ("back to active, `retiredAt: null`") must read null.
        const nulled = resource.idioms.actions?.find((one) => one.operation === restoring.operation)?.nulls;
        const restored = await runner.execute(restoring, {
          collection,
          sequence: { idiom: { idiom: 'restored', id, ...(nulled ? { nulled } : {}) } },
        });
        if (succeeded(restored)) {
          await readAfter('after restore', { readBack: { id, sent: {} } });
          // Deleted again: the parent's count of children, judged at the end, meets a deleted one.
          await runner.send(await preconditioned(testCase));
        }
      }
    } else reach.skip('delete gone', `its DELETE was ${answeredAs(executed)}`);
  }
}
