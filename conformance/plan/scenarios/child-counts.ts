// A parent's count of its children (`issueCount` for /projects/{id}/issues, `comment_count`) follows
// them: after the run's creations under a parent, the parent read says as many as the child list
// holds. The list is read before and after the parent, and only a count that differs from two equal
// lists is judged (the run's other scenarios write alongside).
import {
  addingSwitchesOf,
  type CollectionSpec,
  escapeRegExp,
  filledInOf,
  listsEveryItem,
  parentItemsOf,
  propertiesOf,
} from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import type { PlanContext } from '../context.js';
import { itemOf, type SequenceRunner } from './sequence-runner.js';
import { listCollection } from './sequences.js';

const STEP = 'parent counts its children';

/** The parent's read and the members of it that count this collection's items; undefined where
 * the parent has none. */
function countingParent(collection: CollectionSpec, context: PlanContext) {
  const parent = parentItemsOf(collection.path, context.collections).at(-1);
  const read = parent?.collection.read;
  if (!parent || !read || !collection.list) return undefined;
  const counts = filledInOf(parent.collection, read.item.schema, context.collections).counts;
  const members = counts.filter(({ child }) => child === collection.path).map(({ name }) => name);
  return members.length > 0 ? { parent, read, members } : undefined;
}

/** The query the child list is counted with: where a filter of it has a default (`state`, default
 * `active`), the value the count's own words name ("equals the number of flags listed with
 * `state=all`"); undefined where they name none, for the default list may leave counted ones out. */
function countedQuery(
  collection: CollectionSpec,
  parentItem: unknown,
  members: readonly string[],
): { name: string; value: string }[] | undefined {
  const list = collection.list!;
  const words = members
    .map((member) => (propertiesOf(parentItem as never)[member] as { description?: unknown } | undefined)?.description)
    .filter((text): text is string => typeof text === 'string')
    .join(' ');
  const query: { name: string; value: string }[] = [];
  for (const filter of list.filters) {
    const parameter = list.operation.parameters.find((p) => p.in === 'query' && p.name === filter.parameter);
    if ((parameter?.validator.schema as { default?: unknown } | undefined)?.default === undefined) continue;
    const said = new RegExp(`\\b${escapeRegExp(filter.parameter)}=([\\w.-]+)`).exec(words)?.[1];
    if (said === undefined) return undefined;
    query.push({ name: filter.parameter, value: said });
  }
  return query;
}

/** Under the parent the run works in, the parent's counts equal the child list's length. */
export async function countChildren(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
  params: Record<string, string>,
): Promise<void> {
  const counting = countingParent(collection, context);
  if (!counting) return;
  const reach = runner.reach.scenario('child counts', collection.path, [STEP]);
  const { parent, read, members } = counting;
  if (params[parent.parameter] === undefined) return reach.stop('no parent was found or made to count under');
  const query = countedQuery(collection, read.item.schema, members);
  if (!query)
    return reach.stop("the child list filters by a default, and the count's words do not say which items it counts");
  const testCase = context.testCase(read.operation, {
    kind: 'positive',
    plain: true,
    pathParams: params,
    what: 'to see its count of children',
  });
  // The same items, not only as many: a child made and another deleted meanwhile leave the length.
  const ids = (items: readonly Record<string, unknown>[]) =>
    JSON.stringify(items.map((item) => JSON.stringify(item[collection.idProperty])).sort());
  // Where a switch adds items the default list leaves out (`includeArchived`), the count may be of
  // either list: the words seldom say, so a count equal to either one is right.
  const switches = addingSwitchesOf(collection).filter((name) => !query.some((one) => one.name === name));
  const queries = [
    query,
    ...(switches.length > 0 ? [[...query, ...switches.map((name) => ({ name, value: 'true' }))]] : []),
  ];
  const listTwice = async (listQuery: typeof query, around: () => Promise<void>) => {
    const list = (what: string) =>
      listCollection(collection, context, runner, params, undefined, what, undefined, false, undefined, listQuery);
    const first = await list('to count the children');
    await around();
    const second = await list('to count the children again');
    return first && second ? { same: ids(first) === ids(second), length: first.length } : undefined;
  };
  const countOnce = async () => {
    let exchange: Awaited<ReturnType<typeof runner.send>> | undefined;
    const read = async () => {
      if (exchange === undefined && !runner.stopped()) exchange = await runner.send(testCase);
    };
    const lists = [];
    for (const listQuery of queries) lists.push(await listTwice(listQuery, read));
    const item = exchange?.ok ? itemOf(parseBody(exchange), parent.collection) : undefined;
    const lengths = lists.map((one) => (one?.same ? one.length : undefined));
    const matches = (length: number | undefined) =>
      item !== undefined && members.every((member) => item[member] === length);
    // The list the count matches, else the default one.
    const listed = lengths.find((length) => length !== undefined && matches(length)) ?? lengths[0];
    const off = item !== undefined && !lengths.some((length) => length !== undefined && matches(length));
    return { exchange, listed, read: lists.every((one) => one !== undefined), off };
  };
  // A count off once is read again a second later: judged only where it is off twice.
  let counted = await countOnce();
  if (counted.off && !runner.stopped()) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    counted = await countOnce();
  }
  const { exchange, listed } = counted;
  if (!counted.read || !exchange) return reach.stop('the parent or its child list could not be read');
  if (listed === undefined) return reach.stop('the child list changed while it was counted (writes alongside)');
  runner.conclude(testCase, exchange, parseBody(exchange), {
    collection: parent.collection,
    sequence: { childCount: { members, listed, child: collection.path } },
  });
  reach.done(STEP);
}

