// The scenario stage: per resource, the create-list-read sequences, the change and delete
// lifecycle and the idioms the model read; then every creation of the run verified in a final list.
import { type CollectionSpec, type Operation, parentOfPath, putCreation } from '../../spec/index.js';
import { resourceOf } from '../../spec/model/index.js';
import { idKey } from '../judge/json-body.js';
import { checkActionSources, drawsSources } from '../plan/scenarios/action-sources.js';
import { addsChildren, checkAddedChildren } from '../plan/scenarios/added-children.js';
import { checkAssignedEntries } from '../plan/scenarios/assigned-entries.js';
import { checkCapacity } from '../plan/scenarios/capacities.js';
import { childrenOfDeletedParent } from '../plan/scenarios/cascades.js';
import { countChildren, countReferrers } from '../plan/scenarios/child-counts.js';
import { followChildTotals } from '../plan/scenarios/child-totals.js';
import { checkCopiedValues } from '../plan/scenarios/copied-values.js';
import { checkDrawnAmounts, drawsAmounts } from '../plan/scenarios/drawn-amounts.js';
import { checkExactPages, endsPagesExactly } from '../plan/scenarios/exact-pages.js';
import { checkFilters } from '../plan/scenarios/filters.js';
import { checkFrozenDeletion, freezesDeletions } from '../plan/scenarios/frozen-deletions.js';
import { headOfAbsent, headOfRead } from '../plan/scenarios/head-reads.js';
import { hasIdioms, runIdioms } from '../plan/scenarios/idioms.js';
import { followJobs } from '../plan/scenarios/jobs.js';
import { runItemLifecycle } from '../plan/scenarios/lifecycle.js';
import { checkLineAmounts, movesLineAmounts } from '../plan/scenarios/line-amounts.js';
import { checkMissingParent, itemAbove } from '../plan/scenarios/missing-parents.js';
import { checkNamedEffects, movesNamed } from '../plan/scenarios/named-effects.js';
import { actionsNeedingChildren } from '../plan/scenarios/needs-children.js';
import { checkNumbering } from '../plan/scenarios/numbering.js';
import { checkOwnLocks } from '../plan/scenarios/own-locks.js';
import { runOwnership } from '../plan/scenarios/ownership.js';
import { checkParentDefaults, takesParentDefaults } from '../plan/scenarios/parent-defaults.js';
import { checkParentLocks } from '../plan/scenarios/parent-locks.js';
import { checkParentTouch } from '../plan/scenarios/parent-touches.js';
import { parentParams } from '../plan/scenarios/parents.js';
import { checkPrecedence, precedenceCase } from '../plan/scenarios/precedence.js';
import { itemsKeptByReferrers } from '../plan/scenarios/referred-deletions.js';
import { checkReferrerEffects, movesReferrers } from '../plan/scenarios/referrer-effects.js';
import { checkReferrerLimits, limitsReferrers } from '../plan/scenarios/referrer-limits.js';
import { checkRefusedKeys } from '../plan/scenarios/refused-keys.js';
import { checkReferenceStates } from '../plan/scenarios/refused-states.js';
import { checkRestoredAsItWas, restoresAsItWas } from '../plan/scenarios/restored-items.js';
import { checkScopedKeys } from '../plan/scenarios/scoped-keys.js';
import { runSequences } from '../plan/scenarios/sequences.js';
import { checkSpanOrders } from '../plan/scenarios/span-orders.js';
import { checkStateCounts } from '../plan/scenarios/state-counts.js';
import { checkSteppedCounts, stepsCounts } from '../plan/scenarios/stepped-counts.js';
import { checkTallies } from '../plan/scenarios/tallies.js';
import { checkTiedPages } from '../plan/scenarios/tied-pages.js';
import { checkTimedActions, timesActions } from '../plan/scenarios/timed-actions.js';
import { checkUniqueValues, holdsUniqueValues } from '../plan/scenarios/unique-values.js';
import { checkUnknownReferences, namesOtherItems } from '../plan/scenarios/unknown-references.js';
import type { RunSession } from './session.js';

