// What other writes move on a collection's existing items: counts and update times where the
// document writes under its items or names them from other requests (an enrollment's studentId, an
// order line's productId), and the members the service alone keeps (a product's readOnly stock).
import {
  type CollectionSpec,
  type Contract,
  collectionResource,
  namesByIdName,
  namesResource,
  propertiesOf,
  propertiesOfAnyForm,
} from '../../spec/index.js';

/** Whether other writes reach the collection's items (`parent`), and the members the service keeps. */
export function movedByOthers(
  contract: Contract,
  collection: CollectionSpec,
): { readonly parent: boolean; readonly kept: ReadonlySet<string> } {
  return {
    parent: hasChildren(contract, collection) || namedByOthers(contract, collection),
    kept: keptByService(collection),
  };
}

/** Whether the document writes under the collection's items (POST /projects/{id}/issues). */
function hasChildren(contract: Contract, collection: CollectionSpec): boolean {
  let known = HAS_CHILDREN.get(collection);
  if (known === undefined) {
    const itemPath = collection.read?.operation.path;
    known =
      itemPath !== undefined &&
      contract.operations.some((operation) => operation.method !== 'GET' && operation.path.startsWith(`${itemPath}/`));
    HAS_CHILDREN.set(collection, known);
  }
  return known;
}
/** Read once per collection: lists are judged many times a run. */
const HAS_CHILDREN = new WeakMap<CollectionSpec, boolean>();

/** Whether another operation's request names the collection's items (an enrollment's `studentId`,
 * a loan's `copyNumber`): a count or state on them then moves with the run's writes there. */
function namedByOthers(contract: Contract, collection: CollectionSpec): boolean {
  let known = NAMED_BY_OTHERS.get(collection);
  if (known === undefined) {
    const resource = collectionResource(collection);
    // By the resource's name (`studentId`) or by the name its path gives the item (a loan's
    // `copyNumber` where /branches/{branchId}/copies/{number} is read).
    const idNames = [collection.idProperty, collection.read?.parameter].filter((name) => name !== undefined);
    const names = (member: string) =>
      namesResource(member, resource) || idNames.some((idName) => namesByIdName(member, resource, idName));
    known = contract.operations.some((operation) =>
      (operation.requestBody?.content ?? []).some((media) => membersWithin(media.validator?.schema).some(names)),
    );
    NAMED_BY_OTHERS.set(collection, known);
  }
  return known;
}
const NAMED_BY_OTHERS = new WeakMap<CollectionSpec, boolean>();

/** The member names of a body schema, those of its objects' members and list entries too (an
 * order's `lines[].productId`). */
function membersWithin(schema: unknown, depth = 0): string[] {
  if (depth > 4 || typeof schema !== 'object' || schema === null) return [];
  // Any form's members: a union body (a part or a labour line) names items in its variants.
  const properties = propertiesOfAnyForm(schema as Record<string, unknown>);
  const items = (schema as { items?: unknown }).items;
  return [
    ...Object.keys(properties),
    ...Object.values(properties).flatMap((inner) => membersWithin(inner, depth + 1)),
    ...membersWithin(items, depth + 1),
  ];
}

/** The members the service alone keeps on the collection's items (readOnly: a product's `stock`),
 * which other writes may move (a receipt, a shipment). */
function keptByService(collection: CollectionSpec): ReadonlySet<string> {
  let known = KEPT_BY_SERVICE.get(collection);
  if (!known) {
    const item = collection.read?.item.schema ?? collection.list?.items.schema;
    const members = Object.entries(propertiesOf(item));
    known = new Set(
      members.flatMap(([name, schema]) => ((schema as { readOnly?: unknown }).readOnly === true ? [name] : [])),
    );
    KEPT_BY_SERVICE.set(collection, known);
  }
  return known;
}
const KEPT_BY_SERVICE = new WeakMap<CollectionSpec, ReadonlySet<string>>();
