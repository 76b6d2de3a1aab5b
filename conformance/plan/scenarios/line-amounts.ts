// Counts a write below an item with lines moves by each line's amount (the model's lineAmounts: "The
// stock of every ordered product is decreased by the ordered quantity", "gives the ordered
// quantities back to stock", "Placing does not change stock"). The run makes an item of its own
// whose lines name listed items, reads their counts just before the write (reached through the
// item's other actions, or its parent moved first for a child's creation), and after it: each count
// moved by its lines' amounts, or not at all. A count off once is measured again (another write of
// the run may have moved it meanwhile) and judged on the second measure.
import type { Action, CollectionSpec, LineAmount, Operation, Resource } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { Exchange } from '../../send/http.js';
import type { PlanContext } from '../context.js';
import { reachAction } from './action-paths.js';
import { readCountOf } from './count-reads.js';
import { parentParams } from './parents.js';
import { itemOf, type SequenceRunner, succeeded } from './sequence-runner.js';

type Reach = ReturnType<SequenceRunner['reach']['scenario']>;
type Counts = Map<string, number>;

export const movesLineAmounts = (resource: Resource): boolean => (resource.idioms.lineAmounts?.length ?? 0) > 0;

const stepOf = (moved: LineAmount) =>
  `${moved.operation.method} ${moved.operation.path} ${moved.sign === 0 ? 'leaves' : 'moves'} the ${moved.member} its lines name`;

export async function checkLineAmounts(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const all = resource.idioms.lineAmounts ?? [];
  const reach = runner.reach.scenario('line amounts', resource.collection.path, all.map(stepOf));
  for (const moved of all) {
    if (runner.stopped()) return;
    const why = await followLineAmount(resource, moved, context, runner, reach);
    if (why) reach.skip(stepOf(moved), why);
  }
}

interface Named {
  readonly other: CollectionSpec;
  /** Each named item's path text and the sum of its lines' amounts. */
  readonly amounts: ReadonlyMap<string, number>;
}

/** The items the lines name, with their amounts summed. */
function namedBy(item: Record<string, unknown>, moved: LineAmount, other: CollectionSpec): Named | undefined {
  const lines = item[moved.lines];
  if (!Array.isArray(lines)) return undefined;
  const amounts = new Map<string, number>();
  for (const line of lines.map(asObject)) {
    const id = line?.[moved.via];
    const amount = line?.[moved.amount];
    if ((typeof id !== 'string' && typeof id !== 'number') || typeof amount !== 'number') continue;
    amounts.set(String(id), (amounts.get(String(id)) ?? 0) + amount);
  }
  return amounts.size > 0 ? { other, amounts } : undefined;
}

async function followLineAmount(
  resource: Resource,
  moved: LineAmount,
  context: PlanContext,
  runner: SequenceRunner,
  reach: Reach,
): Promise<string | undefined> {
  const { collection } = resource;
  const other = context.collections.find((one) => one.path === moved.collection);
  const parameter = collection.read?.parameter;
  if (!other?.read || other.path.includes('{') || !parameter) return `${moved.collection} items cannot be read by id`;
  const above = await parentParams(collection, context, runner);
  const making = await runner.make(collection, {
    what: 'with lines naming the items whose counts it moves',
    purpose: `line amounts ${moved.operation.path}`,
    parent: above,
  });
  if ('refused' in making) return `no ${collection.path} item could be made: ${making.refused}`;
  const at = making.made.at(parameter);
  // A new item holds no lines yet where they are added below it (POST /orders/{orderId}/lines).
  const held = namedBy(making.made.item, moved, other)
    ? making.made.item
    : await withAddedLine(collection, moved, at, context, runner);
  const named = held && namedBy(held, moved, other);
  if (!named) return `the ${collection.path} item made holds no ${moved.lines} naming ${other.path} items`;
  for (const id of named.amounts.keys()) context.markChangedByRun(other, JSON.stringify(id));
  const target = { collection, idText: at[parameter]!, at };
  let before: Counts | undefined;
  const send = async (operation: Operation, what: string) => {
    if (operation === moved.operation) before = await countsOf(named, moved, context, runner, 'before');
    const [sent] = operation.requestBody ? context.plainBodies(operation, 1, 'line amounts') : [];
    return runner.send(
      context.testCase(operation, {
        kind: 'positive',
        plain: true,
        pathParams: at,
        ...(sent === undefined ? {} : { payload: { kind: 'json' as const, value: sent } }),
        what,
      }),
    );
  };
  const answer = await writeOn(resource, moved, target, context, runner, send);
  if (!answer?.ok || answer.response.status >= 300 || !before)
    return `its ${moved.operation.method} was refused (${answer?.ok ? answer.response.status : 'no answer'})`;
  await judgeCounts(named, moved, before, context, runner);
  reach.done(stepOf(moved));
  return undefined;
}

