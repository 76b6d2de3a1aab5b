// A parent's totals of its children (`entryCount`, `totalMinutes` over the entries' `minutes`: the
// model's childTotalsOf) follow each write: under a parent of the run's own (nobody else writes
// there), a child made adds 1 and its value, and its deletion takes them away again. A counter a
// deletion forgets is caught here, where no child list exists to count.
import { type ChildTotal, type CollectionSpec, parentItemsOf } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import type { PlanContext } from '../context.js';
import { createParent } from './parents.js';
import { itemOf, type SequenceRunner, succeeded } from './sequence-runner.js';

const STEP = 'parent totals follow a child made and deleted';

type Item = Record<string, unknown>;

/** Each total's value with the child counted in (`counted`) or not, from the values `before` it. */
function expectedTotals(totals: readonly ChildTotal[], before: Item, child: Item, counted: boolean) {
  const expected: Record<string, number> = {};
  for (const { member, of, where } of totals) {
    // A child of another kind than the total sums (a labour line for `partsTotal`) adds nothing.
    const other = where !== undefined && child[where.member] !== where.value;
    const value = other ? 0 : of === undefined ? 1 : child[of];
    if (typeof before[member] === 'number' && typeof value === 'number')
      expected[member] = (before[member] as number) + (counted ? value : 0);
  }
  return expected;
}

export async function followChildTotals(
  collection: CollectionSpec,
  totals: readonly ChildTotal[],
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  const parent = parentItemsOf(collection.path, context.collections).at(-1);
  const read = parent?.collection.read;
  if (!parent || !read || totals.length === 0 || runner.stopped()) return;
  const reach = runner.reach.scenario('child totals', collection.path, [STEP]);
  const params = await createParent(collection, context, runner, 'totals');
  if (!params) return reach.stop('no parent of its own could be made (others write under the shared one)');
  const readParent = (what: string) =>
    context.testCase(read.operation, { kind: 'positive', plain: true, pathParams: params, what });
  const before = await runner.send(readParent('before a child is made'));
  const held = before?.ok && before.response.status < 300 ? itemOf(parseBody(before), parent.collection) : undefined;
  if (!held) return reach.stop('its parent could not be read');
  const making = await runner.make(collection, {
    what: "to move its parent's totals",
    purpose: 'totals',
    parent: params,
  });
  if ('refused' in making) return reach.stop(making.refused);
  const judged = async (what: string, expected: Record<string, number>) =>
    runner.execute(readParent(what), {
      collection: parent.collection,
      sequence: { childTotals: { expected, before: held, child: collection.path, step: what } },
    });
  await judged('after a child was made', expectedTotals(totals, held, making.made.item, true));
  reach.done(STEP);
  await changeSummedValue(collection, totals, making.made, context, runner, (child) =>
    judged("after the child's summed value was changed", expectedTotals(totals, held, child, true)),
  );
  const remove = collection.remove;
  if (!remove || runner.stopped()) return;
  const removal = context.testCase(remove.operation, {
    kind: 'positive',
    plain: true,
    pathParams: making.made.at(remove.parameter),
    what: "deleting the child that moved its parent's totals",
  });
  if (succeeded(await runner.execute(removal, { collection })))
    await judged('after that child was deleted', expectedTotals(totals, held, making.made.item, false));
}

/** A change of the member a total sums (a lesson's `durationMinutes`), where the child's PATCH takes
 * it: one more than it holds, within its schema; `judge` then reads the parent with the changed child. */
async function changeSummedValue(
  collection: CollectionSpec,
  totals: readonly ChildTotal[],
  made: { readonly item: Item; at(parameter: string): Record<string, string> },
  context: PlanContext,
  runner: SequenceRunner,
  judge: (child: Item) => Promise<unknown>,
): Promise<void> {
  const update = collection.update;
  const request = update && context.requestSchema(update.operation);
  if (!update || !request || runner.stopped()) return;
  for (const { of } of totals) {
    const value = of === undefined ? undefined : made.item[of];
    if (of === undefined || typeof value !== 'number' || !request.isValid({ [of]: value + 1 })) continue;
    const change = context.testCase(update.operation, {
      kind: 'positive',
      plain: true,
      pathParams: made.at(update.parameter),
      payload: { kind: 'json', value: { [of]: value + 1 } },
      what: `changing ${of}, which its parent's total sums`,
    });
    if (succeeded(await runner.execute(change, { collection }))) await judge({ ...made.item, [of]: value + 1 });
    return;
  }
}
