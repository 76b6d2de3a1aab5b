// Lists under a parent's path that no creation fills (`GET /venues/{venueId}/events`, where events
// are made at /events and name their venue): served as the view of the top-level collection that
// holds only the items naming that parent, as a real service's query does, not from examples.
import {
  type CollectionSpec,
  type Contract,
  jsonSuccess,
  type Operation,
  pathParameterNamed,
  propertiesOf,
  stringifyExact,
} from '../../spec/core.js';
import type { Behaviour, ListBehaviour } from './behaviour-types.js';
import { answerHeaders } from './behaviour-types.js';
import { type ListSource, listSourceOf } from './list-pages.js';
import { Collection } from './store.js';

/** The top-level list a GET under a parent lists, and the member naming that parent. */
function viewOf(
  operation: Operation,
  behaviours: ReadonlyMap<Operation, Behaviour>,
  contract: Contract,
  collections: readonly CollectionSpec[],
): ListBehaviour | undefined {
  const match = /^(.*\/\{[^}]+\})\/([^/{}]+)$/.exec(operation.path);
  if (operation.method !== 'GET' || !match) return undefined;
  const top = contract.operations.find((other) => other.method === 'GET' && other.path === `/${match[2]}`);
  const list = top && behaviours.get(top);
  const success = jsonSuccess(operation);
  const topSuccess = top && jsonSuccess(top);
  if (list?.kind !== 'list' || !success || !topSuccess) return undefined;
  // The same answer as the top list's (an envelope, its paging), so its pages serve it too.
  if (JSON.stringify(success.schema) !== JSON.stringify(topSuccess.schema)) return undefined;
  const itemSchema = collections.find((collection) => collection.path === list.collection)?.list?.items.schema;
  const members = Object.keys(propertiesOf(itemSchema));
  const member = members.find((name) => pathParameterNamed(operation.path, name) !== undefined);
  if (!member) return undefined;
  return {
    ...list,
    status: success.status,
    headers: answerHeaders(success),
    within: { member, parameter: pathParameterNamed(operation.path, member)! },
  };
}

/** The lists under a parent's path the document leaves to examples, each bound as a view. */
export function parentViewsOf(
  contract: Contract,
  behaviours: ReadonlyMap<Operation, Behaviour>,
  collections: readonly CollectionSpec[],
): Map<Operation, ListBehaviour> {
  const views = new Map<Operation, ListBehaviour>();
  for (const operation of contract.operations) {
    if (behaviours.has(operation) || operation.unspecified) continue;
    const view = viewOf(operation, behaviours, contract, collections);
    if (view) views.set(operation, view);
  }
  return views;
}

/** The items of the collection whose `member` names the parent the path's `parameter` names. */
export function withinParent(
  collection: ListSource,
  within: { readonly member: string; readonly parameter: string },
  params: Readonly<Record<string, string>>,
): ListSource {
  const parent = params[within.parameter];
  const items = collection.page(0, collection.size).filter((item) => String(item[within.member]) === parent);
  return listSourceOf(collection.idProperty, items);
}

/** A list's whole JSON: the collection's own text, or a view's items written now. */
export const listJsonOf = (source: ListSource): string | Uint8Array =>
  source instanceof Collection ? source.listJson() : stringifyExact(source.page(0, source.size));
