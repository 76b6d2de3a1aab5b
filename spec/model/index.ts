// The API model's public surface: the inference (infer.ts) and the parts it is made of.

export type { ActionReference } from './action-references.js';
export { participle, singularOf } from './action-targets.js';
export type { AddedChild } from './added-children.js';
export type { AnchorRule } from './anchors.js';
export { answeredItem, listedItems } from './answers.js';
export type { CallerNames, CurrentUser } from './caller.js';
export { currentUserOf } from './caller.js';
export { type CapacityRule, capacityOf } from './capacities.js';
export { changeCountersOf } from './change-counters.js';
export type { ChildTotal } from './child-totals.js';
export { childTotalsOf } from './child-totals.js';
export type { ClearedInstant } from './cleared-instants.js';
export { clearedInstantsOf } from './cleared-instants.js';
export type { CollectionSpec, ItemOperation, JsonSuccess } from './collections.js';
export {
  collectionOperations,
  creationSuccess,
  findCollections,
  jsonSuccess,
  pathNamesParents,
  putCreation,
  sameSchema,
} from './collections.js';
export type { CopiedValue } from './copied-values.js';
export type { Corrections, ResourceCorrection } from './corrections.js';
export { correctionsFromFile, correctionsOf } from './corrections.js';
export { madeUpCursorStatus } from './cursor-refusals.js';
export { allowedDelay } from './delays.js';
export type { DerivedTime } from './derived-times.js';
export { addedMs, derivedTimesOf, withDerivedTimes } from './derived-times.js';
export type { DrawnAmount } from './drawn-amounts.js';
export { entryWritesOf, writesBelowItem } from './entry-writes.js';
export { errorCodesSaid } from './error-codes.js';
export { explainedModel, explainModel, modelJson } from './explain.js';
export {
  changedValues,
  type FilledIn,
  filledInOf,
  filledValues,
  fillsNothing,
  movesWithOthers,
  NOW_INSTANT,
  OWNER,
  pathParameterNamed,
  STATE_INSTANT,
  takesNull,
  UPDATE_INSTANT,
} from './filled-in.js';
export type { Filter } from './filters.js';
export { evaluateFormula, type Formula, formulasOf } from './formulas.js';
export type { FrozenDeletion } from './frozen-deletions.js';
export { missingDeletionOf, refusedUnderDeleted } from './frozen-deletions.js';
export { HELD_BACK_UNTIL_DONE } from './held-back.js';
export type { Action, Conditional, Idempotency, Idioms } from './idioms.js';
export { IDEMPOTENCY_HEADER, operationPointer, statusMember, terminalState } from './idioms.js';
export type { ApiModel, Resource } from './infer.js';
export { apiModelOf, inferApiModel, resourceOf } from './infer.js';
export { type InitialState, initialStateOf, initialValuesOf } from './initial-states.js';
export { type Interval, intervalText } from './intervals.js';
export type { ItemShape } from './item-shape.js';
export { itemShapeOf } from './item-shape.js';
export type { JobOperations } from './jobs.js';
export { asynchronousJobs } from './jobs.js';
export type { KeptByChildren, NeedsChildren } from './kept-by-children.js';
export {
  deletedSwitchOf,
  deletionStampOf,
  type KeptDeletion,
  keptDeletionOf,
  restoreOfKeptItems,
} from './kept-deletions.js';
export type { KeptOnRepeat } from './kept-on-repeat.js';
export type { KeyScope } from './key-scopes.js';
export type { LineAmount } from './line-amounts.js';
export type { ListOrder } from './list-order.js';
export { addingSwitchesOf, listCapOf, listsEveryItem } from './list-reach.js';
export type { MadeElsewhere } from './made-elsewhere.js';
export { madeElsewhere, makersOf } from './made-elsewhere.js';
export { malformedBodyStatus, schemaViolationStatus } from './malformed-status.js';
export { conflictsOnNamedItems } from './named-conflicts.js';
export { CREATION_VERB, type NamedEffect, type NamedLink, type NamedState } from './named-effects.js';
export type { NeedsMember } from './needed-members.js';
export { membersNullClears } from './null-clears.js';
export type { Limit, Paging, PagingStyle } from './pagination.js';
export type { ParentDefault, ReferenceDefault } from './parent-defaults.js';
export type { ParentLock } from './parent-locks.js';
export { parentMoveSources, parentStatesSetBy } from './parent-moves.js';
export type { ParentTouch } from './parent-touches.js';
export type { ParentItem } from './parents.js';
export { collectionKey, listedParentOf, parentItemsOf, parentOfPath } from './parents.js';
export { comesBefore, type Precedence, precedenceIn, precedenceOf, validationBefore } from './precedence.js';
export { type PreferMinimal, preferMinimalOf } from './prefer-returns.js';
export { putCreates } from './put-creates.js';
export type { ReferenceState } from './reference-states.js';
export { type ReferencedBound, referencedBoundsOf } from './referenced-bounds.js';
export {
  collectionResource,
  listPathsIn,
  namesByIdName,
  namesResource,
  nestedItemsCarried,
  pairedMembersOf,
  pathMembersOf,
  REFERENCE,
  referencedCollection,
  referencedName,
  resourceName,
  resourceWordPattern,
  wordsNameItemId,
} from './references.js';
export { DELETION_VERB, type ReferrerEffect } from './referrer-effects.js';
export type { ReferrerLimit } from './referrer-limits.js';
export { replaceRemovalsOf, replaceResetsOf } from './replace-resets.js';
export { plainWord } from './resource-names.js';
export { saidErrorMembers } from './said-members.js';
export type { SaidRefusal } from './said-refusals.js';
export { overviewOf, sentencesOf } from './sentences.js';
export type { ItemView } from './shapes.js';
export { itemIn, itemsIn, lastSegment, singleItem, validatorOf } from './shapes.js';
export type { SpanOrder } from './span-orders.js';
export type { StateCount } from './state-counts.js';
export { itemWeight, keptOnItem, stateCountsOf } from './state-counts.js';
export type { SteppedCount } from './stepped-counts.js';
export type { SumRule } from './sums.js';
export { sumsOf, withEmptyLinesSummed, withSums } from './sums.js';
export type { Tally } from './tallies.js';
export type { TimedAction } from './timed-actions.js';
export { type UniqueEntries, uniqueEntriesOf } from './unique-entries.js';
export type { UniqueRule } from './unique-values.js';
export { unknownMembersIgnored } from './unknown-members.js';
export { validationStatusesOf } from './validation-statuses.js';
