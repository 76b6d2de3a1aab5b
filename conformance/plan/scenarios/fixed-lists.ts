// A list clients cannot add to (seeded venues, a fixed roster), walked in pages of one: nobody writes
// to it, so the walk is settled, and the total each page states must be the number the walk holds
// (a total that is only the page's size shows on a page smaller than the list).
import { type CollectionSpec, listedItems, makersOf } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import type { TestCase, WalkEvidence } from '../../model.js';
import type { PlanContext } from '../context.js';
import { MAX_PAGES, walkPages, withLargePages, withSmallPages } from './pages.js';
import type { SequenceRunner } from './sequence-runner.js';

const STEP = 'pages of one walked';
/** Pages of one read at the most: enough to see a total that follows the page, not the list. */
const SMALL_PAGES = 5;

/** Whether the list pages with a limit the run can set, in a way it can walk. */
const walkable = (collection: CollectionSpec): boolean => {
  const paging = collection.list?.paging;
  return paging?.limit !== undefined && ['cursor', 'page', 'offset'].includes(paging.style);
};

/** A walkable list no operation of the document writes: no write at its path or below, and no POST
 * elsewhere that makes its items. */
export function fixedList(collection: CollectionSpec, context: Pick<PlanContext, 'operations' | 'collections'>) {
  if (!collection.list || !walkable(collection)) return false;
  const below = (path: string) => path === collection.path || path.startsWith(`${collection.path}/`);
  const writes = context.operations.some(
    (operation) => below(operation.path) && operation.method !== 'GET' && operation.method !== 'HEAD',
  );
  return !writes && makersOf(context.operations, context.collections, collection).length === 0;
}

export async function walkFixedList(collection: CollectionSpec, context: PlanContext, runner: SequenceRunner) {
  const list = collection.list;
  if (!list || runner.stopped()) return;
  const reach = runner.reach.scenario('fixed list', collection.path, [STEP]);
  const base = context.testCase(list.operation, { kind: 'positive', plain: true, what: 'in pages of one' });
  // The whole list in large pages first, then in pages of one: a total that is only the page's size
  // would also end the small walk early, so the large walk counts what the list holds.
  const walk = async (listCase: TestCase, most = MAX_PAGES) => {
    let pages = 0;
    const exchange = await runner.send(listCase);
    if (!exchange?.ok || exchange.response.status >= 300) return undefined;
    const body = parseBody(exchange);
    const items = body.kind === 'json' ? listedItems(collection, body.value) : undefined;
    if (!items) return undefined;
    // A long list is not read one by one to its end: its first small pages state the total too.
    const send = (page: TestCase) => (++pages > most ? Promise.resolve(undefined) : runner.send(page));
    const walked = await walkPages(collection, listCase, { exchange, body, items }, send);
    return { exchange, body, walked };
  };
  const ones = withSmallPages(collection, base, 1);
  const whole = await walk(withLargePages(collection, base));
  const small = whole?.walked.complete ? await walk(ones, SMALL_PAGES) : undefined;
  if (!whole || !small) return reach.stop('it could not be read to its end');
  const evidence: WalkEvidence = {
    count: whole.walked.items.length,
    complete: true,
    totals: small.walked.totals,
    settled: true,
    ...(small.walked.repeatedQuery !== undefined ? { repeatedQuery: small.walked.repeatedQuery } : {}),
  };
  runner.conclude(ones, small.exchange, small.body, {
    collection,
    sequence: { walk: evidence },
  });
  reach.done(STEP);
}
