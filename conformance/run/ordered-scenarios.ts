// The scenarios that run once the concurrent ones are done, in order: each reads or moves what the
// writes before it left (counts, locks, numbers), so one stage at a time, as listed.
import { type CollectionSpec, parentOfPath, putCreation } from '../../spec/index.js';
import { checkActionInputs, hasGatedBodies } from '../plan/scenarios/action-inputs.js';
import { checkActionReferences, namesInActions } from '../plan/scenarios/action-references.js';
import { checkActionSources, drawsSources } from '../plan/scenarios/action-sources.js';
import { checkAssignedEntries } from '../plan/scenarios/assigned-entries.js';
import { childrenOfDeletedParent } from '../plan/scenarios/cascades.js';
import { checkCopiedValues } from '../plan/scenarios/copied-values.js';
import { checkNamedEffects, movesNamed } from '../plan/scenarios/named-effects.js';
import { actionsNeedingChildren } from '../plan/scenarios/needs-children.js';
import { actionsNeedingMembers, needsMembers } from '../plan/scenarios/needs-member.js';
import { checkOwnLocks } from '../plan/scenarios/own-locks.js';
import { checkParentLocks } from '../plan/scenarios/parent-locks.js';
import { checkParentUnequal } from '../plan/scenarios/parent-unequal.js';
import { boundedByReferences, checkReferencedBounds } from '../plan/scenarios/referenced-bounds.js';
import { itemsKeptByReferrers } from '../plan/scenarios/referred-deletions.js';
import { checkReferrerEffects, movesReferrers } from '../plan/scenarios/referrer-effects.js';
import { checkReferrerLimits, limitsReferrers } from '../plan/scenarios/referrer-limits.js';
import { checkRefusedKeys } from '../plan/scenarios/refused-keys.js';
import { checkReferenceStates } from '../plan/scenarios/refused-states.js';
import { checkKeptOnRepeat, keepsOnRepeat } from '../plan/scenarios/repeat-keeps.js';
import { checkChildrenKeptOnReplace, keepsOnReplace } from '../plan/scenarios/replace-keeps.js';
import { checkRestoredAsItWas, restoresAsItWas } from '../plan/scenarios/restored-items.js';
import { checkScopedKeys } from '../plan/scenarios/scoped-keys.js';
import { checkSpanOrders } from '../plan/scenarios/span-orders.js';
import { checkTiedPages } from '../plan/scenarios/tied-pages.js';
import { checkTimedActions, timesActions } from '../plan/scenarios/timed-actions.js';
import { checkWholeInvalidCreations, namesOtherItems } from '../plan/scenarios/whole-invalid-creations.js';
import {
  childCounts,
  childTotals,
  drawnAmounts,
  entryTouches,
  lineAmounts,
  numbersPerMember,
  numbersPerParent,
  referrerCounts,
  steppedCounts,
} from './count-stages.js';
import { each, nested, resourceIn, type ScenarioScope, type Stage } from './stage-kit.js';

export type { ScenarioScope } from './stage-kit.js';

/** Parents deleted with a child under them. */
const deletedParents: Stage = (scope) => {
  const keptBy = (parent: CollectionSpec) => resourceIn(scope)(parent)?.idioms.keptByChildren ?? [];
  return each(nested(scope), ({ collection }) =>
    childrenOfDeletedParent(collection, scope.context, scope.runner, keptBy, (c) => resourceIn(scope)(c)?.idioms),
  );
};

/** Writes under a parent its words lock in some states, sent once a parent of the run's own left
 * them. Items a PUT makes (ticket types by code) are locked the same way. */
const parentLocks: Stage = (scope) => {
  const { settings, testable, context } = scope;
  const putMade = settings.model.resources.filter(
    ({ collection }) =>
      !settings.readOnly &&
      !collection.create &&
      collection.path.includes('{') &&
      testable.some((operation) => operation === putCreation(collection)?.operation),
  );
  return each([...nested(scope), ...putMade], (resource) => {
    const parent = parentOfPath(resource.collection.path, context.collections);
    return checkParentLocks(resource, parent && resourceIn(scope)(parent.collection), context, scope.runner);
  });
};

