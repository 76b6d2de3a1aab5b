// Counts of a named item that a write moves by an amount of its own (the model's drawnAmounts:
// "reserves `quantity` from the part's `stock`", "Removing a line gives its `quantity` back"): under
// a parent of the run's own, an item naming a listed one is made with a small amount, and the named
// item read before and after must have moved by it; the item's deletion must move it back. An amount
// above the count is sent where the words refuse it. A count off once is measured again (another
// write of the run may have moved it meanwhile) and judged on the second measure.
import { type CollectionSpec, type DrawnAmount, parentItemsOf, type Resource } from '../../../spec/index.js';
import { asObject, idPathText } from '../../judge/json-body.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { readCountOf } from './count-reads.js';
import { parentParams } from './parents.js';
import { answeredAs, itemOf, type SequenceRunner, succeeded } from './sequence-runner.js';

type Item = Record<string, unknown>;
type Reach = ReturnType<SequenceRunner['reach']['scenario']>;

export const drawsAmounts = (resource: Resource): boolean => (resource.idioms.drawnAmounts?.length ?? 0) > 0;

const stepsOf = (taking: DrawnAmount, giving: DrawnAmount | undefined) => ({
  take: `a creation moves the named item's ${taking.member}`,
  give: giving ? `a deletion moves the named item's ${giving.member} back` : undefined,
  short: taking.shortStatus ? `an amount above the named item's ${taking.member} refused` : undefined,
});

export async function checkDrawnAmounts(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const drawn = resource.idioms.drawnAmounts ?? [];
  const taking = drawn.find((one) => one.operation === collection.create?.operation);
  if (!taking || runner.stopped()) return;
  const giving = drawn.find((one) => one.operation === collection.remove?.operation);
  const steps = stepsOf(taking, giving);
  const reach = runner.reach.scenario(
    'drawn amounts',
    collection.path,
    [steps.take, steps.give, steps.short].filter((step): step is string => step !== undefined),
  );
  const skipAll = (why: string) => {
    for (const step of [steps.take, steps.give, steps.short]) if (step) reach.skip(step, why);
  };
  const other = context.collections.find((c) => c.path === taking.collection);
  if (!other?.read || other.path.includes('{')) return skipAll(`${taking.collection} items cannot be read by id`);
  const parent = await ownParent(collection, context, runner);
  if ('why' in parent) return skipAll(parent.why);
  const counts = (await runner.listedItems(other)).filter((item) => typeof item[taking.member] === 'number');
  const parts = { collection, other, taking, context, runner, parent: parent.values };
  // The named item that holds most: the amount is taken from a count the run leaves well above zero.
  const ample = [...counts].sort((a, b) => Number(b[taking.member]) - Number(a[taking.member]))[0];
  const body = ample && bodyNaming(parts, ample, 1);
  if (!ample || body === undefined) skipAll(`no listed ${other.path} item holds a ${taking.member} to draw from`);
  else await followAmounts(parts, ample, body, giving, steps, reach);
  if (steps.short) await sendShort(parts, counts, steps.short, reach);
}

interface Parts {
  readonly collection: CollectionSpec;
  readonly other: CollectionSpec;
  readonly taking: DrawnAmount;
  readonly context: PlanContext;
  readonly runner: SequenceRunner;
  readonly parent: Readonly<Record<string, string>>;
}

