// A list read with a filter it requires (Box's GET /collaborations?status=pending) shows only the
// items that match: a created item off the filter is rightly not in it, however complete the walk.
import type { CollectionSpec } from '../../spec/index.js';
import type { SequenceEvidence, TestCase } from '../model.js';

type Item = Record<string, unknown>;
export type Narrowing = NonNullable<SequenceEvidence['narrowedTo']>;

/** The values a list case filters its items to, by member (the model's filters of the list); undefined
 * where it filters by none. */
export function narrowingOf(collection: CollectionSpec, listCase: TestCase): Narrowing | undefined {
  const narrowing: Record<string, string[]> = {};
  for (const filter of collection.list?.filters ?? []) {
    const sent = (listCase.parameters ?? []).filter((p) => p.in === 'query' && p.name === filter.parameter);
    if (sent.length === 0) continue;
    narrowing[filter.parameter] = sent.flatMap((p) => (filter.many ? String(p.value).split(',') : [String(p.value)]));
  }
  return Object.keys(narrowing).length > 0 ? narrowing : undefined;
}

/** Whether an item belongs in a list narrowed so (every list does where nothing narrows it). */
export function withinNarrowing(item: Item, narrowing: Narrowing | undefined): boolean {
  if (!narrowing) return true;
  return Object.entries(narrowing).every(([member, values]) => values.includes(String(item[member])));
}