export async function runScenarios(session: RunSession): Promise<void> {
  const { settings, context, sequenceRunner, testable } = session;
  const creatable = settings.model.resources.filter(
    ({ collection }) => !settings.readOnly && collection.create && testable.includes(collection.create.operation),
  );
  // Collections without a creation whose items another POST makes (a cart's checkout, an order).
  const madeElsewhere = settings.model.resources.filter(
    ({ collection, idioms }) =>
      !settings.readOnly && !collection.create && idioms.madeBy?.some((made) => testable.includes(made.operation)),
  );
  // Collections a PUT at a key the client chooses makes, with no POST (PUT /books/{isbn} answering 201).
  const madeByPut = settings.model.resources.filter(({ collection }) => {
    const put = putCreation(collection);
    return !settings.readOnly && put !== undefined && testable.includes(put.operation);
  });
  const progress = settings.progress;
  await Promise.all([
    ...creatable
      .filter(({ collection }) => collection.list)
      .map(async ({ collection }) => {
        await runSequences(collection, context, sequenceRunner);
        await countChildren(
          collection,
          context,
          sequenceRunner,
          await parentParams(collection, context, sequenceRunner),
        );
        progress(`${collection.path}: create, list and read-back sequences done`);
      }),
    ...[...creatable.filter(({ collection: c }) => c.replace || c.update || c.remove), ...madeByPut].map(
      async (resource) => {
        const { collection } = resource;
        await runItemLifecycle(resource, context, sequenceRunner);
        progress(`${collection.path}: change and delete sequence done`);
      },
    ),
    ...creatable
      .filter((resource) => resource.idioms.owned)
      .map(async (resource) => {
        await runOwnership(resource, context, sequenceRunner, settings.options.otherApiKey);
        progress(
          `${resource.collection.path}: treated as owned (${resource.idioms.owned!.how}): another user's access checked`,
        );
      }),
    // Lists clients cannot add to (seeded vets, clinics): their filters judged on the items they hold.
    ...settings.model.resources
      .filter((resource) => !creatable.includes(resource) && (resource.collection.list?.filters.length ?? 0) > 0)
      .filter(
        (resource) => testable.includes(resource.collection.list!.operation) && !resource.collection.path.includes('{'),
      )
      .map(async (resource) => {
        const { collection } = resource;
        const reach = sequenceRunner.reach.scenario('filter scenario', collection.path, ['filters applied']);
        const items = await session.readList(collection);
        const item = items?.find((one) => one?.[collection.idProperty] !== undefined);
        if (!item) return reach.stop('its list holds no item to filter by');
        await checkFilters(resource, item, {}, context, sequenceRunner, idKey(item, collection.idProperty));
        reach.done('filters applied');
        progress(`${collection.path}: filters checked on the items it lists`);
      }),
    // Values the document's words make unique: taken twice, another offset, freed by a state.
    ...creatable.filter(holdsUniqueValues).map(async (resource) => {
      await checkUniqueValues(resource, context, sequenceRunner);
      progress(`${resource.collection.path}: values one item at a time may hold checked`);
    }),
    // Members that name other items: an item that exists nowhere is refused.
    ...[...creatable, ...madeByPut].filter(namesOtherItems).map(async (resource) => {
      await checkUnknownReferences(resource, context, sequenceRunner);
      progress(`${resource.collection.path}: references to unknown items checked`);
    }),
    // Writes below an item that does not exist, and reads of what is below it: refused (404) as
    // the document says.
    ...(settings.readOnly ? [] : testable)
      .filter((operation) => itemAbove(operation, context.collections))
      .map(async (operation) => {
        await checkMissingParent(operation, context, sequenceRunner);
        progress(`${operation.id}: a request below a missing item checked`);
      }),
    // Children a change adds (a revision per change of a named member).
    ...(settings.readOnly
      ? []
      : creatable.filter(addsChildren).map((resource) => checkAddedChildren(resource, context, sequenceRunner))),
    // A missing item and invalid input at once, where the words order the refusals.
    ...(settings.readOnly
      ? []
      : testable
          .filter((operation) => precedenceCase(operation, settings.contract, context.collections))
          .map((operation) => checkPrecedence(operation, settings.contract, context, sequenceRunner))),
    // Members whose default the parent holds, left out of a child's creation.
    ...(settings.readOnly
      ? []
      : creatable
          .filter(takesParentDefaults)
          .map((resource) => checkParentDefaults(resource, context, sequenceRunner))),
    // Writes to an item deleted just before, where the words freeze it until restored.
    ...(settings.readOnly
      ? []
      : creatable.filter(freezesDeletions).map((resource) => checkFrozenDeletion(resource, context, sequenceRunner))),
    // HEAD of an item that does not exist: not found, as its GET.
    ...settings.model.resources
      .filter(({ collection }) => headOfRead(collection, context.operations))
      .map(({ collection }) => headOfAbsent(collection, context, sequenceRunner)),
    // Jobs a 202 starts, followed where its Location says until they end.
    ...(settings.readOnly ? [] : [followJobs(context, sequenceRunner, testable, settings.model.resources)]),
    ...[...creatable, ...madeElsewhere, ...madeByPut].filter(hasIdioms).map(async (resource) => {
      await runIdioms(resource, context, sequenceRunner);
      progress(`${resource.collection.path}: idempotency, conditional request and action sequence done`);
    }),
  ]).finally(() => session.sender.finishSequenceWrites());
  // Counts of children once every scenario's writes are in (deletions and restores included); then
  // parents deleted with a child under them.
  const nested = creatable.filter(({ collection }) => collection.path.includes('{'));
  await Promise.all(
    nested
      .filter(({ collection }) => collection.list)
      .map(async ({ collection }) =>
        countChildren(collection, context, sequenceRunner, await parentParams(collection, context, sequenceRunner)),
      ),
  );
  const resourceIn = (collection: CollectionSpec) => resourceOf(settings.model, collection);
  const keptBy = (parent: CollectionSpec) => resourceIn(parent)?.idioms.keptByChildren ?? [];
  await Promise.all(
    nested.map(({ collection }) =>
      childrenOfDeletedParent(collection, context, sequenceRunner, keptBy, (c) => resourceIn(c)?.idioms),
    ),
  );
  // Writes under a parent its words lock in some states, sent once a parent of the run's own left them.
  // Items a PUT makes (ticket types by code) are locked the same way.
  const putMade = settings.model.resources.filter(
    ({ collection }) =>
      !settings.readOnly &&
      !collection.create &&
      collection.path.includes('{') &&
      testable.some((operation: Operation) => operation === putCreation(collection)?.operation),
  );
  await Promise.all(
    [...nested, ...putMade].map((resource) => {
      const parent = parentOfPath(resource.collection.path, context.collections);
      return checkParentLocks(resource, parent && resourceIn(parent.collection), context, sequenceRunner);
    }),
  );
  // Writes of an item its own words lock to some states (a published event's deletion).
  await Promise.all(
    creatable
      .filter(({ idioms }) => (idioms.ownLocks?.length ?? 0) > 0)
      .map((resource) => checkOwnLocks(resource, context, sequenceRunner)),
  );
  // Values copied from a named item, kept when the run changes that item (one of its own).
  await Promise.all(
    creatable
      .filter(({ idioms }) => (idioms.copied?.length ?? 0) > 0)
      .map((resource) => checkCopiedValues(resource, context, sequenceRunner)),
  );
  // Restores the words say bring an item back as it was, on one moved into another state first.
  await Promise.all(
    creatable
      .filter((resource) => restoresAsItWas(resource, context))
      .map((resource) => checkRestoredAsItWas(resource, context, sequenceRunner)),
  );
  // Spans whose end the words order after their start: an end before it, and one equal where strict.
  await Promise.all(
    creatable
      .filter(({ idioms }) => (idioms.spanOrders?.length ?? 0) > 0)
      .map((resource) => checkSpanOrders(resource, context, sequenceRunner)),
  );
  // Actions from each state their words draw them from, and refused from the others.
  await Promise.all(
    [...creatable, ...madeByPut]
      .filter(drawsSources)
      .map((resource) => checkActionSources(resource, context, sequenceRunner)),
  );
  // Creations naming an item in a state their words refuse (an order for a draft event).
  await Promise.all(
    creatable
      .filter(({ idioms }) => (idioms.referenceStates?.length ?? 0) > 0)
      .map((resource) => checkReferenceStates(resource, resourceIn, context, sequenceRunner)),
  );
  // Limits on how many items may name one item, filled on an item of the run's own.
  await Promise.all(
    creatable.filter(limitsReferrers).map((resource) => checkReferrerLimits(resource, context, sequenceRunner)),
  );
  // Items tied on the member a list is ordered by, walked in pages smaller than the tie.
  await Promise.all(creatable.map((resource) => checkTiedPages(resource, context, sequenceRunner)));
  // Actions the words allow only once a time of the item has passed, taken before it.
  await Promise.all(
    creatable.filter(timesActions).map((resource) => checkTimedActions(resource, context, sequenceRunner)),
  );
  // Members only the service assigns, sent inside a creation's closed entries (an order line's price).
  await Promise.all(creatable.map(({ collection }) => checkAssignedEntries(collection, context, sequenceRunner)));
  await Promise.all(creatable.map((resource) => checkRefusedKeys(resource, context, sequenceRunner)));
  await Promise.all(creatable.map((resource) => checkScopedKeys(resource, context, sequenceRunner)));
  // Actions whose words move the items naming their item (an event's cancel cancels its orders).
  await Promise.all(
    creatable
      .filter(movesReferrers)
      .map((resource) => checkReferrerEffects(resource, resourceIn, context, sequenceRunner)),
  );
  await Promise.all(
    creatable.filter(movesNamed).map((resource) => checkNamedEffects(resource, resourceIn, context, sequenceRunner)),
  );
  // Actions the words allow only once the item has a child, sent on a new item without any.
  await Promise.all(creatable.map((resource) => actionsNeedingChildren(resource, context, sequenceRunner)));
  // Items the words keep while others name them (a copy with an active loan), deleted once one does.
  await Promise.all(
    [...creatable, ...madeByPut].map((resource) => itemsKeptByReferrers(resource, context, sequenceRunner)),
  );
  // Counts of named items a creation and deletion move by their amount (a line's quantity of stock).
  await Promise.all(
    creatable.filter(drawsAmounts).map((resource) => checkDrawnAmounts(resource, context, sequenceRunner)),
  );
  // Counts of other items a write moves by one (a loan's member's activeLoanCount): one resource at
  // a time, so no other write moves them between the reads.
  for (const resource of creatable.filter(stepsCounts)) await checkSteppedCounts(resource, context, sequenceRunner);
  // Counts a write on an item with lines moves by their amounts (a checkout's stock): one at a time.
  for (const resource of [...creatable, ...madeElsewhere].filter(movesLineAmounts))
    await checkLineAmounts(resource, context, sequenceRunner);
  // A parent's totals of its children (entryCount, totalMinutes), moved by one child made and deleted.
  await Promise.all(
    nested.map(async ({ collection, idioms }) => {
      await followChildTotals(collection, idioms.parentTotals ?? [], context, sequenceRunner);
      await checkParentTouch(collection, idioms.touchesParent, context, sequenceRunner);
    }),
  );
  await Promise.all(
    nested.map(({ collection }) => checkNumbering(collection, settings.contract.document, context, sequenceRunner)),
  );
  // Numbers within a body member (orders per supplier): one collection at a time, nothing else writing.
  for (const { collection } of creatable.filter(({ collection }) => !collection.path.includes('{')))
    await checkNumbering(collection, settings.contract.document, context, sequenceRunner);
  // Counts of the items that name an item from another collection (productCount), once all is in.
  await Promise.all(
    settings.model.resources
      .filter(({ collection }) => collection.read && testable.includes(collection.read.operation))
      .map(({ collection }) => countReferrers(collection, context, sequenceRunner)),
  );
}