/** A new parent of the run's own (its state the creation's words may ask: an order still open). */
async function ownParent(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<{ values: Record<string, string> } | { why: string }> {
  const parent = parentItemsOf(collection.path, context.collections).at(-1);
  // Under a parent clients cannot make (a seeded warehouse), a listed one.
  if (!parent) return { values: await parentParams(collection, context, runner) };
  const above = await parentParams(parent.collection, context, runner);
  const making = await runner.make(parent.collection, {
    what: 'to hold items that move counts',
    purpose: 'drawn amounts',
    parent: above,
  });
  if ('refused' in making) return { why: `no parent could be made: ${making.refused}` };
  return { values: { ...above, ...making.made.at(parent.parameter) } };
}

/** A valid creation body naming the item with the amount (a body of the union's variant holding
 * the member that names it). */
function bodyNaming(parts: Parts, named: Item, amount: number): unknown {
  const { taking, other, context, collection } = parts;
  const request = context.requestSchema(collection.create!.operation);
  for (const body of context.plainBodies(collection.create!.operation, 12, 'drawn amounts')) {
    const object = asObject(body);
    if (!object || !(taking.via in object)) continue;
    const next = { ...object, [taking.via]: named[other.idProperty], [taking.amount]: amount };
    if (!request || request.isValid(next)) return next;
  }
  return undefined;
}

/** The named item's count as read now, with the read's case, exchange and parsed body. */
const countOf = (parts: Parts, named: Item, what: string) =>
  readCountOf(
    parts.other,
    idPathText(named, parts.other.idProperty),
    parts.taking.member,
    parts.context,
    parts.runner,
    what,
  );

/** Judges the read of the count against the amount the words move it by. */
function judgeCount(
  parts: Parts,
  read: Awaited<ReturnType<typeof countOf>>,
  expected: number,
  drawn: DrawnAmount,
  how: string,
) {
  if (!read.exchange?.ok || !read.body) return;
  parts.runner.conclude(read.testCase, read.exchange, read.body, {
    collection: parts.other,
    sequence: { idiom: { idiom: 'amount-moved', member: drawn.member, expected, how, words: drawn.words } },
  });
}

/** Makes an item drawing the amount and reads the count moved (measured again where it is off
 * once); deletes it and reads the count moved back. */
async function followAmounts(
  parts: Parts,
  named: Item,
  body: unknown,
  giving: DrawnAmount | undefined,
  steps: ReturnType<typeof stepsOf>,
  reach: Reach,
) {
  const { other, context, runner, taking } = parts;
  context.markChangedByRun(other, JSON.stringify(named[other.idProperty]));
  const amount = Number(asObject(body)![taking.amount]);
  for (let attempt = 0; attempt < 2 && !runner.stopped(); attempt++) {
    const taken = await takeAmount(parts, named, body);
    if ('why' in taken) {
      for (const step of [steps.take, steps.give]) if (step) reach.skip(step, taken.why);
      return;
    }
    if (taken.read.count !== taken.expected && attempt === 0) continue;
    judgeCount(parts, taken.read, taken.expected, taking, taken.how);
    reach.done(steps.take);
    if (giving && steps.give) await giveBack(parts, named, taken.item, amount, giving, steps.give, reach);
    return;
  }
}

/** One creation drawing the amount: the count read after it and the count it should hold. */
async function takeAmount(
  parts: Parts,
  named: Item,
  body: unknown,
): Promise<{ why: string } | { item: Item; read: Awaited<ReturnType<typeof countOf>>; expected: number; how: string }> {
  const { collection, taking, runner } = parts;
  const amount = Number(asObject(body)![taking.amount]);
  const before = await countOf(parts, named, 'before an item draws from it');
  if (before.count === undefined) return { why: `its ${taking.member} could not be read` };
  const made = await runner.execute(create(parts, body, `to draw ${amount} from the item it names`), { collection });
  const item = succeeded(made) ? itemOf(made.body, collection) : undefined;
  if (!item) return { why: `the creation was refused: ${answeredAs(made)}` };
  const read = await countOf(parts, named, `after an item drew ${amount} from it`);
  const how = `${before.count} before a creation with ${taking.amount} ${amount}`;
  return { item, read, expected: before.count + taking.sign * amount, how };
}

/** Deletes the item that drew the amount: the count moves back by it. */
async function giveBack(
  parts: Parts,
  named: Item,
  item: Item,
  amount: number,
  giving: DrawnAmount,
  step: string,
  reach: Reach,
) {
  const { collection, context, runner, parent } = parts;
  const removal = collection.remove!;
  const held = await countOf(parts, named, 'before the item drawing from it is deleted');
  const deleted = await runner.execute(
    context.testCase(removal.operation, {
      kind: 'positive',
      plain: true,
      pathParams: { ...parent, [removal.parameter]: idPathText(item, collection.idProperty) },
      onMadeItem: true,
      what: 'to give its amount back',
    }),
    { collection },
  );
  if (!succeeded(deleted) || held.count === undefined)
    return reach.skip(step, `the deletion was refused: ${answeredAs(deleted)}`);
  const back = await countOf(parts, named, `after the item that drew ${amount} was deleted`);
  const how = `${held.count} before deleting an item with ${parts.taking.amount} ${amount}`;
  judgeCount(parts, back, held.count + giving.sign * amount, giving, how);
  reach.done(step);
}

/** The creation case sending the body under the run's own parent. */
function create(parts: Parts, body: unknown, what: string): TestCase {
  return parts.context.testCase(parts.collection.create!.operation, {
    kind: 'positive',
    plain: true,
    pathParams: parts.parent,
    onMadeItem: true,
    payload: { kind: 'json', value: body },
    what,
  });
}

/** An amount one above the count of the item holding least (where the schema takes it): refused. */
async function sendShort(parts: Parts, counts: readonly Item[], step: string, reach: Reach) {
  const { taking, runner, collection } = parts;
  const fewest = [...counts].sort((a, b) => Number(a[taking.member]) - Number(b[taking.member]));
  for (const named of fewest) {
    const now = await countOf(parts, named, 'for the amount it holds');
    const body = now.count === undefined ? undefined : bodyNaming(parts, named, now.count + 1);
    if (body === undefined) continue;
    const what = `with ${taking.amount} ${now.count! + 1}, one above the ${taking.member} it names`;
    await runner.execute(create(parts, body, what), {
      collection,
      sequence: {
        idiom: {
          idiom: 'amount-short',
          expectedStatus: taking.shortStatus,
          member: taking.member,
          words: taking.words,
        },
      },
    });
    return reach.done(step);
  }
  reach.skip(step, `no listed ${parts.other.path} item holds a ${taking.member} a valid amount exceeds`);
}
