// A child's creation that moves its parent's state, as its words say ("the order's `status` becomes
// `paid` and its `paidAt` is set"): once the payment is made, the order is paid, that state's instant
// and its update instant stamped now.
import {
  type CollectionSpec,
  parentMoveSources,
  parentOfPath,
  parentStatesSetBy,
  type Resource,
  statusMember,
} from '../../spec/core.js';
import type { ActionBehaviour, ParentMove } from './behaviour-types.js';
import { stampsOf } from './life-bindings.js';
import { collectionAt } from './nested.js';
import type { Collection, Collections } from './store.js';

/** The move of the parent a creation of the resource makes, where its words give one state. */
export function parentMoveOf(resource: Resource, collections: readonly CollectionSpec[]): { parentMove?: ParentMove } {
  const states = parentStatesSetBy(resource.collection, collections);
  const parent = parentOfPath(resource.collection.path, collections);
  const member = parent && statusMember(parent.collection)?.member;
  if (states.length !== 1 || !parent || member === undefined) return {};
  const { stamps } = stampsOf(parent.collection, states[0], collections) as { stamps?: ActionBehaviour['stamps'] };
  const from = parentMoveSources(resource.collection, collections);
  return {
    parentMove: {
      parent: parent.collection.path,
      parameter: parent.parameter,
      member,
      state: states[0],
      stamps,
      ...(from.length > 0 ? { from } : {}),
    },
  };
}

/** Moves the parent the path values name into the state, stamped now. */
export function moveParent(move: ParentMove, collections: Collections, params: Readonly<Record<string, string>>) {
  const parents = collectionAt(collections as Map<string, Collection>, move.parent, params);
  const id = params[move.parameter] ?? '';
  const item = parents.find(id);
  // Only from the states the words give ("a comment on an `open` ticket"): a solved one stays.
  if (!item || (move.from && !move.from.includes(String(item[move.member])))) return;
  const instant = new Date().toISOString();
  const stamped = Object.fromEntries(
    (move.stamps ?? []).map(({ name, date }) => [name, date ? instant.slice(0, 10) : instant]),
  );
  parents.replace(id, { ...item, ...stamped, [move.member]: move.state });
}
