// A POST that answers a new item of another collection (POST /carts/{id}/checkout answers 201 with
// an Order, which GET /orders/{orderId} reads): the mock makes that item in that collection, so it
// is listed and readable where the Location says, instead of answering the same example each time.
import {
  type CallerNames,
  type CollectionSpec,
  type Contract,
  collectionResource,
  type FilledIn,
  filledInOf,
  IDEMPOTENCY_HEADER,
  type JsonSchema,
  madeElsewhere as madeElsewhereOf,
  mergeAllOf,
  type Operation,
  type ParentItem,
  propertiesOf,
} from '../../spec/core.js';
import { sampleValue, seedOf } from '../../spec/generate/index.js';
import { MockHttpError } from '../core/errors.js';
import { answerHeaders, type Behaviour, type CopiedSource, type CreateBehaviour } from './behaviour-types.js';
import { collectionAt } from './nested.js';
import { itemPathOf } from './resource-idioms.js';
import type { Collections } from './store.js';

type Item = Record<string, unknown>;

/** Creations in another collection, for POSTs the document answers with such an item. */
export function madeElsewhere(
  contract: Contract,
  collections: readonly CollectionSpec[],
  bound: ReadonlyMap<Operation, Behaviour>,
  caller: () => CallerNames | undefined,
): Map<Operation, CreateBehaviour> {
  const made = new Map<Operation, CreateBehaviour>();
  for (const [operation, answered] of madeElsewhereOf(contract.operations, collections)) {
    // An action of the source's that makes the item (a checkout) is taken on the source too.
    const action = bound.get(operation);
    if (action && action.kind !== 'action') continue;
    const { collection, response, media, status, from } = answered;
    const location = response.headers.some((header) => header.name.toLowerCase() === 'location');
    const schema = media.validator!.schema;
    const filled = withPathMembers(filledInOf(collection, schema, collections), operation, schema);
    const copiesFrom = from ? copiedSource(from, schema, operation) : undefined;
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
      ...(copiesFrom ? { copiesFrom } : {}),
      ...(action?.kind === 'action' ? { sourceAction: action, ...namingOf(from, collection) } : {}),
      ...idempotencyOf(operation),
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

type Schema = Record<string, unknown>;

/** The made item's members named like the POST's path parameters (an order's `cartId`) hold the
 * path's values, as a nested item's parent members do. */
function withPathMembers(filled: FilledIn, operation: Operation, schema: JsonSchema): FilledIn {
  const members = propertiesOf(schema);
  const extra = operation.parameters
    .filter((p) => p.in === 'path' && Object.hasOwn(members, p.name) && !filled.parents.some((f) => f.name === p.name))
    .map((p) => ({ name: p.name, integer: mergeAllOf(members[p.name] as Schema).type === 'integer' }));
  return extra.length === 0 ? filled : { ...filled, parents: [...filled.parents, ...extra] };
}

/** What the made item copies from the item the path names: the members both have (lines, counts,
 * totals), other than ids and instants. */
function copiedSource(from: ParentItem, schema: JsonSchema, operation: Operation): CopiedSource | undefined {
  const made = propertiesOf(schema);
  const source = propertiesOf(from.collection.read?.item.schema ?? from.collection.list?.items.schema);
  const members = Object.keys(made).filter(
    (name) =>
      Object.hasOwn(source, name) &&
      name !== from.collection.idProperty &&
      name !== 'id' &&
      !/(At|_at|On|_on)$/.test(name) &&
      sameValues(made[name], source[name]),
  );
  if (members.length === 0) return undefined;
  const fewest: Record<string, number> = {};
  for (const name of members) {
    const minItems = mergeAllOf(made[name] as Schema).minItems;
    if (typeof minItems === 'number' && minItems > 0) fewest[name] = minItems;
  }
  const documented = (status: number) => operation.responses.some((r) => r.status === String(status));
  const refusedStatus = [409, 422, 400].find(documented) ?? 409;
  return { collection: from.collection.path, parameter: from.parameter, members, fewest, refusedStatus };
}

/** Whether a member's values mean the same in both items: a state each holds its own of (a cart's
 * `open`, an order's `placed`) is not copied. */
function sameValues(made: unknown, source: unknown): boolean {
  const values = (schema: unknown) => mergeAllOf(schema as Schema).enum as unknown[] | undefined;
  const [mine, theirs] = [values(made), values(source)];
  if (!mine && !theirs) return true;
  return JSON.stringify([...(mine ?? [])].sort()) === JSON.stringify([...(theirs ?? [])].sort());
}

/** The members copied from the source item, or the refusal where it cannot make a valid item (an
 * empty cart's order would hold no line). */
export function copiedMembers(
  copies: CopiedSource,
  collections: Collections,
  params: Readonly<Record<string, string>>,
): Record<string, unknown> | MockHttpError {
  const all = collections as Map<string, ReturnType<typeof collectionAt>>;
  const id = params[copies.parameter] ?? '';
  const source = collectionAt(all, copies.collection, params).find(id);
  if (!source) return new MockHttpError(404, 'not_found', `No item ${id} in ${copies.collection}.`);
  const copied: Record<string, unknown> = {};
  for (const name of copies.members) {
    if (!Object.hasOwn(source, name)) continue;
    const value = source[name];
    const fewest = copies.fewest[name];
    if (fewest !== undefined && Array.isArray(value) && value.length < fewest)
      return new MockHttpError(
        copies.refusedStatus,
        'conflict',
        `${copies.collection} item ${id} has ${value.length} ${name}; at least ${fewest} needed.`,
      );
    copied[name] = structuredClone(value);
  }
  return copied;
}

/** The source's member that names the made item: an order's `orderId` or `order_id` on its cart. */
function namingOf(from: ParentItem | undefined, made: CollectionSpec): { sourceNaming?: string } {
  const word = collectionResource(made);
  const members = Object.keys(propertiesOf(from?.collection.read?.item.schema));
  const naming = members.find((name) => [`${word}id`, `${word}_id`].includes(name.toLowerCase()));
  return naming ? { sourceNaming: naming } : {};
}

/** The replay of a POST that takes an idempotency key: the same key answers the first answer again. */
function idempotencyOf(operation: Operation): { idempotency?: CreateBehaviour['idempotency'] } {
  const header = operation.parameters.find((p) => p.in === 'header' && IDEMPOTENCY_HEADER.test(p.name));
  const conflict = operation.responses.find((r) => r.status === '422' || r.status === '409')?.status;
  return header ? { idempotency: { header: header.name, conflictStatus: Number(conflict ?? 409) } } : {};
}
