// Where a counted item is made and what it adds to the counts of the item it names (state-counts.ts).
import type { CollectionSpec, StateCount } from '../../../spec/index.js';
import { itemWeight, parentItemsOf } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { createParent, parentParams } from './parents.js';
import type { SequenceRunner } from './sequence-runner.js';

type Item = Record<string, unknown>;

/** The path values of the counting item an item names, or undefined where it names none. */
export function countedAt(
  item: Item,
  rule: StateCount,
  own: CollectionSpec,
  context: PlanContext,
  under: Readonly<Record<string, string>>,
) {
  // Items below it name it by their path alone: the path values they were made under.
  const of = (name: string) => (rule.viaPath ? under[name] : item[name]);
  const read = own.read;
  if (!read) return undefined;
  const [array, inner] = rule.via.split('[].') as [string, string | undefined];
  const entries = item[array];
  const id = inner === undefined ? of(array) : Array.isArray(entries) ? asObject(entries[0])?.[inner] : undefined;
  if (id === undefined || id === null) return undefined;
  const params: Record<string, string> = { [read.parameter]: String(id) };
  if (rule.parentVia !== undefined) {
    const parent = parentItemsOf(own.path, context.collections).at(-1);
    const parentId = of(rule.parentVia);
    if (!parent || parentId === undefined || parentId === null) return undefined;
    params[parent.parameter] = String(parentId);
  }
  return params;
}

/** What the item adds to a count of the item at `params` (its entries naming that item, where an
 * entry names it). */
export function weightOf(item: Item, rule: StateCount, params: Record<string, string>, idParameter: string): number {
  const [viaArray, viaInner] = rule.via.split('[].');
  const byEntry = viaInner !== undefined && rule.weight?.startsWith(`${viaArray}[].`);
  return itemWeight(item, rule.weight, byEntry ? { member: viaInner, id: params[idParameter]! } : undefined);
}

/** Where the counted item is made: a child in its parent's path (a vehicle's work orders) under the
 * run's own item named, or else a parent of the run's own, else a listed one, never at a path with
 * its parameter left unfilled; a top-level one naming the run's item by its member. */
export async function countedParent(
  own: CollectionSpec,
  counted: CollectionSpec,
  ownNamed: Record<string, unknown> | undefined,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<{ parent?: Record<string, string>; members?: Record<string, unknown> }> {
  if (!counted.path.includes('{')) return { parent: {}, ...(ownNamed ? { members: ownNamed } : {}) };
  const above = parentItemsOf(counted.path, context.collections).at(-1);
  const ownId = ownNamed && Object.values(ownNamed)[0];
  if (above?.collection === own && !own.path.includes('{') && ownId !== undefined && ownId !== null)
    return { parent: { [above.parameter]: String(ownId) } };
  const parent =
    (await createParent(counted, context, runner, 'state counts parent')) ??
    (await parentParams(counted, context, runner));
  return parent ? { parent } : {};
}
