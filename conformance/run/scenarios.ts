// The scenario stage: per resource, the create-list-read sequences, the change and delete
// lifecycle and the idioms the model read; then every creation of the run verified in a final list.
import { putCreation } from '../../spec/index.js';
import { resourceOf } from '../../spec/model/index.js';
import { idKey } from '../judge/json-body.js';
import { addsChildren, checkAddedChildren } from '../plan/scenarios/added-children.js';
import { checkCapacity } from '../plan/scenarios/capacities.js';
import { countChildren } from '../plan/scenarios/child-counts.js';
import { checkExactPages, endsPagesExactly } from '../plan/scenarios/exact-pages.js';
import { checkFilters } from '../plan/scenarios/filters.js';
import { fixedList, walkFixedList } from '../plan/scenarios/fixed-lists.js';
import { checkFrozenDeletion, freezesDeletions } from '../plan/scenarios/frozen-deletions.js';
import { headOfAbsent, headOfRead } from '../plan/scenarios/head-reads.js';
import { hasIdioms, runIdioms } from '../plan/scenarios/idioms.js';
import { followJobs } from '../plan/scenarios/jobs.js';
import { runItemLifecycle } from '../plan/scenarios/lifecycle.js';
import { listedBelowParents, listUnderListedParents } from '../plan/scenarios/listed-parent-lists.js';
import { checkMissingParent, itemAbove } from '../plan/scenarios/missing-parents.js';
import { deletedBelowParents, deleteThroughOtherParent } from '../plan/scenarios/other-parent-writes.js';
import { runOwnership } from '../plan/scenarios/ownership.js';
import { checkParentDefaults, takesParentDefaults } from '../plan/scenarios/parent-defaults.js';
import { parentParams } from '../plan/scenarios/parents.js';
import { checkPrecedence, precedenceCase } from '../plan/scenarios/precedence.js';
import { checkReferenceDefaults, takesReferenceDefaults } from '../plan/scenarios/reference-defaults.js';
import { runSequences } from '../plan/scenarios/sequences.js';
import { checkStateCounts } from '../plan/scenarios/state-counts.js';
import { checkTallies } from '../plan/scenarios/tallies.js';
import { checkUniqueValues, holdsUniqueValues } from '../plan/scenarios/unique-values.js';
import { checkUnknownReferences, namesOtherItems } from '../plan/scenarios/unknown-references.js';
import { runOrderedScenarios } from './ordered-scenarios.js';
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
    // Lists clients cannot add to at all (no operation writes them): walked in pages of one, totals judged.
    ...settings.model.resources
      .filter(({ collection }) => fixedList(collection, context))
      .filter(({ collection }) => testable.includes(collection.list!.operation) && !collection.path.includes('{'))
      .map(({ collection }) => walkFixedList(collection, context, sequenceRunner)),
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
    // Items below a parent, deleted at another parent's path: refused, and kept.
    ...(settings.readOnly ? [] : creatable)
      .filter(({ collection }) => deletedBelowParents(collection, context.collections))
      .map(({ collection }) => deleteThroughOtherParent(collection, context, sequenceRunner)),
    // Lists below the parents the service holds, asked without a limit (its own long lists).
    ...settings.model.resources
      .filter(({ collection }) => listedBelowParents(collection))
      .map(({ collection }) => listUnderListedParents(collection, context, sequenceRunner)),
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
    // Members whose default an item the body names holds, left out of a creation.
    ...(settings.readOnly
      ? []
      : creatable
          .filter(takesReferenceDefaults)
          .map((resource) => checkReferenceDefaults(resource, context, sequenceRunner))),
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
  await runOrderedScenarios({
    settings,
    context,
    runner: sequenceRunner,
    testable,
    creatable,
    madeElsewhere,
    madeByPut,
  });
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
