// What seeded items say of each other, drawn true: a member naming another collection's item names
// a seeded one (a booking's showId is a seeded show's id), counts of children are the seeded
// children's, and counts of the items naming an item in some states are what those hold. Seeds are
// drawn on first use, in whatever order requests come: a collection drawn while the one it counts
// is still being drawn is counted again once that one is done. Each step is kept only where the
// items still fit the document.
import {
  type CollectionSpec,
  filledInOf,
  referencedCollection,
  type StateCount,
  withEmptyLinesSummed,
  withSums,
} from '../../spec/core.js';
import { heldList, shownOf } from './counts.js';
import { formulasFor, withFormulas } from './formula-values.js';
import { referrerCounts, seededStateCounts } from './referrer-counts.js';
import type { Collection, Item } from './store.js';

interface Links {
  readonly stateCounts: readonly StateCount[];
  readonly fits: (items: readonly unknown[]) => boolean;
  /** The collections counting this one's items by state, with their rules and fit. */
  readonly countedBy: readonly { readonly spec: CollectionSpec; readonly rules: readonly StateCount[] }[];
  readonly fitsOf: (spec: CollectionSpec, items: readonly unknown[]) => boolean;
}

/** Collections whose seeds are being drawn, with their items once their references are set. */
const inProgress = new Map<string, Item[] | undefined>();
/** The seeds drawn, by store: every copy of a collection draws the one list its seed gives, so a
 * recount replaces that list's entries. */
const drawnSeeds = new WeakMap<ReadonlyMap<string, Collection>, Map<string, Item[]>>();

export function linkedSeeds(
  spec: CollectionSpec,
  specs: readonly CollectionSpec[],
  collections: ReadonlyMap<string, Collection>,
  items: Item[],
  links: Links,
): Item[] {
  inProgress.set(spec.path, undefined);
  try {
    const referring = withSeededReferences(spec, specs, collections, items, links);
    inProgress.set(spec.path, referring);
    const counted = withCounts(spec, specs, collections, referring, links);
    recountCounters(counted, collections, links);
    let drawn = drawnSeeds.get(collections);
    if (!drawn) drawnSeeds.set(collections, (drawn = new Map()));
    drawn.set(spec.path, counted);
    return counted;
  } finally {
    inProgress.delete(spec.path);
  }
}

/** A collection's seeded items, where they can be known: drawn, or set while being drawn. */
function itemsOf(collections: ReadonlyMap<string, Collection>, path: string): readonly Item[] | undefined {
  if (inProgress.has(path)) return inProgress.get(path);
  const collection = collections.get(path);
  return collection?.page(0, collection.size);
}

/** Each member naming another top-level collection's item names a seeded one, in turn. */
function withSeededReferences(
  spec: CollectionSpec,
  specs: readonly CollectionSpec[],
  collections: ReadonlyMap<string, Collection>,
  items: Item[],
  { fits }: Links,
): Item[] {
  const sample = items[0];
  if (!sample) return items;
  const named = Object.keys(sample).flatMap((member) => {
    const other = member === spec.idProperty ? undefined : referencedCollection(member, specs, spec);
    // A parent's id is the path's (seedUnder).
    if (!other || other.path.includes('{') || spec.path.startsWith(`${other.path}/`)) return [];
    const ids = (itemsOf(collections, other.path) ?? []).map((one) => one[other.idProperty]);
    return ids.length > 0 ? [{ member, ids }] : [];
  });
  if (named.length === 0) return items;
  const linked = items.map((item, index) => ({
    ...item,
    ...Object.fromEntries(named.map(({ member, ids }) => [member, ids[index % ids.length]])),
  }));
  return fits(linked) ? linked : items;
}

/** Seeded items with their counts of children set to the number of seeded children they get, and
 * their counts of the seeded items naming them in some states to what those hold. */
function withCounts(
  spec: CollectionSpec,
  specs: readonly CollectionSpec[],
  collections: ReadonlyMap<string, Collection>,
  items: Item[],
  { stateCounts, fits }: Links,
): Item[] {
  const { counts, lastNumbers, referrers } = filledInOf(spec, spec.list?.items.schema, specs);
  // Lists that hold the children themselves (an order's `lines`): the seeded children, as shown.
  const lists = specs.flatMap((child) => {
    const list = heldList(child, specs, spec.path);
    // The members naming the parent (a line's `orderId`) hold each seeded parent's own id.
    const naming = filledInOf(child, child.list?.items.schema ?? child.create?.item.schema, specs).parents;
    return list ? [{ ...list, child: child.path, naming: naming.map(({ name }) => name) }] : [];
  });
  if (counts.length + lastNumbers.length + referrers.length + stateCounts.length + lists.length === 0) return items;
  const values = Object.fromEntries([
    ...counts.map(({ name, child }) => [name, collections.get(child)?.size ?? 0]),
    ...lastNumbers.map(({ name, child }) => [name, collections.get(child)?.lastCounted ?? 0]),
  ]);
  const listsOf = (item: Item) =>
    Object.fromEntries(
      lists.map(({ member, shown, child, naming }) => [
        member,
        (itemsOf(collections, child) ?? []).map((one) =>
          shownOf({ ...one, ...Object.fromEntries(naming.map((name) => [name, item[spec.idProperty]])) }, shown),
        ),
      ]),
    );
  const { formulas } = formulasFor(spec);
  const counted = items.map((item) => {
    const next = {
      ...item,
      ...values,
      ...listsOf(item),
      ...referrerCounts(spec, item, referrers, collections),
      ...seededStateCounts(spec, item, stateCounts, (path) => itemsOf(collections, path)),
    };
    // An empty list sums to nothing: its parent's totals 0 (plus its fees), whatever was drawn.
    const empty = lists.find(({ member }) => Array.isArray(next[member]) && (next[member] as unknown[]).length === 0);
    const summed = empty
      ? withEmptyLinesSummed(next, empty.member, empty.shown)
      : lists.length > 0
        ? withSums(next)
        : next;
    // What the words compute from the counts (`seatsLeft` = `capacity` − `seatsSold` − `seatsHeld`).
    return withFormulas(summed, formulas);
  });
  return fits(counted) ? counted.map((item) => Object.freeze(item)) : items;
}

/** The collections counting these items, drawn already (while these were not known), counted again:
 * their seed's entries replaced, for every copy that draws them from now on. */
function recountCounters(items: readonly Item[], collections: ReadonlyMap<string, Collection>, links: Links): void {
  for (const { spec, rules } of links.countedBy) {
    const seeded = drawnSeeds.get(collections)?.get(spec.path);
    if (!seeded || inProgress.has(spec.path)) continue;
    const paths = new Set(rules.map((rule) => rule.collection));
    const known = (path: string) => (paths.has(path) ? items : itemsOf(collections, path));
    const { formulas } = formulasFor(spec);
    const recounted = seeded.map((item) =>
      withFormulas({ ...item, ...seededStateCounts(spec, item, rules, known) }, formulas),
    );
    if (!links.fitsOf(spec, recounted)) continue;
    recounted.forEach((item, index) => {
      seeded[index] = Object.freeze(item);
    });
    // The store's own template drew them already where it lent them to these items' references.
    const template = collections.get(spec.path);
    if (template?.drawn) for (const item of recounted) template.replace(String(item[spec.idProperty]), item);
  }
}