const REFERRED = 'item counts the items naming it';
/** Items whose counts are read: enough to meet one that others name and one that none does. */
const COUNTED_ITEMS = 3;

/** An item's count of another collection's items that name it (`productCount`: the products whose
 * `warehouseKey` is its key) equals how many the other list holds, where that list shows every item
 * and reads the same before and after the count. */
export async function countReferrers(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  const read = collection.read;
  const counted = read ? filledInOf(collection, read.item.schema, context.collections).referrers : [];
  if (!read || !collection.list || counted.length === 0) return;
  const reach = runner.reach.scenario('referrer counts', collection.path, [REFERRED]);
  for (const { name, collection: otherPath, member } of counted) {
    const other = context.collections.find((c) => c.path === otherPath);
    if (!other || !listsEveryItem(other)) {
      reach.skip(REFERRED, `${otherPath} is not listed whole in one answer (it pages, filters or caps)`);
      continue;
    }
    const items = await listCollection(collection, context, runner, {}, undefined, 'to read its counts');
    const before = await listCollection(
      other,
      context,
      runner,
      {},
      undefined,
      `to count what names ${collection.path}`,
    );
    if (!items || !before) return reach.stop('a list could not be read');
    const namedBy = (id: unknown) => before.filter((item) => JSON.stringify(item?.[member]) === JSON.stringify(id));
    const ids = items.map((item) => item?.[collection.idProperty]).filter((id) => id !== undefined && id !== null);
    // Named ones first: a count of 0 on an item nobody names proves little.
    const chosen = [...ids.filter((id) => namedBy(id).length > 0), ...ids.filter((id) => namedBy(id).length === 0)]
      .slice(0, COUNTED_ITEMS)
      .filter((id): id is string | number => typeof id === 'string' || typeof id === 'number');
    for (const id of chosen) {
      const testCase = context.testCase(read.operation, {
        kind: 'positive',
        plain: true,
        pathParams: { [read.parameter]: String(id) },
        what: `to see its ${name}`,
      });
      const exchange = runner.stopped() ? undefined : await runner.send(testCase);
      const after = await listCollection(other, context, runner, {}, undefined, `to count what names it again`);
      if (!exchange || !after) return reach.stop('a list or the item could not be read');
      const listed = namedBy(id).length;
      const again = after.filter((item) => JSON.stringify(item?.[member]) === JSON.stringify(id)).length;
      if (listed !== again) continue;
      runner.conclude(testCase, exchange, parseBody(exchange), {
        collection,
        sequence: { childCount: { members: [name], listed, child: `${otherPath} (naming it by ${member})` } },
      });
      reach.done(REFERRED);
    }
  }
}
