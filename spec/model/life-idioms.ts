// The idioms of an item's life read beside its shape, once its actions are known: the rules the
// words give its values (unique, copied, spans, derived times, refusals), the states its writes and
// the items it names need, what other items count of it by their states, what its actions do to the
// items naming it, the times its actions wait for, and how many items may name it. A registry of
// named readers, like the shape's (idioms.ts), read in a second pass of readIdioms.
import { responseFor } from '../contract/operations.js';
import type { Contract, Operation } from '../contract/types.js';
import { type ActionReference, actionReferencesOf } from './action-references.js';
import { type AddedChild, addedChildrenOf } from './added-children.js';
import { type AnchorRule, anchorsOf } from './anchors.js';
import { type CapacityRule, capacityOf } from './capacities.js';
import { type ChildTotal, childTotalsOf } from './child-totals.js';
import { type ClearedInstant, clearedInstantsOf } from './cleared-instants.js';
import type { CollectionSpec } from './collections.js';
import { type CopiedValue, copiedValuesOf } from './copied-values.js';
import type { Corrections } from './corrections.js';
import { type DerivedTime, derivedTimesOf } from './derived-times.js';
import { type DrawnAmount, drawnAmountsOf } from './drawn-amounts.js';
import { deletedAgainOf, frozenDeletionOf } from './frozen-deletions.js';
import { type InitialState, initialStateOf, initialValuesOf } from './initial-states.js';
import { childrenNeededOf, type KeptByChildren, keptByChildrenOf, type NeedsChildren } from './kept-by-children.js';
import { type KeptDeletion, keptDeletionOf } from './kept-deletions.js';
import { type KeptOnRepeat, keptOnRepeatOf } from './kept-on-repeat.js';
import { type LineAmount, lineAmountsOf } from './line-amounts.js';
import { type NamedEffect, type NamedState, namedEffectsOf } from './named-effects.js';
import { membersNeededOf, type NeedsMember } from './needed-members.js';
import {
  type ParentDefault,
  parentDefaultsOf,
  parentEqualsOf,
  type ReferenceDefault,
  referenceDefaultsOf,
} from './parent-defaults.js';
import { ownLocksOf, type ParentLock, parentLocksOf } from './parent-locks.js';
import { type ParentTouch, parentTouchOf } from './parent-touches.js';
import { type ReferenceState, referenceStatesOf } from './reference-states.js';
import { DELETION_VERB, type ReferrerEffect, referrerEffectsOf } from './referrer-effects.js';
import { type ReferrerLimit, referrerLimitsOf } from './referrer-limits.js';
import { childrenKeptOnReplace } from './replace-keeps.js';
import { type SaidRefusal, saidRefusalsOf } from './said-refusals.js';
import { type SpanOrder, spanOrdersOf } from './span-orders.js';
import { type StateCount, stateCountsOf } from './state-counts.js';
import { type StateDeletion, stateDeletionOf } from './state-deletions.js';
import { type SteppedCount, steppedCountsOf } from './stepped-counts.js';
import { type TimedAction, timedActionsOf } from './timed-actions.js';
import { deletionWords, type UniqueRule, uniqueValuesOf, valuesAfterDeletion } from './unique-values.js';

