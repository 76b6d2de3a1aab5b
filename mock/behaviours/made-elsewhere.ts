// A POST that answers a new item of another collection (POST /carts/{id}/checkout answers 201 with
// an Order, which GET /orders/{orderId} reads): the mock makes that item in that collection, so it
// is listed and readable where the Location says, instead of answering the same example each time.
import {
  type CollectionSpec,
  type Contract,
  filledInOf,
  isJsonMediaType,
  lastSegment,
  type Operation,
  singleItem,
} from '../../spec/core.js';
import { sampleValue, seedOf } from '../../spec/generate/index.js';
import { answerHeaders, type Behaviour, type CreateBehaviour } from './behaviour-types.js';
import { once } from './once.js';
import { itemPathOf } from './resource-idioms.js';

type Item = Record<string, unknown>;

/** The top-level collections by the text of their item views' schemas (read and list items), each
 * written out once. */
function collectionsByView(collections: readonly CollectionSpec[]): Map<string, CollectionSpec> {
  const byView = new Map<string, CollectionSpec>();
  for (const candidate of collections) {
    if (candidate.path.includes('{')) continue;
    for (const view of [candidate.read?.item.schema, candidate.list?.items.schema]) {
      const text = view && JSON.stringify(view);
      if (text && !byView.has(text)) byView.set(text, candidate);
    }
  }
  return byView;
}

/** The collection whose item a POST's 201 or 202 answers (the same schema as its read or list's
 * items), where the collection is not nested: its items live in one place. */
function collectionAnswered(operation: Operation, byView: () => Map<string, CollectionSpec>) {
  const response = operation.responses.find((r) => r.status === '201' || r.status === '202');
  const media = response?.content.find((m) => isJsonMediaType(m.mediaType) && m.validator);
  if (!response || !media?.validator) return undefined;
  const collection = byView().get(JSON.stringify(media.validator.schema));
  const item =
    collection && singleItem(media.validator.schema, collection.idProperty, undefined, lastSegment(collection.path));
  return collection && item ? { collection, response, media, status: Number(response.status) } : undefined;
}

/** Creations in another collection, for POSTs the document answers with such an item. */
export function madeElsewhere(
  contract: Contract,
  collections: readonly CollectionSpec[],
  bound: ReadonlyMap<Operation, Behaviour>,
  caller: () => string | undefined,
): Map<Operation, CreateBehaviour> {
  const made = new Map<Operation, CreateBehaviour>();
  const byView = once(() => collectionsByView(collections));
  for (const operation of contract.operations) {
    if (operation.method !== 'POST' || bound.has(operation) || operation.unspecified) continue;
    const answered = collectionAnswered(operation, byView);
    if (!answered) continue;
    const { collection, response, media, status } = answered;
    const location = response.headers.some((header) => header.name.toLowerCase() === 'location');
    const filled = filledInOf(collection, media.validator!.schema, collections);
    let values: { assigned: Item; fallback: Item } | undefined;
    made.set(operation, {
      kind: 'create',
      collection: collection.path,
      status,
      headers: answerHeaders({ mediaType: media.mediaType } as never),
      // Nothing the request sends is the new item's: its values are the document's, filled in now.
      storedProperties: [],
      keeps: () => false,
      initialValues: () => {
        values ??= { assigned: {}, fallback: documentItem(media.validator!, media.examples, operation, collection) };
        return values;
      },
      ...(location ? { location: itemPathOf(collection, contract.basePath) } : {}),
      filled,
      caller,
    });
  }
  return made;
}

/** The document's item for the answer (its example, else put together from its parts), without its
 * id (the store gives one). */
function documentItem(
  validator: NonNullable<Operation['responses'][number]['content'][number]['validator']>,
  examples: readonly unknown[],
  operation: Operation,
  collection: CollectionSpec,
): Item {
  const sample = sampleValue(validator, examples, seedOf(`${operation.id}:made`))?.value;
  if (typeof sample !== 'object' || sample === null || Array.isArray(sample)) return {};
  const { [collection.idProperty]: _id, ...rest } = sample as Item;
  return rest;
}
