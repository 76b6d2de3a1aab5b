// Counts on another item that a write moves by one, as its words say ("its book's `availableCount`
// goes down by one and the member's `activeLoanCount` up by one"): the model's steppedCounts, moved
// after the write succeeds, on the item the written item names (or the parent its path names).
import {
  type CollectionSpec,
  type Operation,
  parentItemsOf,
  type Resource,
  type SteppedCount,
} from '../../spec/core.js';
import type { Recount } from './counts.js';
import { collectionAt } from './nested.js';
import type { ReferrerRecount } from './referrer-counts.js';
import type { Collection, Item } from './store.js';

export interface CountStep {
  readonly collection: string;
  readonly member: string;
  readonly step: 1 | -1;
  /** The written item's member naming the counted item; else the path parameter naming its parent. */
  readonly via?: string;
  readonly parameter?: string;
}

/** The steps a write of the resource moves, but those a recount already keeps true (a count of the
 * items naming it, or of the parent's children, recounted after every write: stepping it too would
 * count twice). */
export function countStepsOf(
  resource: Resource,
  operation: Operation,
  collections: readonly CollectionSpec[],
  recounted: { readonly referred?: readonly ReferrerRecount[]; readonly children?: Recount },
): { countSteps?: readonly CountStep[] } {
  const kept = (step: SteppedCount) =>
    (recounted.referred ?? []).some(
      (recount) => recount.counted === step.collection && recount.countMember === step.member,
    ) ||
    (recounted.children?.parent === step.collection && recounted.children.members.includes(step.member));
  const steps = (resource.idioms.steppedCounts ?? []).filter((step) => step.operation === operation && !kept(step));
  const parent = parentItemsOf(resource.collection.path, collections).at(-1);
  const bound = steps.flatMap((step: SteppedCount): CountStep[] => {
    const { collection, member, step: by, via } = step;
    if (via !== undefined) return [{ collection, member, step: by, via }];
    return parent?.collection.path === collection
      ? [{ collection, member, step: by, parameter: parent.parameter }]
      : [];
  });
  return bound.length > 0 ? { countSteps: bound } : {};
}

/** Moves each count on the item `written` names (or its parent in the path) by its step. */
export function stepCounts(
  steps: readonly CountStep[] | undefined,
  all: ReadonlyMap<string, Collection>,
  params: Readonly<Record<string, string>>,
  written: Item,
): void {
  for (const { collection, member, step, via, parameter } of steps ?? []) {
    const named = via !== undefined ? written[via] : params[parameter ?? ''];
    if (typeof named !== 'string' && typeof named !== 'number') continue;
    const counted = collectionAt(all as Map<string, Collection>, collection, params);
    const item = counted.find(String(named));
    const value = item?.[member];
    if (!item || typeof value !== 'number') continue;
    // A count never goes below nothing, whatever the seed held.
    counted.replace(String(named), { ...item, [member]: Math.max(0, value + step) });
  }
}
