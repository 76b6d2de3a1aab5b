// Pages that end exactly on the last item, where the words say a walk meets no empty page (the
// model's noEmptyPages: "`nextCursor` is null when no matching event follows"): with nothing else
// writing, the whole list is read in one large page, then asked again with the limit at its size,
// so the one page is full. A next page named there must not be empty (judged as page-after-last,
// api_idioms_honoured): a service that names a next page whenever a page is full fails.
import { type CollectionSpec, listedItems } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { walkPages, withLargePages } from './pages.js';
import { parentParams } from './parents.js';
import type { SequenceRunner } from './sequences.js';

const STEP = 'a full last page names no empty one';

const withLimit = (testCase: TestCase, name: string, value: number): TestCase => ({
  ...testCase,
  parameters: [
    ...(testCase.parameters ?? []).filter((p) => !(p.in === 'query' && p.name === name)),
    { in: 'query', name, value: String(value) },
  ],
  label: `${testCase.label} (limit ${value}, the list's size)`,
});

export const endsPagesExactly = (collection: CollectionSpec): boolean =>
  collection.list?.paging.noEmptyPages === true && collection.list.paging.limit !== undefined;

export async function checkExactPages(collection: CollectionSpec, context: PlanContext, runner: SequenceRunner) {
  const list = collection.list;
  const limit = list?.paging.limit;
  if (!list || !limit || runner.stopped()) return;
  const reach = runner.reach.scenario('pages', collection.path, [STEP]);
  const parent = await parentParams(collection, context, runner);
  const listCase = context.testCase(list.operation, {
    kind: 'positive',
    plain: true,
    pathParams: parent,
    what: 'whole',
  });
  const large = withLargePages(collection, listCase);
  const first = await runner.send(large);
  const body = first ? parseBody(first) : undefined;
  const items = body?.kind === 'json' ? listedItems(collection, body.value) : undefined;
  if (!first || !body || !items) return reach.skip(STEP, 'the list could not be read');
  const walked = await walkPages(collection, large, { exchange: first, body, items }, (page) => runner.send(page));
  const size = walked.items.length;
  const maximum = limit.maximum ?? 100;
  if (!walked.complete || size === 0 || size > maximum || size < (limit.minimum ?? 1))
    return reach.skip(STEP, `the list holds ${size} items, not one page's worth`);
  const exact = withLimit(listCase, limit.name, size);
  const whole = await runner.send(exact);
  const wholeBody = whole ? parseBody(whole) : undefined;
  const wholeItems = wholeBody?.kind === 'json' ? listedItems(collection, wholeBody.value) : undefined;
  if (!whole || !wholeBody || !wholeItems || wholeItems.length !== size)
    return reach.skip(STEP, 'the list did not answer one full page at its size');
  // The page after the full one, where it names one: it must hold items.
  // The page after the full one, where it names one: it must hold items. One is enough (undefined
  // ends the walk there).
  await walkPages(collection, exact, { exchange: whole, body: wholeBody, items: wholeItems }, async (next) => {
    await runner.execute(next, { collection, sequence: { idiom: { idiom: 'page-after-last', expected: size } } });
    return undefined;
  });
  reach.done(STEP);
}
