// Members the words make a count of the item's changes ("Every successful PATCH, publish and archive
// is a change: `revision` grows by one"): the model's change counters, moved by one on every change
// and on each action the same words name.
import { type CollectionSpec, changeCountersOf, propertiesOf } from '../../spec/core.js';

type Item = Readonly<Record<string, unknown>>;

/** The words of the item's schema and of its members, where counters are said. */
function wordsOf(schema: unknown): string {
  const texts = [schema, ...Object.values(propertiesOf(schema as never))].map(
    (part) => (part as { description?: unknown } | undefined)?.description,
  );
  return texts.filter((text): text is string => typeof text === 'string').join(' ');
}

/** The counters a change of the collection's item moves; for an action (`verb`), only where the
 * counters' words name it ("publish and archive"). */
export function changeCountsOf(collection: CollectionSpec, verb?: string): { changeCounters?: readonly string[] } {
  const schema = collection.read?.item.schema ?? collection.create?.item.schema ?? collection.list?.items.schema;
  const counters = changeCountersOf(schema);
  if (counters.length === 0) return {};
  if (verb !== undefined && !new RegExp(`\\b${verb.replace(/[^\w]/g, '')}`, 'i').test(wordsOf(schema))) return {};
  return { changeCounters: counters };
}

/** Each counter one more than the item held (a counter it did not hold stays unset). */
export function countedChange(item: Item, counters: readonly string[] | undefined): Record<string, number> {
  const moved: Record<string, number> = {};
  for (const member of counters ?? []) {
    const value = item[member];
    if (typeof value === 'number' && Number.isSafeInteger(value)) moved[member] = value + 1;
  }
  return moved;
}
