// Counts of other items an action on an item with lines moves by each line's amount, as its words
// say ("adds each line's `quantity` to the `onHand` of the line's product" on receipt; "The stock of
// every ordered product is decreased by the ordered quantity" on checkout): the model's lineAmounts,
// moved once the action succeeds, never below nothing.
import type { LineAmount, Operation, Resource } from '../../spec/core.js';
import { collectionAt } from './nested.js';
import type { Collection, Collections, Item } from './store.js';

/** The line amounts the action moves, where its words move any (bound once). */
export function lineAmountsFor(resource: Resource, operation: Operation): { lineAmounts?: readonly LineAmount[] } {
  const moves = (resource.idioms.lineAmounts ?? []).filter((one) => one.operation === operation && one.sign !== 0);
  return moves.length > 0 ? { lineAmounts: moves } : {};
}

/** Moves each named item's count by its lines' amounts, summed per named item. */
export function moveLineAmounts(moves: readonly LineAmount[] | undefined, all: Collections, item: Item): void {
  for (const { lines, via, amount, collection, member, sign } of moves ?? []) {
    const held = item[lines];
    if (!Array.isArray(held) || collection.includes('{')) continue;
    const counted = collectionAt(all as Map<string, Collection>, collection, {});
    const sums = new Map<string, number>();
    for (const line of held as Item[]) {
      const id = line?.[via];
      const value = line?.[amount];
      if ((typeof id === 'string' || typeof id === 'number') && typeof value === 'number')
        sums.set(String(id), (sums.get(String(id)) ?? 0) + value);
    }
    for (const [id, sum] of sums) {
      const target = counted.find(id);
      const value = target?.[member];
      if (!target || typeof value !== 'number') continue;
      counted.replace(id, { ...target, [member]: Math.max(0, value + sign * sum) });
    }
  }
}
