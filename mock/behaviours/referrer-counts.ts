// An item's counts of the items of other collections that name it (`productCount` on a warehouse:
// the products whose `warehouseKey` is its key): drawn true for the seed (seed.ts), and kept true
// after each write to the collection that names it (the handlers).
import {
  type CollectionSpec,
  filledInOf,
  itemWeight,
  keptOnItem,
  type Resource,
  type StateCount,
} from '../../spec/core.js';
import { formulasFor, type ItemFormulas, withFormulas } from './formula-values.js';
import type { Collection, Item } from './store.js';

/** Collections whose seeds are being drawn: a count that needs one of them is left as drawn (two
 * collections counting each other would draw each other forever). */
const drawing = new Set<string>();

/** A seeded item's counts of the seeded items of other collections that name it (productCount). */
export function referrerCounts(
  spec: CollectionSpec,
  item: Item,
  referrers: ReturnType<typeof filledInOf>['referrers'],
  collections: ReadonlyMap<string, Collection>,
): Record<string, number> {
  const values: Record<string, number> = {};
  const id = JSON.stringify(item[spec.idProperty]);
  for (const { name, collection, member } of referrers) {
    const others = collections.get(collection);
    if (!others || drawing.has(collection)) continue;
    drawing.add(spec.path);
    try {
      values[name] = others.page(0, others.size).filter((other) => JSON.stringify(other[member]) === id).length;
    } finally {
      drawing.delete(spec.path);
    }
  }
  return values;
}

/** A seeded item's counts of the seeded items naming it in some states (tickets in paid orders),
 * where the model keeps them on the item; `itemsOf` gives a counted collection's seeded items, or
 * undefined where they cannot be known yet (left out). */
export function seededStateCounts(
  spec: CollectionSpec,
  item: Item,
  rules: readonly StateCount[],
  itemsOf: (path: string) => readonly Item[] | undefined,
): Record<string, number> {
  const values: Record<string, number> = {};
  const id = JSON.stringify(item[spec.idProperty]);
  for (const rule of rules) {
    if (!keptOnItem(rule)) continue;
    const others = itemsOf(rule.collection);
    if (!others) continue;
    const { member, via, states, stateMember, weight } = rule;
    const recount = { counted: spec.path, countMember: member, member: via, states, stateMember, weight };
    values[member] = others
      .filter((other) => JSON.stringify(other[via]) === id)
      .reduce((sum, other) => sum + weighed(other, recount), 0);
  }
  return values;
}

/** A count kept on another collection's items: `counted`'s items hold in `countMember` how many
 * items of the written collection name them in `member`. */
export interface ReferrerRecount {
  readonly counted: string;
  readonly countMember: string;
  readonly member: string;
  /** Only the items in these states count (tickets in `paid` orders), each by `weight` where given:
   * a member's value (`total`) or its entries' (`lines[].quantity`). */
  readonly states?: readonly string[];
  readonly stateMember?: string;
  readonly weight?: string;
  /** The counted item's formulas over its counts (`seatsLeft` = `capacity` − `seatsHeld`): worked
   * out again once a count moves. */
  readonly formulas?: ItemFormulas;
}

/** What one item adds to a count: nothing outside the counted states, else its weight (a value
 * that is not a number weighs nothing). */
function weighed(item: Item, recount: ReferrerRecount): number {
  const { states, stateMember, weight } = recount;
  if (states && stateMember !== undefined && !states.includes(String(item[stateMember]))) return 0;
  const value = itemWeight(item, weight);
  return Number.isNaN(value) ? 0 : value;
}

/** The counts on other items of the items naming them in some states (the model's stateCounts),
 * by the counted collection: those named by a member of the item itself and kept on the item. */
export function stateRecountsOf(resources: readonly Resource[]): Map<string, ReferrerRecount[]> {
  const recounts = new Map<string, ReferrerRecount[]>();
  for (const { collection, idioms } of resources)
    for (const rule of idioms.stateCounts ?? []) {
      if (!keptOnItem(rule)) continue;
      const { member, via, states, stateMember, weight } = rule;
      const known = recounts.get(rule.collection) ?? [];
      recounts.set(rule.collection, [
        ...known,
        {
          counted: collection.path,
          countMember: member,
          member: via,
          states,
          stateMember,
          ...(weight ? { weight } : {}),
          ...formulasFor(collection),
        },
      ]);
    }
  return recounts;
}

/** For each collection, the counts its writes move on other collections' items (read at binding). */
export function referrerRecountsOf(collections: readonly CollectionSpec[]): Map<string, ReferrerRecount[]> {
  const recounts = new Map<string, ReferrerRecount[]>();
  for (const spec of collections) {
    const schema = spec.list?.items.schema ?? spec.read?.item.schema;
    if (!schema) continue;
    for (const { name, collection, member } of filledInOf(spec, schema, collections).referrers) {
      const known = recounts.get(collection) ?? [];
      recounts.set(collection, [...known, { counted: spec.path, countMember: name, member, ...formulasFor(spec) }]);
    }
  }
  return recounts;
}

/** A new item's counts of the items naming it in some states: none names it yet. */
export function noneCountedYet(resource: Resource, values: Record<string, unknown>): Record<string, unknown> {
  const counts = (resource.idioms.stateCounts ?? []).filter((rule) => !rule.read && rule.member in values);
  return counts.length === 0 ? values : { ...values, ...Object.fromEntries(counts.map(({ member }) => [member, 0])) };
}

/** Both kinds of recount, by the written collection. */
export function withStateRecounts(
  plain: Map<string, ReferrerRecount[]>,
  stated: ReadonlyMap<string, ReferrerRecount[]>,
): Map<string, ReferrerRecount[]> {
  for (const [path, recounts] of stated) plain.set(path, [...(plain.get(path) ?? []), ...recounts]);
  return plain;
}

/** After a write to `written`: the counts on the items it named before and names now set true
 * (one walk of the written collection per named item; only where the model reads such a count). */
export function recountReferred(
  all: ReadonlyMap<string, Collection>,
  recounts: readonly ReferrerRecount[] | undefined,
  written: Collection,
  before: Item | undefined,
  after: Item | undefined,
): void {
  for (const recount of recounts ?? []) {
    const { counted, countMember, member } = recount;
    const target = all.get(counted);
    if (!target) continue;
    const named = new Set([before?.[member], after?.[member]].filter((id) => id !== undefined && id !== null));
    for (const id of named) {
      const key = typeof id === 'string' ? id : JSON.stringify(id);
      const item = target.find(key);
      if (!item) continue;
      const text = JSON.stringify(id);
      const count = written
        .page(0, written.size)
        .filter((one) => JSON.stringify(one[member]) === text)
        .reduce((sum, one) => sum + weighed(one, recount), 0);
      if (item[countMember] !== count)
        target.replace(key, withFormulas({ ...item, [countMember]: count }, recount.formulas));
    }
  }
}
