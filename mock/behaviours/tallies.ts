// Reads that count a collection's items by a member (spec/model/tallies.ts): answered from the store
// as it stands, every value the member takes counted (0 included), so the counts follow every
// creation, change and deletion.
import { jsonSuccess, type Resource, type Tally } from '../../spec/core.js';
import { sendJson } from '../core/errors.js';
import { answerHeaders, type TallyBehaviour } from './behaviour-types.js';
import { collectionAt } from './nested.js';
import type { Collection, Collections } from './store.js';

/** The tally behaviours of a resource's counting reads. */
export function tallyBehavioursOf(resource: Resource): [Tally, TallyBehaviour][] {
  // Counts held one member down, or under a parent, keep the answer generated from the document.
  const served = (tally: Tally) => tally.at === undefined && !resource.collection.path.includes('{');
  return (resource.idioms.tallied ?? []).filter(served).map((tally) => [
    tally,
    {
      kind: 'tally',
      collection: resource.collection.path,
      member: tally.member,
      values: tally.values.map(String),
      status: tally.status,
      headers: answerHeaders(jsonSuccess(tally.operation)),
    },
  ]);
}

interface TallyExchange {
  readonly res: Parameters<typeof sendJson>[0];
  collections(): Collections;
}

export const TALLY_HANDLERS = {
  tally(behaviour: TallyBehaviour, context: TallyExchange): void {
    const collection = collectionAt(context.collections() as Map<string, Collection>, behaviour.collection, {});
    const counts = Object.fromEntries(behaviour.values.map((value) => [value, 0]));
    for (const item of collection.page(0, collection.size)) {
      const value = item[behaviour.member];
      if (typeof value === 'string' && value in counts) counts[value]! += 1;
    }
    sendJson(context.res, behaviour.status, JSON.stringify(counts), behaviour.headers);
  },
};
