// Binds a behaviour to every operation of the document: stateful ones to the resources of its API
// model, and an answer prepared from the document to every other operation.

import {
  type Action,
  apiModelOf,
  type CollectionSpec,
  type Contract,
  listedParentOf,
  type Operation,
  type ParentItem,
  parentItemsOf,
  parentOfPath,
  propertiesOf,
  type Resource,
  type ResourceCorrection,
  replaceResetsOf,
  responseFor,
} from '../../spec/core.js';
import { actionLifeOf, deletionMovesOf } from './action-life.js';
import { addedChildrenFor } from './added-children.js';
import { bindAppends } from './appends.js';
import {
  type ActionBehaviour,
  answerHeaders,
  type Behaviour,
  type Bindings,
  type InitialValues,
  wrapOf,
} from './behaviour-types.js';
import { changeCountsOf } from './change-counts.js';
import { choicesOf } from './chosen-actions.js';
import { recountsOf } from './counts.js';
import { formulasFor } from './formula-values.js';
import { initialValuesOf } from './initial-values.js';
import { itemViews, requestProperties, sentNamesOf } from './item-values.js';
import { bindJobs } from './jobs.js';
import { clearedOnRestore, deletedSwitchFor, keptOnRemoval } from './kept-deletions.js';
import { bindHeads, callerOf, filledOf, stampsOf } from './life-bindings.js';
import { lineAmountsFor } from './line-amounts.js';
import { planListPages } from './list-pages.js';
import { madeElsewhere } from './made-elsewhere.js';
import { minimalAnswerOf } from './minimal-answers.js';
import { creationMovesOf, namedLifeOf } from './named-life.js';
import { type ParentDefaulted, referencesOf } from './named-references.js';
import { parentEqualsOf } from './parent-equals.js';
import { parentLockOf } from './parent-locks.js';
import { parentMoveOf } from './parent-moves.js';
import { parentViewsOf } from './parent-views.js';
import { referencedBoundsFor } from './referenced-bounds.js';
import { referrerRecountsOf, stateRecountsOf, withStateRecounts } from './referrer-counts.js';
import { referrerLimitsFor } from './referrer-limits.js';
import { actionBehaviour, completionOf, conditionalOf, itemPathOf, ownedBy } from './resource-idioms.js';
import { type PreparedAnswer, prepareAnswer, successResponse } from './respond.js';
import { stateLockOf } from './said-rules.js';
import { stateDeletionBehaviour } from './state-deletions.js';
import { stateMovesOf } from './state-moves.js';
import { countStepsOf } from './stepped-counts.js';
import { storedByChange } from './stored-by-change.js';
import { tallyBehavioursOf } from './tallies.js';
import { uniqueValuesFor } from './unique-values.js';

export type * from './behaviour-types.js';

/** Where a PUT makes the item at a key the client chooses: the 201 it documents (else its success). */
function upsertOf(
  collection: CollectionSpec,
  kind: 'replace' | 'update' | 'remove',
  operation: Operation,
  initialValues: () => InitialValues,
): { upsert?: { status: number; initialValues: () => InitialValues; location?: boolean } } {
  if (kind !== 'replace' || !collection.clientKey) return {};
  const created = operation.responses.find((response) => response.status === '201');
  if (!created) return {};
  const location = created.headers.some((header) => header.name.toLowerCase() === 'location');
  return { upsert: { status: 201, initialValues, ...(location ? { location } : {}) } };
}

/** What a replacing PUT's left-out members become (replace-resets.ts in the model). */
function resetsOf(kind: 'replace' | 'update' | 'remove', operation: Operation) {
  const resets = kind === 'replace' ? replaceResetsOf(operation) : undefined;
  return resets ? { resets } : {};
}

/** The status a creation documents for a key already in use: 409, else 422, else 400. */
function conflictStatusOf(operation: Operation): number {
  const documented = new Set(operation.responses.map((response) => response.status));
  return ['409', '422'].map(Number).find((status) => documented.has(String(status))) ?? 400;
}

/** What a request to `operation` (the creation's, by default) may send of the item: its properties,
 * and the stored names it spells another way (Twilio's FriendlyName for friendly_name). */
