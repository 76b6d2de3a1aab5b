// A list's switch for deleted items ("`includeDeleted`: also list soft-deleted events"): an item the
// run just deleted is walked for in the list with the switch on, and must be there
// (deleted_not_listed). Read where the list takes a boolean query parameter named for deleted (or
// trashed) items and the item path's words or answers speak of a soft deletion.
import type { CollectionSpec } from '../../../spec/index.js';
import { deletedSwitchOf, listedItems } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import { idKey } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { carries } from '../serialize.js';
import { walkPages, withSmallPages } from './pages.js';
import type { SequenceRunner } from './sequences.js';

/** Walks the list with the switch on for the item just deleted; judged only on a walk that ended. */
export async function checkDeletedListed(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
  parent: Readonly<Record<string, string>>,
  id: string,
): Promise<void> {
  const name = deletedSwitchOf(collection);
  const list = collection.list;
  if (!name || !list || runner.stopped()) return;
  const base = context.testCase(list.operation, {
    kind: 'positive',
    plain: true,
    pathParams: parent,
    what: `with ${name}=true, for an item just deleted`,
  });
  const kept = (base.parameters ?? []).filter((p) => !carries(p, { in: 'query', name }));
  const listCase = withSmallPages(collection, { ...base, parameters: [...kept, { in: 'query', name, value: 'true' }] });
  const exchange = await runner.send(listCase);
  if (!exchange?.ok || exchange.response.status >= 300) return;
  const body = parseBody(exchange);
  const first = body.kind === 'json' ? listedItems(collection, body.value) : undefined;
  if (!first) return;
  const walked = await walkPages(collection, listCase, { exchange, body, items: first }, (page) => runner.send(page));
  const found = walked.items.some((item) => idKey(item, collection.idProperty) === id);
  runner.conclude(listCase, exchange, body, {
    collection,
    sequence: { idiom: { idiom: 'deleted-listed', id, expected: found, member: name, complete: walked.complete } },
  });
}
