// Items made by a POST of another resource: a checkout (POST /carts/{cartId}/checkout) answers 201
// with an Order, which GET /orders/{orderId} reads, though /orders has no creation of its own. One
// reading for the mock (it makes the order in /orders) and the runner (it makes one to work on: a
// cart, a line in it, the checkout).

import { isJsonMediaType } from '../contract/media-types.js';
import type { Operation, ResponseSpec } from '../contract/types.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { CollectionSpec } from './collections.js';
import { type ParentItem, parentItemsOf } from './parents.js';
import { lastSegment, singleItem } from './shapes.js';

export interface MadeElsewhere {
  /** The POST that makes the item. */
  readonly operation: Operation;
  /** The collection the item is then listed and read in. */
  readonly collection: CollectionSpec;
  readonly response: ResponseSpec;
  readonly media: ResponseSpec['content'][number];
  readonly status: number;
  /** The item the POST's path names (the cart a checkout empties), where it names one. */
  readonly from?: ParentItem;
}

/** A schema's JSON text, or undefined for a circular one (compared by identity alone). */
function textOf(schema: JsonSchema | undefined): string | undefined {
  try {
    return schema && JSON.stringify(schema);
  } catch {
    return undefined;
  }
}

/** Finds the top-level collection whose read or list answers items of a schema: the same object,
 * or the same JSON (each view written out once). */
function viewFinder(collections: readonly CollectionSpec[]): (schema: JsonSchema) => CollectionSpec | undefined {
  const views = collections
    .filter((candidate) => !candidate.path.includes('{'))
    .flatMap((candidate) =>
      [candidate.read?.item.schema, candidate.list?.items.schema].flatMap((view) =>
        view ? [{ candidate, view, text: textOf(view) }] : [],
      ),
    );
  return (schema) => {
    const text = textOf(schema);
    return views.find((one) => one.view === schema || (text !== undefined && one.text === text))?.candidate;
  };
}

const cache = new WeakMap<readonly CollectionSpec[], Map<Operation, MadeElsewhere>>();

/** Every POST that answers (201 or 202) a new item of a top-level collection other than its own
 * creation: its answer's schema is the one that collection's read or list answers. */
export function madeElsewhere(
  operations: readonly Operation[],
  collections: readonly CollectionSpec[],
): Map<Operation, MadeElsewhere> {
  let found = cache.get(collections);
  if (found) return found;
  found = new Map();
  let viewing: ReturnType<typeof viewFinder> | undefined;
  const creations = new Set(collections.flatMap((c) => (c.create ? [c.create.operation] : [])));
  for (const operation of operations) {
    if (operation.method !== 'POST' || creations.has(operation) || operation.unspecified) continue;
    const response = operation.responses.find((r) => r.status === '201' || r.status === '202');
    const media = response?.content.find((m) => isJsonMediaType(m.mediaType) && m.validator);
    if (!response || !media?.validator) continue;
    viewing ??= viewFinder(collections);
    const collection = viewing(media.validator.schema);
    const item =
      collection && singleItem(media.validator.schema, collection.idProperty, undefined, lastSegment(collection.path));
    if (!collection || !item) continue;
    const from = parentItemsOf(operation.path, collections).at(-1);
    // A POST below an item that answers that item (a line added, the cart answered) makes nothing.
    if (from?.collection === collection) continue;
    found.set(operation, {
      operation,
      collection,
      response,
      media,
      status: Number(response.status),
      ...(from ? { from } : {}),
    });
  }
  cache.set(collections, found);
  return found;
}

/** The POSTs that make items of a collection. */
export function makersOf(
  operations: readonly Operation[],
  collections: readonly CollectionSpec[],
  collection: CollectionSpec,
): MadeElsewhere[] {
  return [...madeElsewhere(operations, collections).values()].filter((made) => made.collection === collection);
}
