// A child the words allow only in some of its parent's states ("receipts only while the order is
// `submitted`"): before the maker makes one under a parent of the run's own, it moves that parent
// there by its actions, reached in steps (action-paths.ts). Parents the run did not make are never
// moved: their state is somebody else's.
import { type CollectionSpec, type Idioms, parentOfPath, parentStatesSetBy } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import { moveItem } from './action-paths.js';
import type { MakeRequest, Making } from './making.js';
import type { SequenceRunner } from './sequences.js';

type Item = Record<string, unknown>;

export interface ParentMoves {
  readonly context: PlanContext;
  readonly runner: Pick<SequenceRunner, 'send' | 'stopped'>;
  readonly make: (collection: CollectionSpec, request: MakeRequest) => Promise<Making>;
  readonly idiomsOf: (collection: CollectionSpec) => Idioms | undefined;
  readonly parentItem: (
    collection: CollectionSpec,
    values: Readonly<Record<string, string>>,
  ) => Promise<Item | undefined>;
}

/** Moves under way, by run and parent: creations under one parent made at once wait for the one
 * move, or the second would find the parent moved already, be refused, and move it on past the
 * state it needs (an event published, then closed). */
const movesUnderWay = new WeakMap<PlanContext, Map<string, Promise<string | undefined>>>();

/** Moves the run's own parent named by `values` into a state the collection's creation needs, where
 * its words lock it; what it did, or undefined where nothing was needed or possible. */
export async function unlockParent(
  collection: CollectionSpec,
  values: Readonly<Record<string, string>>,
  parts: ParentMoves,
): Promise<string | undefined> {
  let moves = movesUnderWay.get(parts.context);
  if (!moves) movesUnderWay.set(parts.context, (moves = new Map()));
  const key = `${collection.path} ${JSON.stringify(values)}`;
  const under = moves.get(key);
  if (under) return under;
  const moving = moveParent(collection, values, parts);
  moves.set(key, moving);
  try {
    return await moving;
  } finally {
    moves.delete(key);
  }
}

async function moveParent(
  collection: CollectionSpec,
  values: Readonly<Record<string, string>>,
  { context, runner, make, idiomsOf, parentItem }: ParentMoves,
): Promise<string | undefined> {
  const create = collection.create?.operation;
  const lock = idiomsOf(collection)?.parentLocks?.find((rule) => rule.operation === create);
  const parent = parentOfPath(collection.path, context.collections);
  const idText = parent ? values[parent.parameter] : undefined;
  if (!lock || !parent || idText === undefined || runner.stopped()) return undefined;
  const own = [JSON.stringify(idText), idText].some((key) => context.changedByRunHas(parent.collection, key));
  if (!own) return undefined;
  const item = await parentItem(collection, values);
  if (!item || lock.allowed.includes(item[lock.member])) return undefined;
  const actions = idiomsOf(parent.collection)?.actions ?? [];
  const names = Object.keys(values);
  const at = Object.fromEntries(
    names.slice(0, names.indexOf(parent.parameter) + 1).map((name) => [name, values[name]!]),
  );
  const target = { collection: parent.collection, idText, at };
  const into = actions.filter((a) => a.member === lock.member && lock.allowed.includes(a.target));
  const moved =
    (await moveItem(into, actions, target, context, { make, stopped: runner.stopped, send: runner.send })) ??
    (await moveByChild(collection, lock.allowed, at, { context, runner, make, idiomsOf, parentItem }));
  if (!moved) return undefined;
  // Known from now on in the state it reached: the next child under it needs no move.
  context.anchors.remember(parent.collection, at, idText, { ...item, [lock.member]: moved.state });
  return moved.steps.join(', ');
}

/** Moves the parent by making a child whose creation's words set its state ("Sets the order's
 * `status` to `paid`": a payment before a refund), where no action does. */
async function moveByChild(
  collection: CollectionSpec,
  allowed: readonly unknown[],
  at: Readonly<Record<string, string>>,
  { context, make }: ParentMoves,
): Promise<{ state: unknown; steps: string[] } | undefined> {
  const parent = parentOfPath(collection.path, context.collections)?.collection;
  const siblings = context.collections.filter(
    (other) =>
      other !== collection && other.create && parentOfPath(other.path, context.collections)?.collection === parent,
  );
  for (const sibling of siblings) {
    const state = parentStatesSetBy(sibling, context.collections).find((to) => allowed.includes(to));
    if (state === undefined) continue;
    // As its parent stands: a sibling that needs a move of its own is not made (no moves in a ring).
    const made = await make(sibling, {
      what: `to move its parent to ${state}`,
      purpose: 'parent-move',
      parent: at,
      keepParent: true,
    });
    if ('made' in made) return { state, steps: [`made a ${sibling.path} item (${state})`] };
  }
  return undefined;
}