function sendableOf(
  create: CollectionSpec['create'],
  operation = create?.operation,
): { sendable: Set<string> | undefined; sentNames: Map<string, string> } {
  const requested = operation ? requestProperties(operation) : undefined;
  const sentNames = sentNamesOf(create?.storedProperties ?? [], requested);
  return { sendable: requested && new Set([...requested, ...sentNames.keys()]), sentNames };
}

/** The members some view of the item holds as an object. */
function objectMembersOf(collection: CollectionSpec): Set<string> {
  const isObject = (schema: unknown): boolean =>
    typeof schema === 'object' &&
    schema !== null &&
    ((schema as { type?: unknown }).type === 'object' || 'properties' in schema);
  return new Set(
    itemViews(collection).flatMap((view) =>
      Object.entries(propertiesOf(view.schema)).flatMap(([name, schema]) => (isObject(schema) ? [name] : [])),
    ),
  );
}

export function bindBehaviours(contract: Contract, corrections?: ReadonlyMap<string, ResourceCorrection>): Bindings {
  const model = apiModelOf(contract, corrections);
  const collections = model.collections;
  const behaviours = new Map<Operation, Behaviour>();
  const initials = new Map<Resource, () => InitialValues>();
  const caller = callerOf(contract, behaviours);
  const recounts = recountsOf(collections);
  const referred = withStateRecounts(referrerRecountsOf(collections), stateRecountsOf(model.resources));
  const keptCounts = (path: string) => ({ referred: referred.get(path), children: recounts.get(path) });
  // Actions on variants of one operation (named by a body member) are served by that operation.
  const chosen: Parameters<typeof choicesOf>[0][number][] = [];
  const bindAction = (action: Action, behaviour: ActionBehaviour) =>
    action.operation.variantOf
      ? chosen.push({ verb: action.verb, operation: action.operation, behaviour })
      : behaviours.set(action.operation, behaviour);
  for (const resource of model.resources) {
    const { collection } = resource;
    const conditional = conditionalOf(resource);
    const { path, create } = collection;
    const { sendable } = sendableOf(create);
    const values = initialValuesOf(resource, sendable);
    initials.set(resource, values);
    for (const kind of ['replace', 'update', 'remove'] as const) {
      const item = collection[kind];
      if (!item) continue;
      const { sendable: changeable, sentNames: changeNames } = sendableOf(create, item.operation);
      behaviours.set(item.operation, {
        kind,
        collection: path,
        status: item.status,
        parameter: item.parameter,
        // What the creation or this change may send (DigitalOcean's PUT takes is_default, its POST not).
        // Items a PUT makes (no creation): what the item holds and the PUT sends. A change may send
        // what no creation can (an issue's `state`): the item holds it, so the change stores it.
        storedProperties: storedByChange(create, sendable, changeable, collection, item.operation),
        ...(changeNames.size > 0 ? { sentNames: changeNames } : {}),
        assignedProperties: () => Object.keys(values().assigned),
        answersItem: item.success !== undefined,
        headers: answerHeaders(item.success),
        itemViews: itemViews(collection),
        objectMembers: objectMembersOf(collection),
        ...wrapOf(item.item),
        ...conditional,
        ...(create ? { itemValidator: create.item.validator, keeps: create.keeps } : {}),
        ...upsertOf(collection, kind, item.operation, values),
        ...resetsOf(kind, item.operation),
        ...(kind === 'remove' && resource.idioms.keptByChildren ? { keptBy: resource.idioms.keptByChildren } : {}),
        ...(kind === 'remove' ? { ...keptOnRemoval(resource), ...deletionMovesOf(resource, referred) } : {}),
        ...stateLockOf(resource.idioms.ownLocks, item.operation),
        ...parentLockOf(resource, item.operation, collections),
        ...formulasFor(collection),
        ...(kind === 'remove' ? {} : { ...changeCountsOf(collection), ...minimalAnswerOf(item.operation) }),
        ...stateMovesOf(collection, kind, resource.idioms.clearedInstants, collections),
        ...(kind === 'update' ? addedChildrenFor(resource.idioms.addedChildren, collections) : {}),
        ...countStepsOf(resource, item.operation, collections, keptCounts(path)),
        ...uniqueValuesFor(resource.idioms.unique, item.operation),
        ...(kind === 'remove' ? {} : referencesOf(resource, item.operation, collections)),
        ...((create ?? collection.read)
          ? filledOf(collection, (create ?? collection.read)!.item.schema, collections, caller)
          : {}),
        // A removal moves the parent's counts; any change, its sums of the child's members.
        ...((kind === 'remove' || recounts.get(path)?.sums) && recounts.has(path)
          ? { recount: recounts.get(path)! }
          : {}),
        ...(referred.has(path) ? { referred: referred.get(path)! } : {}),
      });
    }
    const kept = collection.remove && stateDeletionBehaviour(resource, conditionalOf(resource), collections);
    if (kept) behaviours.set(collection.remove!.operation, kept);
  }
  for (const resource of model.resources) {
    const { collection } = resource;
    const { path, list, create, read } = collection;
    if (read)
      behaviours.set(read.operation, {
        kind: 'read',
        collection: path,
        status: read.success.status,
        parameter: read.parameter,
        headers: answerHeaders(read.success),
        ...wrapOf(read.item),
        ...conditionalOf(resource),
        ...completionOf(resource),
      });
    for (const action of resource.idioms.actions ?? []) {
      const kept = resource.idioms.keptDeletion;
      const restores = action.operation === (resource.idioms.softDelete?.restore ?? kept?.restore);
      const bound = actionBehaviour(collection, action, conditionalOf(resource), restores);
      const recount = restores || recounts.get(path)?.sums ? recounts.get(path) : undefined;
      if (bound)
        bindAction(action, {
          ...bound,
          ...stampsOf(collection, bound.target, collections, action.verb),
          ...(recount ? { recount } : {}),
          ...(restores ? clearedOnRestore(resource) : {}),
          ...actionLifeOf(resource, action.verb, referred),
          ...namedLifeOf(resource, action.verb, referred),
          ...changeCountsOf(collection, action.verb),
          ...countStepsOf(resource, action.operation, collections, keptCounts(path)),
          ...lineAmountsFor(resource, action.operation),
        });
    }
    if (list) {
      const status = list.success.status;
      const pages = planListPages(resource);
      behaviours.set(list.operation, {
        kind: 'list',
        collection: path,
        status,
        headers: answerHeaders(list.success),
        ...(pages ? { pages } : {}),
        ...(ownedBy(resource) ? { owned: true } : {}),
        ...deletedSwitchFor(resource),
      });
    }
    if (create) {
      const { sendable, sentNames } = sendableOf(create);
      behaviours.set(create.operation, {
        kind: 'create',
        collection: path,
        ...wrapOf(create.item),
        ...(resource.idioms.location ? { location: itemPathOf(collection, contract.basePath) } : {}),
        ...conditionalOf(resource),
        ...(resource.idioms.idempotency
          ? {
              idempotency: {
                header: resource.idioms.idempotency.header,
                conflictStatus: resource.idioms.idempotency.conflictStatus ?? 409,
                ...(resource.idioms.idempotency.replayStatus
                  ? { replayStatus: resource.idioms.idempotency.replayStatus }
                  : {}),
              },
            }
          : {}),
        status: create.success.status,
        headers: answerHeaders(create.success),
        // Only what a client may send is stored from a request: a readOnly property never is.
        storedProperties: create.storedProperties.filter((name) => !sendable || sendable.has(name)),
        keeps: create.keeps,
        initialValues: initials.get(resource)!,
        ...(resource.idioms.derivedTimes ? { derived: resource.idioms.derivedTimes } : {}),
        ...(sentNames.size > 0 ? { sentNames } : {}),
        ...(collection.clientKey
          ? {
              clientKey: {
                property: collection.idProperty,
                conflictStatus: conflictStatusOf(create.operation),
                ...(resource.idioms.deletedValues === 'held' ? { heldWhenDeleted: true as const } : {}),
              },
            }
          : {}),
        ...filledOf(collection, create.item.schema, collections, caller),
        ...uniqueValuesFor(resource.idioms.unique, create.operation),
        ...(resource.idioms.spanOrders ? { spanOrders: resource.idioms.spanOrders } : {}),
        ...referencesOf(resource, create.operation, collections),
        ...creationMovesOf(resource, referred),
        ...parentDefaultsFor(resource, collections),
        ...(resource.idioms.referenceDefaults ? { referenceDefaults: resource.idioms.referenceDefaults } : {}),
        ...parentLockOf(resource, create.operation, collections),
        ...parentMoveOf(resource, collections),
        ...parentEqualsOf(resource, collections),
        ...referencedBoundsFor(collection, collections),
        ...countStepsOf(resource, create.operation, collections, keptCounts(path)),
        ...referrerLimitsFor(resource),
        ...formulasFor(collection),
        ...(recounts.has(path) ? { recount: recounts.get(path)! } : {}),
        ...(referred.has(path) ? { referred: referred.get(path)! } : {}),
      });
    }
    const kept = collection.remove && stateDeletionBehaviour(resource, conditionalOf(resource), collections);
    if (kept) behaviours.set(collection.remove!.operation, kept);
  }
  for (const resource of model.resources)
    for (const [tally, behaviour] of tallyBehavioursOf(resource)) behaviours.set(tally.operation, behaviour);
  bindHeads(contract, behaviours);
  for (const [operation, made] of madeElsewhere(contract, collections, behaviours, caller))
    behaviours.set(operation, made);
  bindAppends(
    contract.operations,
    collections,
    behaviours,
    model.resources.flatMap(({ idioms }) => idioms.ownLocks ?? []),
  );
  for (const [operation, job] of bindJobs(contract, behaviours, model.resources, caller))
    behaviours.set(operation, job);
  for (const [operation, choice] of choicesOf(chosen)) behaviours.set(operation, choice);
  for (const [operation, view] of parentViewsOf(contract, behaviours, collections)) behaviours.set(operation, view);
  for (const operation of contract.operations) {
    if (behaviours.has(operation) || operation.unspecified) continue;
    const success = successResponse(operation);
    if (!success) continue;
    let prepared: PreparedAnswer | undefined;
    behaviours.set(operation, {
      kind: 'respond',
      status: success.status,
      answer: () => (prepared ??= prepareAnswer(operation, success)),
    });
  }
  return { behaviours, collections, parents: parentsToCheck(behaviours, collections), caller };
}