/** The item as read after a line was added below it through the lines' own creation, or undefined
 * where the lines have none or none could be made. */
async function withAddedLine(
  collection: CollectionSpec,
  moved: LineAmount,
  at: Record<string, string>,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<Record<string, unknown> | undefined> {
  const read = collection.read;
  const lines =
    read && context.collections.find((one) => one.create && one.path === `${read.operation.path}/${moved.lines}`);
  if (!read || !lines) return undefined;
  const added = await runner.make(lines, {
    what: `as a line of the item whose ${moved.member} counts it moves`,
    purpose: `line amounts line ${moved.operation.path}`,
    parent: at,
  });
  if ('refused' in added) return undefined;
  const executed = await runner.execute(
    context.testCase(read.operation, { kind: 'positive', plain: true, pathParams: at, what: 'with the line added' }),
    { collection },
  );
  return succeeded(executed) ? itemOf(executed.body, collection) : undefined;
}

/** The write itself: an action reached through the item's others, a child's creation under the
 * item moved into the state it needs, any other POST as it is. */
async function writeOn(
  resource: Resource,
  moved: LineAmount,
  target: { collection: CollectionSpec; idText: string; at: Record<string, string> },
  context: PlanContext,
  runner: SequenceRunner,
  send: (operation: Operation, what: string) => Promise<Exchange | undefined>,
): Promise<Exchange | undefined> {
  const actions = resource.idioms.actions ?? [];
  const action = actions.find((one) => one.operation === moved.operation);
  const what = `on an item whose lines name ${moved.collection} items`;
  if (action) {
    const sendAction = (which: Action) => send(which.operation, `to ${which.verb} ${what}`);
    return (await reachAction(action, actions, target, context, runner, sendAction)).answer;
  }
  const child = context.collections.find((one) => one.create?.operation === moved.operation);
  if (child) await runner.unlockParent(child, target.at);
  return send(moved.operation, what);
}

/** Each named item's count as read now. */
async function countsOf(
  named: Named,
  moved: LineAmount,
  context: PlanContext,
  runner: SequenceRunner,
  when: string,
): Promise<Counts> {
  const counts: Counts = new Map();
  for (const id of named.amounts.keys()) {
    const read = await readCountOf(named.other, id, moved.member, context, runner, `${when} ${moved.operation.path}`);
    if (read.count !== undefined) counts.set(id, read.count);
  }
  return counts;
}

/** Reads each count after the write and judges it against its lines' amounts (again once where off). */
async function judgeCounts(
  named: Named,
  moved: LineAmount,
  before: Counts,
  context: PlanContext,
  runner: SequenceRunner,
) {
  for (const [id, amount] of named.amounts) {
    const start = before.get(id);
    if (start === undefined) continue;
    const expected = start + moved.sign * amount;
    let read = await readCountOf(named.other, id, moved.member, context, runner, `after ${moved.operation.path}`);
    if (read.count !== expected)
      read = await readCountOf(named.other, id, moved.member, context, runner, `after ${moved.operation.path}, again`);
    if (!read.exchange?.ok || !read.body) continue;
    const how = `${start} before ${moved.operation.method} ${moved.operation.path} on an item whose lines hold ${amount} of it`;
    runner.conclude(read.testCase, read.exchange, read.body, {
      collection: named.other,
      sequence: { idiom: { idiom: 'amount-moved', member: moved.member, expected, how, words: moved.words } },
    });
  }
}