/** Reads that count items, checked when nothing else writes (after the operations and scenarios). */
export async function checkCounts(session: RunSession): Promise<void> {
  if (session.settings.readOnly) return;
  await checkTallies(session.settings.model.resources, session.testable, session.context, session.sequenceRunner);
  // Counts of the items naming an item in some states (tickets in paid orders), one at a time.
  const resources = session.settings.model.resources;
  for (const resource of resources)
    if ((resource.idioms.stateCounts?.length ?? 0) > 0 && !session.sequenceRunner.stopped())
      await checkStateCounts(
        resource,
        (collection) => resourceOf(session.settings.model, collection),
        session.context,
        session.sequenceRunner,
      );
  // A parent's capacity filled past it, on a parent of the run's own.
  for (const resource of resources)
    if (resource.idioms.capacity && !session.sequenceRunner.stopped())
      await checkCapacity(
        resource,
        (collection) => resourceOf(session.settings.model, collection),
        session.context,
        session.sequenceRunner,
      );
  // Pages that end on the last item, read while nothing writes (the list's size must hold still).
  for (const { collection } of session.settings.model.resources)
    if (endsPagesExactly(collection) && session.testable.includes(collection.list!.operation))
      await checkExactPages(collection, session.context, session.sequenceRunner);
}

export async function verifyCreations(session: RunSession): Promise<void> {
  if (session.settings.readOnly) return;
  await session.creations.verify(session.context, session.sequenceRunner);
  session.settings.progress('every creation of the run looked up in a final list');
}