/** Members a creation must send equal to its parent's, sent other under a parent of the run's own. */
const parentUnequal: Stage = (scope) =>
  each(
    nested(scope).filter(({ idioms }) => (idioms.parentEquals?.length ?? 0) > 0),
    (resource) => checkParentUnequal(resource, scope.context, scope.runner),
  );

/** Writes of an item its own words lock to some states (a published event's deletion). */
const ownLocks: Stage = (scope) =>
  each(
    scope.creatable.filter(({ idioms }) => (idioms.ownLocks?.length ?? 0) > 0),
    (resource) => checkOwnLocks(resource, scope.context, scope.runner),
  );

/** Values copied from a named item, kept when the run changes that item (one of its own). */
const copiedValues: Stage = (scope) =>
  each(
    scope.creatable.filter(({ idioms }) => (idioms.copied?.length ?? 0) > 0),
    (resource) => checkCopiedValues(resource, scope.context, scope.runner),
  );

/** Restores the words say bring an item back as it was, on one moved into another state first. */
const restoredAsItWas: Stage = (scope) =>
  each(
    scope.creatable.filter((resource) => restoresAsItWas(resource, scope.context)),
    (resource) => checkRestoredAsItWas(resource, scope.context, scope.runner),
  );

/** Spans whose end the words order after their start: an end before it, and one equal where strict. */
const spanOrders: Stage = (scope) =>
  each(
    scope.creatable.filter(({ idioms }) => (idioms.spanOrders?.length ?? 0) > 0),
    (resource) => checkSpanOrders(resource, scope.context, scope.runner),
  );

/** Actions from each state their words draw them from, and refused from the others. */
const actionSources: Stage = (scope) =>
  each([...scope.creatable, ...scope.madeByPut, ...scope.madeElsewhere].filter(drawsSources), (resource) =>
    checkActionSources(resource, scope.context, scope.runner),
  );

/** Creations naming an item in a state their words refuse (an order for a draft event). */
const referenceStates: Stage = (scope) =>
  each(
    scope.creatable.filter(({ idioms }) => (idioms.referenceStates?.length ?? 0) > 0),
    (resource) => checkReferenceStates(resource, resourceIn(scope), scope.context, scope.runner),
  );

/** Numbers bounded by a member of the item they name, sent one past it. */
const referencedBounds: Stage = (scope) =>
  each(
    scope.creatable.filter(({ collection }) => boundedByReferences(collection, scope.context)),
    (resource) => checkReferencedBounds(resource.collection, scope.context, scope.runner),
  );

/** Limits on how many items may name one item, filled on an item of the run's own. */
const referrerLimits: Stage = (scope) =>
  each(scope.creatable.filter(limitsReferrers), (resource) =>
    checkReferrerLimits(resource, scope.context, scope.runner),
  );

/** Items tied on the member a list is ordered by, walked in pages smaller than the tie. */
const tiedPages: Stage = (scope) =>
  each(scope.creatable, (resource) => checkTiedPages(resource, scope.context, scope.runner));

/** Actions the words allow only once a time of the item has passed, taken before it. */
const timedActions: Stage = (scope) =>
  each(scope.creatable.filter(timesActions), (resource) => checkTimedActions(resource, scope.context, scope.runner));

/** Members only the service assigns, sent inside a creation's closed entries (an order line's price). */
const assignedEntries: Stage = (scope) =>
  each(scope.creatable, ({ collection }) => checkAssignedEntries(collection, scope.context, scope.runner));

const refusedKeys: Stage = (scope) =>
  each(scope.creatable, (resource) => checkRefusedKeys(resource, scope.context, scope.runner));

