// Numbers a creation's words bound by a member of the parent the path names ("a `seats` above the
// course's `maxSeats` is refused"): the parent read first, and a drawn number past its bound brought
// down to it, so the first try is not refused for a bound the run could see (a refusal before the
// first item would hide what the item's number says).
import { type CollectionSpec, referencedBoundsOf } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';

type Item = Record<string, unknown>;

/** Each bounded member's most, as the parent the path values name holds it. */
export async function parentBoundsOf(
  collection: CollectionSpec,
  parent: Readonly<Record<string, string>>,
  collections: readonly CollectionSpec[],
  parentItem: (collection: CollectionSpec, values: Readonly<Record<string, string>>) => Promise<Item | undefined>,
): Promise<Record<string, number>> {
  const bounds = referencedBoundsOf(collection, collections).filter((bound) => bound.inPath && parent[bound.via]);
  if (bounds.length === 0) return {};
  const item = await parentItem(collection, parent);
  return Object.fromEntries(
    bounds.flatMap(({ member, bound }) => (typeof item?.[bound] === 'number' ? [[member, item[bound] as number]] : [])),
  );
}

/** The body with each bounded number past its most brought down to it. */
export function withinBounds(body: unknown, most: Readonly<Record<string, number>>): unknown {
  const object = asObject(body);
  if (!object) return body;
  const past = Object.entries(most).filter(
    ([member, value]) => typeof object[member] === 'number' && (object[member] as number) > value,
  );
  return past.length === 0 ? body : { ...object, ...Object.fromEntries(past) };
}
