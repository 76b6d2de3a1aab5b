// A parent's totals of its children (`entryCount`, `totalMinutes` over the entries' `minutes`: the
// model's childTotalsOf) follow each write: under a parent of the run's own (nobody else writes
// there), a child made adds 1 and its value, and its deletion takes them away again. A counter a
// deletion forgets is caught here, where no child list exists to count.
import { type ChildTotal, type CollectionSpec, parentItemsOf } from '../../../spec/index.js';
import { evaluateFormula, type Formula, formulasOf } from '../../../spec/model/index.js';
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
  if (!succeeded(await runner.execute(removal, { collection }))) return;
  await judged('after that child was deleted', expectedTotals(totals, held, making.made.item, false));
  // Two children at once: a total kept as the last child's value, not their sum, shows only here.
  let sum: Item = held;
  for (const nth of [2, 3]) {
    const more = await runner.make(collection, {
      what: `child ${nth} of its parent's totals`,
      purpose: `totals ${nth}`,
      parent: params,
    });
    if ('refused' in more) return;
    sum = { ...sum, ...expectedTotals(totals, sum, more.made.item, true) };
  }
  const both = Object.fromEntries(
    totals.flatMap(({ member }) => (typeof sum[member] === 'number' ? [[member, sum[member] as number]] : [])),
  );
  await judged('after two children were made', both);
}

/** A change of the member a total sums (a lesson's `durationMinutes`), where the child's PATCH takes
 * it: one more than it holds, within its schema; or, where the service computes it ("`amount` =
 * `quantity` × `unitAmount`"), one more of an operand the PATCH takes. `judge` then reads the parent
 * with the changed child (its computed value as the words compute it). */
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
  const formulas = formulasOf(
    collection.read?.item.schema ?? collection.create?.item.schema,
    collection.create?.operation,
  );
  for (const { of } of totals) {
    if (of === undefined) continue;
    const change = changedMember(of, made.item, formulas, request);
    if (!change) continue;
    const testCase = context.testCase(update.operation, {
      kind: 'positive',
      plain: true,
      pathParams: made.at(update.parameter),
      payload: { kind: 'json', value: { [change.member]: change.value } },
      what: `changing ${change.member}, ${change.member === of ? 'which' : `from which the service computes the ${of} that`} its parent's total sums`,
    });
    if (succeeded(await runner.execute(testCase, { collection }))) await judge(change.child);
    return;
  }
}

/** The member to change so that `of` moves: itself, or an operand of the formula computing it; the
 * value sent and the child as it then is. */
function changedMember(
  of: string,
  item: Item,
  formulas: readonly Formula[],
  request: { isValid(value: unknown): boolean },
): { member: string; value: number; child: Item } | undefined {
  const value = item[of];
  if (typeof value === 'number' && request.isValid({ [of]: value + 1 }))
    return { member: of, value: value + 1, child: { ...item, [of]: value + 1 } };
  const formula = formulas.find((one) => one.member === of && !one.condition && !one.unless);
  for (const operand of formula?.parts ?? []) {
    const held = item[operand];
    if (typeof held !== 'number' || !request.isValid({ [operand]: held + 1 })) continue;
    const changed = { ...item, [operand]: held + 1 };
    const computed = evaluateFormula(formula!, changed);
    if (computed !== undefined) return { member: operand, value: held + 1, child: { ...changed, [of]: computed } };
  }
  return undefined;
}
