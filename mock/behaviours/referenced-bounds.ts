// A creation's number bounded by a member of an item it names, as its words say ("`capacity` must
// not exceed the venue's `maxCapacity`", "A `quantity` larger than the event's `seatsLeft` is
// refused with 409"): the model's referencedBounds, kept by refusing a number past the bound with
// the documented status, nothing made.
import { type CollectionSpec, type ReferencedBound, referencedBoundsOf } from '../../spec/core.js';
import { MockHttpError } from '../core/errors.js';
import { collectionAt } from './nested.js';
import type { Collection, Collections } from './store.js';

/** Bound once per creation: the bounds its words give, where they give any. */
export function referencedBoundsFor(
  collection: CollectionSpec,
  collections: readonly CollectionSpec[],
): { bounds?: readonly ReferencedBound[] } {
  const bounds = referencedBoundsOf(collection, collections);
  return bounds.length > 0 ? { bounds } : {};
}

/** The refusal of a body whose number passes the bound of the item it names; undefined otherwise
 * (an item named that does not exist is another rule's to refuse). */
export function pastReferencedBound(
  bounds: readonly ReferencedBound[] | undefined,
  all: Collections,
  params: Readonly<Record<string, string>>,
  body: unknown,
): MockHttpError | undefined {
  if (!bounds || typeof body !== 'object' || body === null) return undefined;
  const sent = body as Record<string, unknown>;
  for (const { member, via, inPath, collection, bound, status } of bounds) {
    const value = sent[member];
    const named = inPath ? params[via] : sent[via];
    if (typeof value !== 'number' || (typeof named !== 'string' && typeof named !== 'number')) continue;
    const item = collectionAt(all as Map<string, Collection>, collection, params).find(String(named));
    const most = item?.[bound];
    if (typeof most !== 'number' || value <= most) continue;
    const refused = new MockHttpError(
      status,
      'past_bound',
      `${member} ${value} is past the ${bound} ${most} of the ${collection} item it names.`,
    );
    refused.pointer = `/${member}`;
    return refused;
  }
  return undefined;
}
