// Limits on how many items may name one item, as a creation's words say ("Refused with 409 when the
// member's `activeLoanCount` has reached `maxLoans`"): the model's referrerLimits, served. Before a
// creation, the items of the collection naming the same item, in the counted states, are counted
// against that item's limit member; at the limit the creation gets the documented refusal. A parent
// that limits its children ("A full session refuses with 409") counts the children under it.
import type { ReferrerLimit, Resource } from '../../spec/core.js';
import { MockHttpError } from '../core/errors.js';
import { collectionAt } from './nested.js';
import type { Collection } from './store.js';

/** The limits the resource's creation keeps. */
export function referrerLimitsFor(resource: Resource): { limits?: readonly ReferrerLimit[] } {
  const limits = resource.idioms.referrerLimits ?? [];
  return limits.length > 0 ? { limits } : {};
}

/** The documented refusal of a creation naming an item that has as many such items as it allows. */
export function pastLimit(
  limits: readonly ReferrerLimit[] | undefined,
  all: ReadonlyMap<string, Collection>,
  written: Collection,
  body: unknown,
  params: Readonly<Record<string, string>> = {},
): MockHttpError | undefined {
  if (!limits || typeof body !== 'object' || body === null) return undefined;
  const sent = body as Record<string, unknown>;
  for (const rule of limits) {
    const { via, collection, limit, stateMember, states, status } = rule;
    // A parent that limits its children: the written collection is its children, all of them counted.
    if (rule.inPath) {
      const parent = collectionAt(all as Map<string, Collection>, collection, params).find(params[via] ?? '');
      const most = parent?.[limit];
      if (typeof most === 'number' && written.size >= most)
        return new MockHttpError(status, 'conflict', `The parent item has ${written.size} already, its ${limit}.`);
      continue;
    }
    const named = sent[via];
    if (typeof named !== 'string' && typeof named !== 'number') continue;
    const most = all.get(collection)?.find(String(named))?.[limit];
    if (typeof most !== 'number') continue;
    // One walk of the written collection per creation, comparing ids as text (no copy per item).
    const key = String(named);
    let counted = 0;
    for (const item of written.page(0, written.size))
      if (
        String(item[via]) === key &&
        (!states || stateMember === undefined || states.includes(String(item[stateMember])))
      )
        counted++;
    if (counted >= most)
      return new MockHttpError(
        status,
        'conflict',
        `${via} ${JSON.stringify(named)} names an item that has ${counted} already, its ${limit}.`,
      );
  }
  return undefined;
}