const scopedKeys: Stage = (scope) =>
  each(scope.creatable, (resource) => checkScopedKeys(resource, scope.context, scope.runner));

/** Actions whose words move the items naming their item (an event's cancel cancels its orders). */
const referrerEffects: Stage = (scope) =>
  each(scope.creatable.filter(movesReferrers), (resource) =>
    checkReferrerEffects(resource, resourceIn(scope), scope.context, scope.runner),
  );

/** Creations whose words move the item they name (a payment makes its invoice paid). */
const namedEffects: Stage = (scope) =>
  each(scope.creatable.filter(movesNamed), (resource) =>
    checkNamedEffects(resource, resourceIn(scope), scope.context, scope.runner),
  );

/** Actions the words allow only once the item has a child, sent on a new item without any. */
const childlessActions: Stage = (scope) =>
  each([...scope.creatable, ...scope.madeByPut], (resource) =>
    actionsNeedingChildren(resource, scope.context, scope.runner),
  );

/** Actions the words refuse while a member of the item is unset, on an item made without it. */
const memberlessActions: Stage = (scope) =>
  each(scope.creatable.filter(needsMembers), (resource) =>
    actionsNeedingMembers(resource, scope.context, scope.runner),
  );

/** Actions whose body names another item, sent naming one that exists nowhere. */
const unknownInActions: Stage = (scope) =>
  each(scope.creatable.filter(namesInActions), (resource) =>
    checkActionReferences(resource, scope.context, scope.runner),
  );

/** Actions' invalid bodies, sent on an item moved into a state the action starts from. */
const invalidActionBodies: Stage = (scope) =>
  each(scope.creatable.filter(hasGatedBodies(scope.context)), (resource) =>
    checkActionInputs(resource, scope.context, scope.runner),
  );

/** Creations naming other items, sent with one member broken in a body otherwise whole. */
const wholeInvalidCreations: Stage = (scope) =>
  each(scope.creatable.filter(namesOtherItems(scope.context)), (resource) =>
    checkWholeInvalidCreations(resource, scope.context, scope.runner),
  );

/** Children a replacement keeps, read after their parent is replaced. */
const keptOnReplace: Stage = (scope) =>
  each([...scope.creatable, ...scope.madeByPut].filter(keepsOnReplace), (resource) =>
    checkChildrenKeptOnReplace(resource, scope.context, scope.runner),
  );

/** Writes the words say change nothing when repeated, sent twice. */
const repeatedWrites: Stage = (scope) =>
  each(scope.creatable.filter(keepsOnRepeat), (resource) => checkKeptOnRepeat(resource, scope.context, scope.runner));

/** Items the words keep while others name them (a copy with an active loan), deleted once one does. */
const keptByReferrers: Stage = (scope) =>
  each([...scope.creatable, ...scope.madeByPut], (resource) =>
    itemsKeptByReferrers(resource, scope.context, scope.runner),
  );

/** In the order they run. */
export const ORDERED_STAGES: readonly Stage[] = [
  childCounts,
  deletedParents,
  parentLocks,
  parentUnequal,
  ownLocks,
  copiedValues,
  restoredAsItWas,
  spanOrders,
  actionSources,
  referenceStates,
  referrerLimits,
  referencedBounds,
  tiedPages,
  timedActions,
  assignedEntries,
  refusedKeys,
  scopedKeys,
  referrerEffects,
  namedEffects,
  childlessActions,
  memberlessActions,
  unknownInActions,
  invalidActionBodies,
  wholeInvalidCreations,
  keptOnReplace,
  repeatedWrites,
  keptByReferrers,
  drawnAmounts,
  steppedCounts,
  lineAmounts,
  childTotals,
  entryTouches,
  numbersPerParent,
  numbersPerMember,
  referrerCounts,
];

export async function runOrderedScenarios(scope: ScenarioScope): Promise<void> {
  for (const stage of ORDERED_STAGES) await stage(scope);
}
