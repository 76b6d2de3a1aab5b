// The counts of an item's changes its words keep ("`revision` grows by one" on every change): what
// the item scenario expects after each change it makes, one more than before.
import { type CollectionSpec, changeCountersOf } from '../../../spec/index.js';

type Counts = Readonly<Record<string, number>>;

/** The item's change counts as made (a new page's `revision` 1). */
export function changeCounts(collection: CollectionSpec, item: Readonly<Record<string, unknown>>): Counts {
  const schema = collection.read?.item.schema ?? collection.create?.item.schema;
  const counted = changeCountersOf(schema).filter((member) => typeof item[member] === 'number');
  return Object.fromEntries(counted.map((member) => [member, item[member] as number]));
}

/** The counts after one more change. */
export const oneMore = (counts: Counts): Counts =>
  Object.fromEntries(Object.entries(counts).map(([member, count]) => [member, count + 1]));
