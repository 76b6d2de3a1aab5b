// A nested collection is worked under a parent that exists: where clients can create the parent
// (/owners for /owners/{ownerId}/pets), the run creates one first and works under its id, so a
// service that answers 404 under a missing parent is met as a client meets it.
import {
  type CollectionSpec,
  listedParentOf,
  madeElsewhere,
  type Operation,
  type ParentItem,
  parentItemsOf,
} from '../../../spec/index.js';
import { idPathText } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { entryParams } from '../entry-params.js';
import { addedEntryParams } from './added-entries.js';
import { defaultedMembers } from './reference-values.js';
import { roomyMembers } from './roomy-values.js';
import type { SequenceRunner } from './sequence-runner.js';

/** The innermost parent the run can make: by its creation or a PUT at its key, else by a POST of
 * another resource that makes it (an order a cart's checkout makes). */
function makeableParentOf(path: string, context: PlanContext): ParentItem | undefined {
  const made = parentItemsOf(path, context.collections).at(-1);
  if (made) return made;
  const listed = listedParentOf(path, context.collections);
  const makers = listed ? [...madeElsewhere(context.operations, context.collections).values()] : [];
  return makers.some((maker) => maker.collection === listed?.collection) ? listed : undefined;
}

const resolved = new WeakMap<PlanContext, Map<string, Promise<Record<string, string>>>>();

/** The path values naming a collection's parent, resolved once per run and collection. */
export function parentParams(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<Record<string, string>> {
  let byPath = resolved.get(context);
  if (!byPath) resolved.set(context, (byPath = new Map()));
  let params = byPath.get(collection.path);
  if (!params) {
    // Where clients cannot make a parent, a listed one; else sampled values name one (a service may
    // still answer 404).
    params = createParent(collection, context, runner, 'parent')
      .then(async (made) => made ?? (await listedParent(collection, context, runner)))
      .then((found) => found ?? context.parentParams(collection));
    byPath.set(collection.path, params);
  }
  return params;
}

/** A new parent for the collection, made through the parent collection's create (under the same
 * grandparents as the run's first), or undefined where clients cannot make one. */
export async function createParent(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
  purpose: string,
): Promise<Record<string, string> | undefined> {
  const sampled = context.parentParams(collection);
  // The innermost parent: its own parents come with it (/a/{x}/b/{y}/c needs the b made under x).
  const parent = makeableParentOf(collection.path, context);
  if (!parent || !(parent.parameter in sampled) || runner.stopped()) return undefined;
  const above = await parentParams(parent.collection, context, runner);
  const create = parent.collection.create?.operation;
  const schema = create && context.requestSchema(create)?.schema;
  const preferred = roomyMembers(schema);
  // In its usual state, each member with a default at it: a course made `active: false` takes no
  // sessions ("adding a session to an inactive course is refused").
  const members = defaultedMembers(schema);
  const making = await runner.make(parent.collection, {
    what: `as ${purpose === 'parent' ? 'the' : 'another'} parent of ${collection.path}`,
    purpose,
    parent: above,
    ...(Object.keys(members).length > 0 ? { members } : {}),
    ...(Object.keys(preferred).length > 0 ? { preferred } : {}),
  });
  if ('refused' in making) return undefined;
  return { ...sampled, ...above, [parent.parameter]: idPathText(making.made.item, parent.collection.idProperty) };
}

/** A parent the parent collection lists (seeded data clients cannot create), or undefined. */
async function listedParent(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<Record<string, string> | undefined> {
  const sampled = context.parentParams(collection);
  // Any listed parent, read-only ones too (seeded warehouses above /warehouses/{id}/orders).
  const parent = listedParentOf(collection.path, context.collections);
  if (!parent || !(parent.parameter in sampled) || runner.stopped()) return undefined;
  const above = await parentParams(parent.collection, context, runner);
  const [id] = await runner.listedIds(parent.collection);
  if (id === undefined || (typeof id !== 'string' && typeof id !== 'number')) return undefined;
  return { ...sampled, ...above, [parent.parameter]: String(id) };
}

const underItems = new WeakMap<PlanContext, Map<string, Promise<Record<string, string> | undefined>>>();

/** The path values naming an item the run made, for an operation below it that is no collection's
 * own (POST /carts/{cartId}/lines, GET /carts/{cartId}/summary): its made-up ids only ever meet a
 * 404, and its cases would never reach the body checks behind it. A write works on an item of its
 * own (a checkout empties its cart); a read shares one per parent collection. Undefined where no
 * item could be made (the cases then keep their made-up values, as before). */
export function madeItemParams(
  operation: Operation,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<Record<string, string> | undefined> {
  const write = operation.method !== 'GET' && operation.method !== 'HEAD';
  const parent = makeableParentOf(operation.path, context);
  // Below items clients cannot make (seeded warehouses), reads and writes name a listed one.
  if (!parent && !runner.stopped()) return listedItemParams(operation, context, runner);
  if (!parent || runner.stopped()) return Promise.resolve(undefined);
  let byKey = underItems.get(context);
  if (!byKey) underItems.set(context, (byKey = new Map()));
  const key = write ? `${operation.method} ${operation.path}` : parent.collection.path;
  let params = byKey.get(key);
  if (!params) {
    params = (async () => {
      const above = await parentParams(parent.collection, context, runner);
      const making = await runner.make(parent.collection, {
        what: `as the item ${write ? `${operation.id} works on` : `the reads below ${parent.collection.path} name`}`,
        purpose: write ? `under:${operation.id}` : 'under',
        parent: above,
      });
      // Items clients cannot make (seeded venues): a read below one names a listed one.
      if ('refused' in making) return write ? undefined : listedItemParams(operation, context, runner);
      const at = { ...above, [parent.parameter]: idPathText(making.made.item, parent.collection.idProperty) };
      const held = entryParams(operation.path, parent.parameter, making.made.item);
      // A new item holds no entry yet (a cart's lines): one is added for the operation to name.
      const entry =
        Object.keys(held).length > 0 ? held : await addedEntryParams(operation, parent, at, context, runner);
      return { ...at, ...entry };
    })();
    byKey.set(key, params);
  }
  return params;
}

/** The path values naming a listed item, for a read below items clients cannot make (a seeded
 * venue's events): a made-up id would only ever meet a 404. */
async function listedItemParams(
  operation: { readonly path: string },
  context: PlanContext,
  runner: SequenceRunner,
): Promise<Record<string, string> | undefined> {
  const parent = listedParentOf(operation.path, context.collections);
  if (!parent) return undefined;
  const above = await parentParams(parent.collection, context, runner);
  const [id] = await runner.listedIds(parent.collection);
  const named = typeof id === 'string' || typeof id === 'number';
  return named ? { ...above, [parent.parameter]: String(id) } : undefined;
}

/** Whether the path values name a parent item the run made. */
export function underOwnParent(
  collection: CollectionSpec,
  values: Readonly<Record<string, string>>,
  context: PlanContext,
): boolean {
  const parent = makeableParentOf(collection.path, context);
  const text = parent ? values[parent.parameter] : undefined;
  // Ids are kept as JSON text: "evt_1" for a string, 42 for a number.
  const keys = text === undefined ? [] : [JSON.stringify(text), text];
  return parent !== undefined && keys.some((key) => context.changedByRunHas(parent.collection, key));
}