export interface LifeIdioms {
  /** Values one live item at a time (or at most N) may hold, as the document's words say
   * (unique-values.ts). */
  readonly unique?: readonly UniqueRule[];
  /** What a deleted item's unique values and key are, where the words say: free again ("deleted
   * events free their interval") or still held ("a SKU belongs to one product for good, live or
   * deleted"). */
  readonly deletedValues?: 'free' | 'held';
  /** Spans whose end the words order after their start ("`endsAt` must be strictly later than
   * `startsAt`", span-orders.ts). */
  readonly spanOrders?: readonly SpanOrder[];
  /** Members copied from an item the creation names ("`unitCost` is copied from the product at this
   * moment"): later changes of that item leave the copy (copied-values.ts). */
  readonly copied?: readonly CopiedValue[];
  /** Times its creation must hold within a time of its parent, as the words say (anchors.ts). */
  readonly anchored?: readonly AnchorRule[];
  /** The refusal the creation's words give a rule on a member, by member (said-refusals.ts). */
  readonly refusals?: Readonly<Record<string, SaidRefusal>>;
  /** Times the words derive from others (`dueAt` = `loanedAt` + 14 days: derived-times.ts). */
  readonly derivedTimes?: readonly DerivedTime[];
  /** Actions the words allow only once the item has a child ("only when it holds at least one entry"). */
  readonly needsChildren?: readonly NeedsChildren[];
  /** Actions its words refuse while a member of the item is unset (needed-members.ts). */
  readonly needsMembers?: readonly NeedsMember[];
  /** Action body members naming another item, refused when it exists nowhere (action-references.ts). */
  readonly actionReferences?: readonly ActionReference[];
  /** Writes its words say change nothing when repeated (kept-on-repeat.ts). */
  readonly keptOnRepeat?: readonly KeptOnRepeat[];
  /** Writes the words allow only in some of the parent's states (parent-locks.ts). */
  readonly parentLocks?: readonly ParentLock[];
  /** The parent's members that total this collection's items (entryCount, totalMinutes: child-totals.ts). */
  readonly parentTotals?: readonly ChildTotal[];
  /** The parent's update instant its creation moves, as the words say (parent-touches.ts). */
  readonly touchesParent?: ParentTouch;
  /** Members whose default the parent holds ("`priority` defaults to the project's
   * `defaultPriority`": parent-defaults.ts). */
  readonly parentDefaults?: readonly ParentDefault[];
  /** Members whose default an item the body names holds ("`unitPriceCents` defaults to the part's
   * current `unitPriceCents`": parent-defaults.ts). */
  readonly referenceDefaults?: readonly ReferenceDefault[];
  /** Members its creation must send equal to the parent's ("`amountCents` must equal the order's
   * `totalCents`": parent-defaults.ts): the item maker sends the parent's value. */
  readonly parentEquals?: readonly ParentDefault[];
  /** Children a change of the item adds ("A change of `title` or `body` adds a revision"). */
  readonly addedChildren?: readonly AddedChild[];
  /** Instants of a state the words make null in other states ("null while it is open"): a PATCH
   * that moves the item back empties them (cleared-instants.ts). */
  readonly clearedInstants?: readonly ClearedInstant[];
  /** Deletions the words refuse while the item has children of a collection (kept-by-children.ts). */
  readonly keptByChildren?: readonly KeptByChildren[];
  /** A DELETE that keeps the item, read 404 but listed on request and restored (kept-deletions.ts);
   * a deletion answered 410 is the shape's softDelete instead. */
  readonly keptDeletion?: KeptDeletion;
  /** The state the creation's words give a new item ("creates an event in state `draft`"). */
  readonly initialState?: InitialState;
  /** Literals the creation's words give other members the service sets ("`seats_taken` = 0"). */
  readonly initialValues?: readonly InitialState[];
  /** Counts of other items a POST below the item moves by its lines' amounts (line-amounts.ts). */
  readonly lineAmounts?: readonly LineAmount[];
  /** A DELETE that keeps the item and moves its state ("it is not removed"; state-deletions.ts). */
  readonly stateDeletion?: StateDeletion;
  /** Writes of its items the words allow only in some of their own states ("Only a `draft` event can
   * be deleted (`409` otherwise)": parent-locks.ts). */
  readonly ownLocks?: readonly ParentLock[];
  /** States the items its creation names must be in ("409 when the event is not published":
   * reference-states.ts). */
  readonly referenceStates?: readonly ReferenceState[];
  /** Counts of the items naming it that are in some states ("Tickets of the event in `paid` orders",
   * "`revenue` = the sum of `total` over its `paid` orders": state-counts.ts). */
  readonly stateCounts?: readonly StateCount[];
  /** A parent's capacity its items wait past ("`waitlisted` once `capacity` is reached": capacities.ts). */
  readonly capacity?: CapacityRule;
  /** What its actions do to the items naming it ("every `pending` order of the event becomes
   * `cancelled`": referrer-effects.ts). */
  readonly referrerEffects?: readonly ReferrerEffect[];
  /** Actions allowed only once a time of the item has passed ("only once `endsAt` has passed":
   * timed-actions.ts). */
  readonly timedActions?: readonly TimedAction[];
  /** How many of its items may name one item ("`409` when the member already has `loanLimit`
   * active loans": referrer-limits.ts). */
  readonly referrerLimits?: readonly ReferrerLimit[];
  /** The child collections its replacement keeps ("its `createdAt` and its sessions are kept":
   * replace-keeps.ts). */
  readonly childrenKeptOnReplace?: readonly string[];
  /** What its actions do to the items it names, itself or through its children ("every tool on it
   * becomes `reserved`"), and the states they ask of them (named-effects.ts). */
  readonly namedEffects?: readonly NamedEffect[];
  readonly namedStates?: readonly NamedState[];
  /** Counts of the items it names that its creation and deletion move by an amount of its own
   * ("reserves `quantity` from the part's `stock`": drawn-amounts.ts). */
  readonly drawnAmounts?: readonly DrawnAmount[];
  /** Counts of other items its writes move by one ("the member's `activeLoanCount` up by one":
   * stepped-counts.ts). */
  readonly steppedCounts?: readonly SteppedCount[];
}

