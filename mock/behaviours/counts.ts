// Counts of children kept true (`issueCount` = the project's issue list's length): after a child is
// made, removed or restored, the parent item's count members are set to its collection's size; and
// its sums of them (`bookedSeats` = the `seats` of its `confirmed` bookings) to what they hold now.
import {
  type ChildTotal,
  type CollectionSpec,
  childTotalsOf,
  filledInOf,
  type JsonSchema,
  propertiesOf,
  withEmptyLinesSummed,
  withSums,
} from '../../spec/core.js';
import { formulasFor, type ItemFormulas, withFormulas } from './formula-values.js';
import { collectionAt } from './nested.js';
import type { Collection } from './store.js';

/** The parent item whose members count a child collection's items. */
export interface Recount {
  /** The parent's collection template, and the path parameter that names the parent item. */
  readonly parent: string;
  readonly parameter: string;
  readonly members: readonly string[];
  /** The parent members that hold the highest number the children were ever given. */
  readonly highest: readonly string[];
  /** The parent members that sum a member of the children (those of one kind, where `where`). */
  readonly sums?: readonly ChildTotal[];
  /** The parent's list member that holds the children themselves (an order's `lines`), and the
   * members its entries show. */
  readonly list?: { readonly member: string; readonly shown: readonly string[] };
  /** The parent's formulas over its counts and sums (`seatsLeft` = `capacity` − `seatsSold` −
   * `seatsHeld`): worked out again once they move. */
  readonly formulas?: ItemFormulas;
}

/** For each child collection path, the parent members that count its items (read once at binding). */
export function recountsOf(collections: readonly CollectionSpec[]): Map<string, Recount> {
  const recounts = new Map<string, Recount>();
  for (const collection of collections) {
    const parameter = (collection.read ?? collection.update ?? collection.remove)?.parameter;
    const schema = collection.list?.items.schema ?? collection.create?.item.schema;
    if (!parameter || !schema) continue;
    const { counts, lastNumbers } = filledInOf(collection, schema, collections);
    for (const [role, found] of [
      ['members', counts],
      ['highest', lastNumbers],
    ] as const)
      for (const { name, child } of found) {
        const known = recounts.get(child) ?? { parent: collection.path, parameter, members: [], highest: [] };
        recounts.set(child, { ...known, [role]: [...known[role], name] });
      }
  }
  for (const child of collections) {
    const sums = childTotalsOf(child, collections).filter((total) => total.of !== undefined);
    const known = recounts.get(child.path) ?? parentRecount(child, collections);
    const list = known && heldList(child, collections, known.parent);
    if ((sums.length > 0 || list) && known)
      recounts.set(child.path, { ...known, ...(sums.length > 0 ? { sums } : {}), ...(list ? { list } : {}) });
  }
  for (const [child, recount] of recounts) {
    const parent = collections.find((one) => one.path === recount.parent);
    if (parent) recounts.set(child, { ...recount, ...formulasFor(parent) });
  }
  return recounts;
}

/** The parent's list member named like the child collection (`lines` for /orders/{orderId}/lines),
 * where its entries show only members the children hold: it lists them. */
export function heldList(child: CollectionSpec, collections: readonly CollectionSpec[], parentPath: string) {
  const parent = collections.find((one) => one.path === parentPath);
  const member = child.path.split('/').at(-1)!;
  const property = propertiesOf(parent?.read?.item.schema)[member] as { type?: unknown; items?: unknown } | undefined;
  if (!property || [property.type].flat()[0] !== 'array') return undefined;
  const shown = Object.keys(propertiesOf(property.items as JsonSchema));
  const held = new Set(Object.keys(propertiesOf(child.list?.items.schema ?? child.create?.item.schema)));
  return shown.length > 0 && shown.every((name) => held.has(name)) ? { member, shown } : undefined;
}

/** Sets the counting members of the parent the path values name to the children's size, and its
 * highest-number members to the children's last number. */
export function recountParent(
  all: Map<string, Collection>,
  recount: Recount,
  params: Readonly<Record<string, string>>,
  children: Collection,
): void {
  const parent = collectionAt(all, recount.parent, params);
  const id = params[recount.parameter] ?? '';
  const item = parent.find(id);
  if (!item) return;
  const held = (recount.sums ?? []).length > 0 || recount.list ? children.page(0, children.size) : [];
  const sumOf = ({ of, where }: ChildTotal) =>
    held
      .filter((child) => where === undefined || child[where.member] === where.value)
      .reduce((total, child) => total + (typeof child[of!] === 'number' ? (child[of!] as number) : 0), 0);
  const values = {
    ...Object.fromEntries(recount.members.map((member) => [member, children.size])),
    ...Object.fromEntries(recount.highest.map((member) => [member, children.lastCounted])),
    ...Object.fromEntries((recount.sums ?? []).map((total) => [total.member, sumOf(total)])),
    ...(recount.list ? { [recount.list.member]: held.map((child) => shownOf(child, recount.list!.shown)) } : {}),
  };
  if (Object.entries(values).every(([member, value]) => JSON.stringify(item[member]) === JSON.stringify(value))) return;
  // The parent's own sums over the list it now holds (an order's total over its lines).
  const next = { ...item, ...values };
  const summed = !recount.list
    ? next
    : held.length === 0
      ? withEmptyLinesSummed(next, recount.list.member, recount.list.shown)
      : withSums(next);
  parent.replace(id, withFormulas(summed, recount.formulas));
}

/** A child as its parent's list shows it: the members its entries show. */
export const shownOf = (child: Readonly<Record<string, unknown>>, shown: readonly string[]) =>
  Object.fromEntries(shown.filter((name) => Object.hasOwn(child, name)).map((name) => [name, child[name]]));

/** After a write to a nested collection: its parent's counts set to the collection's size. */
export function recountAfterWrite(
  context: { collections(): ReadonlyMap<string, Collection>; readonly params: Readonly<Record<string, string>> },
  recount: Recount | undefined,
  collection: Collection,
): void {
  if (recount) recountParent(context.collections() as Map<string, Collection>, recount, context.params, collection);
}

/** The recount of a child collection's parent, where the parent has a read to name it by. */
function parentRecount(child: CollectionSpec, collections: readonly CollectionSpec[]): Recount | undefined {
  const parent = collections.find(
    (one) =>
      (one.read ?? one.update ?? one.remove) &&
      child.path.startsWith(`${one.path}/{`) &&
      child.path.split('/').length === one.path.split('/').length + 2,
  );
  const parameter = parent && (parent.read ?? parent.update ?? parent.remove)?.parameter;
  return parent && parameter ? { parent: parent.path, parameter, members: [], highest: [] } : undefined;
}
