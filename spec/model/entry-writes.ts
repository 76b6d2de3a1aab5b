// Writes below an item that no collection owns: the entries it holds (POST /carts/{cartId}/lines,
// PATCH or DELETE /carts/{cartId}/lines/{sku}) and its actions (POST /carts/{cartId}/checkout). Read
// here once for the model's locks and the runner's entry touches.
import type { Contract, Operation } from '../contract/types.js';
import { type CollectionSpec, collectionOperations } from './collections.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const isParameter = (segment: string | undefined) => segment !== undefined && /^\{[^}]+\}$/.test(segment);

/** The item's own path (/carts/{cartId}), by its read, else its deletion. */
const itemPathOf = (collection: CollectionSpec): string | undefined =>
  collection.read?.operation.path ?? collection.remove?.operation.path;

/** The writes below the item's path that no collection owns, each with its path's segments below it. */
function unownedBelow(
  collection: CollectionSpec,
  operations: readonly Operation[],
  collections: readonly CollectionSpec[],
) {
  const item = itemPathOf(collection);
  if (!item) return [];
  const owned = new Set(collections.flatMap(collectionOperations));
  return operations.flatMap((operation) =>
    WRITES.has(operation.method) && operation.path.startsWith(`${item}/`) && !owned.has(operation)
      ? [{ operation, segments: operation.path.slice(item.length + 1).split('/') }]
      : [],
  );
}

/** Every write below the item that no collection owns: its entries' writes and its actions. */
export const writesBelowItem = (
  collection: CollectionSpec,
  operations: readonly Operation[],
  collections: readonly CollectionSpec[],
): Operation[] => unownedBelow(collection, operations, collections).map(({ operation }) => operation);

/** The writes of the entries an item holds, addressed below it by a key: the entries' path has an
 * addressed form (/lines/{sku}), which an action's (/checkout) has not. */
export function entryWritesOf(
  collection: CollectionSpec,
  contract: Contract | undefined,
  collections: readonly CollectionSpec[],
): Operation[] {
  if (!contract) return [];
  const below = unownedBelow(collection, contract.operations, collections);
  const keyed = new Set(
    contract.operations.flatMap(({ path }) => {
      const item = itemPathOf(collection);
      if (!item || !path.startsWith(`${item}/`)) return [];
      const [entries, key, ...more] = path.slice(item.length + 1).split('/');
      return entries && !isParameter(entries) && isParameter(key) && more.length === 0 ? [entries] : [];
    }),
  );
  return below
    .filter(({ operation, segments: [entries, key, ...more] }) => {
      if (!entries || !keyed.has(entries) || more.length > 0) return false;
      return key === undefined ? operation.method === 'POST' : ['PUT', 'PATCH', 'DELETE'].includes(operation.method);
    })
    .map(({ operation }) => operation);
}