interface LifeReading {
  readonly collection: CollectionSpec;
  readonly contract: Contract;
  readonly corrections: Corrections;
  readonly collections?: readonly CollectionSpec[];
  /** The resource's actions, as the shape's reading found them. */
  readonly actions: readonly { readonly verb: string; readonly operation: Operation }[];
}

type LifeReader = (reading: LifeReading) => LifeIdioms;

const LIFE_READERS: Readonly<Record<keyof LifeIdioms, LifeReader>> = {
  unique({ collection, contract, corrections, collections }) {
    if (corrections(collection.path).unique === false) return {};
    const rules = uniqueValuesOf(collection, contract, collections);
    return rules.length > 0 ? { unique: rules } : {};
  },

  copied({ collection, contract, collections = [] }) {
    const copied = copiedValuesOf(collection, collections, contract);
    return copied.length > 0 ? { copied } : {};
  },

  spanOrders({ collection, contract }) {
    const spans = spanOrdersOf(collection, contract);
    return spans.length > 0 ? { spanOrders: spans } : {};
  },

  deletedValues({ collection, contract }) {
    const said = valuesAfterDeletion(deletionWords(collection, contract));
    return said ? { deletedValues: said } : {};
  },

  anchored({ collection, contract, corrections, collections }) {
    if (corrections(collection.path).anchored === false || !collections) return {};
    const rules = anchorsOf(collection, contract, collections);
    return rules.length > 0 ? { anchored: rules } : {};
  },

  refusals({ collection, contract, collections = [] }) {
    const said = saidRefusalsOf(collection, contract, collections);
    return Object.keys(said).length > 0 ? { refusals: said } : {};
  },

  derivedTimes({ collection, contract }) {
    const derived = derivedTimesOf(collection, contract);
    return derived.length > 0 ? { derivedTimes: derived } : {};
  },

  actionReferences({ collection, contract, collections = [], actions }) {
    const references = actionReferencesOf(collection, actions, contract, collections);
    return references.length > 0 ? { actionReferences: references } : {};
  },

  keptOnRepeat({ collection, actions }) {
    const kept = keptOnRepeatOf(collection, actions);
    return kept.length > 0 ? { keptOnRepeat: kept } : {};
  },

  needsMembers({ collection, actions }) {
    const needs = membersNeededOf(collection, actions);
    return needs.length > 0 ? { needsMembers: needs } : {};
  },

  needsChildren({ collection, collections, actions }) {
    const needs = collections
      ? childrenNeededOf(
          collection,
          actions.map((action) => action.operation),
          collections,
        )
      : [];
    return needs.length > 0 ? { needsChildren: needs } : {};
  },

  initialState({ collection, contract }) {
    const said = initialStateOf(collection, contract);
    return said ? { initialState: said } : {};
  },

  initialValues({ collection, contract }) {
    const values = initialValuesOf(collection, contract);
    return values.length > 0 ? { initialValues: values } : {};
  },

  lineAmounts({ collection, contract, collections }) {
    const moved = collections ? lineAmountsOf(collection, contract.operations, collections) : [];
    return moved.length > 0 ? { lineAmounts: moved } : {};
  },

  stateDeletion({ collection }) {
    const moved = stateDeletionOf(collection);
    return moved ? { stateDeletion: moved } : {};
  },

  keptDeletion({ collection, contract }) {
    const read = collection.read?.operation;
    if (read && responseFor(read, 410)?.status === '410') return {};
    const kept = keptDeletionOf(collection, contract.operations);
    const frozen = kept && frozenDeletionOf(collection, contract);
    const again = kept && deletedAgainOf(collection);
    return kept ? { keptDeletion: { ...kept, ...(frozen ? { frozen } : {}), ...(again ? { again } : {}) } } : {};
  },

  parentLocks({ collection, collections, contract }) {
    const locks = collections ? parentLocksOf(collection, collections, contract) : [];
    return locks.length > 0 ? { parentLocks: locks } : {};
  },

  referenceDefaults({ collection, collections }) {
    const defaults = collections ? referenceDefaultsOf(collection, collections) : [];
    return defaults.length > 0 ? { referenceDefaults: defaults } : {};
  },

  parentDefaults({ collection, collections }) {
    const defaults = collections ? parentDefaultsOf(collection, collections) : [];
    return defaults.length > 0 ? { parentDefaults: defaults } : {};
  },

  parentEquals({ collection, collections }) {
    const equals = collections ? parentEqualsOf(collection, collections) : [];
    return equals.length > 0 ? { parentEquals: equals } : {};
  },

  addedChildren({ collection, collections, contract }) {
    const added = collections ? addedChildrenOf(collection, collections, contract) : [];
    return added.length > 0 ? { addedChildren: added } : {};
  },

  clearedInstants({ collection }) {
    const cleared = clearedInstantsOf(collection);
    return cleared.length > 0 ? { clearedInstants: cleared } : {};
  },

  parentTotals({ collection, collections }) {
    const totals = collections ? childTotalsOf(collection, collections) : [];
    return totals.length > 0 ? { parentTotals: totals } : {};
  },

  touchesParent({ collection, collections, contract }) {
    const touch = collections ? parentTouchOf(collection, contract, collections) : undefined;
    return touch ? { touchesParent: touch } : {};
  },

  keptByChildren({ collection, corrections, collections }) {
    if (corrections(collection.path).keptByChildren === false || !collections) return {};
    const kept = keptByChildrenOf(collection, collections);
    return kept.length > 0 ? { keptByChildren: kept } : {};
  },

  ownLocks({ collection, contract, collections }) {
    const locks = ownLocksOf(collection, contract, collections);
    return locks.length > 0 ? { ownLocks: locks } : {};
  },

  referenceStates({ collection, contract, collections }) {
    const rules = collections ? referenceStatesOf(collection, collections, contract) : [];
    return rules.length > 0 ? { referenceStates: rules } : {};
  },

  stateCounts({ collection, contract, collections = [] }) {
    const counts = stateCountsOf(collection, collections, contract);
    return counts.length > 0 ? { stateCounts: counts } : {};
  },

  capacity({ collection, contract, collections = [] }) {
    const rule = capacityOf(collection, collections, contract);
    return rule ? { capacity: rule } : {};
  },

  referrerEffects({ collection, contract, collections = [], actions }) {
    // A deletion moves them too ("Every `active` enrollment of the learner becomes `cancelled`").
    const remove = collection.remove ? [{ verb: DELETION_VERB, operation: collection.remove.operation }] : [];
    const effects = referrerEffectsOf(collection, [...actions, ...remove], collections, contract);
    return effects.length > 0 ? { referrerEffects: effects } : {};
  },

  timedActions({ collection, contract, actions }) {
    const timed = timedActionsOf(collection, actions, contract);
    return timed.length > 0 ? { timedActions: timed } : {};
  },

  namedEffects({ collection, contract, collections = [], actions }) {
    const { effects } = namedEffectsOf(collection, actions, collections, contract);
    return effects.length > 0 ? { namedEffects: effects } : {};
  },

  namedStates({ collection, contract, collections = [], actions }) {
    const { states } = namedEffectsOf(collection, actions, collections, contract);
    return states.length > 0 ? { namedStates: states } : {};
  },

  drawnAmounts({ collection, collections = [] }) {
    const drawn = drawnAmountsOf(collection, collections);
    return drawn.length > 0 ? { drawnAmounts: drawn } : {};
  },

  steppedCounts({ collection, collections = [], actions }) {
    const stepped = steppedCountsOf(collection, actions, collections);
    return stepped.length > 0 ? { steppedCounts: stepped } : {};
  },

  referrerLimits({ collection, contract, collections = [] }) {
    const limits = referrerLimitsOf(collection, collections, contract);
    return limits.length > 0 ? { referrerLimits: limits } : {};
  },

  childrenKeptOnReplace({ collection, collections = [] }) {
    const kept = childrenKeptOnReplace(collection, collections);
    return kept.length > 0 ? { childrenKeptOnReplace: kept } : {};
  },
};

export function readLifeIdioms(reading: LifeReading): LifeIdioms {
  return Object.assign({}, ...Object.values(LIFE_READERS).map((read) => read(reading)));
}
