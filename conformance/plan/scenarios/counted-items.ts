// The items a state-count scenario (state-counts.ts) counts with: an item of the run's own for the
// counted items to name, more items naming the same one as the probe does, and the actions of other
// collections that move the counted items.
import type { CollectionSpec, NamedEffect, Resource, StateCount } from '../../../spec/index.js';
import { parentItemsOf, propertiesOfAnyForm } from '../../../spec/index.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { referencedCollections } from '../references.js';
import type { MadeItem } from './making.js';
import { itemOf, type SequenceRunner, succeeded } from './sequence-runner.js';
import { makeInState } from './stated-items.js';

type Item = Record<string, unknown>;

export interface NamedMove {
  readonly resource: Resource;
  readonly effect: NamedEffect;
}

export const movedBy = (resource: Resource, effect: NamedEffect) =>
  `counts moved by ${effect.verb} of a ${resource.collection.path} item naming it`;

/** The moves other collections' actions make of the counted items' state, where the words say
 * them for every state of the acting item (no "When it was ..."). */
export function namedMovesOf(
  counted: CollectionSpec,
  stateMember: string,
  context: PlanContext,
  resourceOf: (collection: CollectionSpec) => Resource | undefined,
): NamedMove[] {
  return context.collections.flatMap((collection) => {
    const resource = resourceOf(collection);
    return (resource?.idioms.namedEffects ?? [])
      .filter((effect) => effect.collection === counted.path && effect.stateMember === stateMember && !effect.when)
      .map((effect) => ({ resource: resource!, effect }));
  });
}

/** An item of the run's own for the counted items to name (in a state they may name, where their
 * creation's words ask one), as the members fixing it; undefined where none could be made. */
export async function ownItemToName(
  own: CollectionSpec,
  counted: CollectionSpec,
  rule: StateCount,
  resourceOf: (collection: CollectionSpec) => Resource | undefined,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<Record<string, unknown> | undefined> {
  const member = rule.parentVia ?? rule.via;
  const named = rule.parentVia === undefined ? own : parentItemsOf(own.path, context.collections).at(-1)?.collection;
  if (member.includes('[].') || !named?.create) return undefined;
  // A member naming an item below the named one (a booking's `deskNumber`, a desk of its space): a
  // fresh item has none below it, so the maker's own pair is named instead.
  const create = counted.create?.operation;
  const below = create ? [...referencedCollections(create, context.collections).values()] : [];
  if (below.some((collection) => collection.path.startsWith(`${named.path}/{`))) return undefined;
  const stateRule = resourceOf(counted)?.idioms.referenceStates?.find((one) => one.member === member);
  const parts = { context, runner, make: runner.make, actions: resourceOf(named)?.idioms.actions ?? [] };
  const stated = stateRule
    ? await makeInState(named, stateRule, 'state counts', parts)
    : await runner
        .make(named, { what: 'for the counted items to name', purpose: 'state counts', parent: {} })
        .then((making) => ('made' in making ? { id: making.made.item[named.idProperty] } : making));
  return 'id' in stated && stated.id !== undefined ? { [member]: stated.id } : undefined;
}

/** Another item naming the same one: made fresh with the naming members fixed (a loan of another
 * copy for the same member), or, where an entry names it (an order line), the probe's body again. */
export async function another(
  probe: MadeItem,
  rule: StateCount,
  counted: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<Item | undefined> {
  if (!rule.via.includes('[].')) {
    // Only members the creation takes: one the path fills (a work order's `vehicleVin` under
    // /vehicles/{vin}) is named by the probe's parent, which the second is made under too.
    const sendable = propertiesOfAnyForm(context.requestSchema(counted.create!.operation)?.schema);
    const members = Object.fromEntries(
      [rule.via, ...(rule.parentVia ? [rule.parentVia] : [])]
        .filter((name) => Object.hasOwn(sendable, name))
        .map((name) => [name, probe.item[name]]),
    );
    const making = await runner.make(counted, {
      what: 'to be counted by the item it names',
      purpose: 'state counts',
      parent: probe.parent,
      members,
    });
    return 'made' in making && JSON.stringify(making.made.item[rule.via]) === JSON.stringify(probe.item[rule.via])
      ? making.made.item
      : undefined;
  }
  const creation: TestCase = context.testCase(counted.create!.operation, {
    kind: 'positive',
    plain: true,
    pathParams: probe.parent,
    payload: { kind: 'json', value: probe.sent },
    what: 'to be counted by the item it names',
  });
  const executed = await runner.execute(creation, { collection: counted });
  return succeeded(executed) ? itemOf(executed.body, counted) : undefined;
}