/** Stateful behaviours always answer 404 under a missing parent (as a read of a missing item does);
 * an answer prepared from the document does where the operation documents one. */
function parentsToCheck(
  behaviours: ReadonlyMap<Operation, Behaviour>,
  collections: readonly CollectionSpec[],
): Map<Operation, readonly ParentItem[]> {
  const parents = new Map<Operation, readonly ParentItem[]>();
  for (const [operation, behaviour] of behaviours) {
    // An action's own item is looked up by the action itself (in its owner's copy, where owned).
    // Parents clients make, else one they only list (an order a checkout made, a seeded venue).
    // A listed one only where the operation documents the 404 (a list under nowhere may be empty).
    const made = parentItemsOf(operation.path, collections);
    const documents404 = responseFor(operation, 404) !== undefined;
    const listed = made.length === 0 && documents404 ? listedParentOf(operation.path, collections) : undefined;
    const own =
      behaviour.kind === 'action'
        ? behaviour.collection
        : behaviour.kind === 'choice'
          ? Object.values(behaviour.choices)[0]?.collection
          : undefined;
    const items = (listed ? [listed] : made).filter((parent) => parent.collection.path !== own);
    if (items.length === 0) continue;
    if (behaviour.kind === 'respond' && responseFor(operation, 404) === undefined) continue;
    parents.set(operation, items);
  }
  return parents;
}

/** Where the resource's members take their default from the parent item. */
function parentDefaultsFor(
  resource: Resource,
  collections: readonly CollectionSpec[],
): { parentDefaults?: ParentDefaulted } {
  const rules = resource.idioms.parentDefaults ?? [];
  const parent = parentOfPath(resource.collection.path, collections);
  if (rules.length === 0 || !parent) return {};
  return { parentDefaults: { parentPath: parent.collection.path, parameter: parent.parameter, members: rules } };
}
