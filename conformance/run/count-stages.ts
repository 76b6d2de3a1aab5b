// The ordered stages that read counts, totals and numbers, and what writes below an item move on it:
// each after the stages that change states and locks, so the writes they follow are their own.
import { countChildren, countReferrers } from '../plan/scenarios/child-counts.js';
import { followChildTotals } from '../plan/scenarios/child-totals.js';
import { checkDrawnAmounts, drawsAmounts } from '../plan/scenarios/drawn-amounts.js';
import { checkEntryTouches, touchingWritesOf } from '../plan/scenarios/entry-touches.js';
import { checkLineAmounts, movesLineAmounts } from '../plan/scenarios/line-amounts.js';
import { checkNumbering } from '../plan/scenarios/numbering.js';
import { checkParentMoves, movesParent } from '../plan/scenarios/parent-moves.js';
import { checkParentTouch } from '../plan/scenarios/parent-touches.js';
import { parentParams } from '../plan/scenarios/parents.js';
import { checkSteppedCounts, stepsCounts } from '../plan/scenarios/stepped-counts.js';
import { each, nested, oneAtATime, type Stage } from './stage-kit.js';

/** Counts of children once every scenario's writes are in (deletions and restores included). */
export const childCounts: Stage = (scope) =>
  each(
    nested(scope).filter(({ collection }) => collection.list),
    async ({ collection }) =>
      countChildren(
        collection,
        scope.context,
        scope.runner,
        await parentParams(collection, scope.context, scope.runner),
      ),
  );

/** Counts of named items a creation and deletion move by their amount (a line's quantity of stock). */
export const drawnAmounts: Stage = (scope) =>
  each(scope.creatable.filter(drawsAmounts), (resource) => checkDrawnAmounts(resource, scope.context, scope.runner));

/** Counts of other items a write moves by one (a loan's member's activeLoanCount): one resource at a
 * time, so no other write moves them between the reads. */
export const steppedCounts: Stage = (scope) =>
  oneAtATime(scope.creatable.filter(stepsCounts), (resource) =>
    checkSteppedCounts(resource, scope.context, scope.runner),
  );

/** Counts a write on an item with lines moves by their amounts (a checkout's stock): one at a time. */
export const lineAmounts: Stage = (scope) =>
  oneAtATime([...scope.creatable, ...scope.madeElsewhere].filter(movesLineAmounts), (resource) =>
    checkLineAmounts(resource, scope.context, scope.runner),
  );

/** A parent's totals of its children (entryCount, totalMinutes), moved by one child made and
 * deleted; then the parent's update instant and state a child moves. */
export const childTotals: Stage = (scope) =>
  each(nested(scope), async ({ collection, idioms }) => {
    await followChildTotals(collection, idioms.parentTotals ?? [], scope.context, scope.runner);
    await checkParentTouch(collection, idioms.touchesParent, scope.context, scope.runner);
    if (movesParent(collection, scope.context)) await checkParentMoves(collection, scope.context, scope.runner);
  });

/** Writes below an item that change what it holds (a cart's line), where their words say they
 * move its update instant. */
export const entryTouches: Stage = (scope) =>
  each(
    scope.creatable.filter((resource) => touchingWritesOf(resource, scope.context).length > 0),
    (resource) => checkEntryTouches(resource, scope.context, scope.runner),
  );

/** Numbers per parent. */
export const numbersPerParent: Stage = (scope) =>
  each(nested(scope), ({ collection }) =>
    checkNumbering(collection, scope.settings.contract.document, scope.context, scope.runner),
  );

/** Numbers within a body member (orders per supplier): one collection at a time, nothing else writing. */
export const numbersPerMember: Stage = (scope) =>
  oneAtATime(
    scope.creatable.filter(({ collection }) => !collection.path.includes('{')),
    ({ collection }) => checkNumbering(collection, scope.settings.contract.document, scope.context, scope.runner),
  );

/** Counts of the items that name an item from another collection (productCount), once all is in. */
export const referrerCounts: Stage = (scope) =>
  each(
    scope.settings.model.resources.filter(
      ({ collection }) => collection.read && scope.testable.includes(collection.read.operation),
    ),
    ({ collection }) => countReferrers(collection, scope.context, scope.runner),
  );
