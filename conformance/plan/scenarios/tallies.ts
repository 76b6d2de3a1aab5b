// Reads that count a collection's items by a member ("Pet counts by status", spec/model/tallies.ts):
// an item made, moved to another value of the member and deleted leaves every count as it was. Run
// when no other case writes (after the operations and the scenarios), and judged on a read taken a
// second later where the first one differs (a count kept up asynchronously). What the counts mean
// beyond that (soft deletion, private items) stays open: only the round trip is judged.
import { parseMediaType, type Resource, type Tally } from '../../../spec/index.js';
import { changedCounts } from '../../judge/counts.js';
import { asObject } from '../../judge/json-body.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { createParent } from './parents.js';
import type { SequenceRunner } from './sequence-runner.js';

const STEP = 'counts unchanged by an item made, moved and deleted';
const MOVED_STEP = 'counts moved by one item made and moved';
const SETTLE_MS = 1000;

type Counts = Record<string, unknown>;

/** A change of the item that moves the member to `value`: a PATCH or PUT that takes it, else an
 * action that moves it there. */
function moveOf(resource: Resource, tally: Tally, value: unknown, sent: unknown, context: PlanContext) {
  const { collection, idioms } = resource;
  for (const change of [collection.update, collection.replace]) {
    if (!change) continue;
    const patch = parseMediaType(context.requestMediaType(change.operation))?.essence === 'application/json-patch+json';
    const body =
      change === collection.update
        ? patch
          ? [{ op: 'replace', path: `/${tally.member}`, value }]
          : { [tally.member]: value }
        : { ...(asObject(sent) ?? {}), [tally.member]: value };
    if (context.requestSchema(change.operation)?.isValid(body) !== false)
      return { operation: change.operation, parameter: change.parameter, body };
  }
  const action = idioms.actions?.find((a) => a.member === tally.member && a.target === value);
  const parameter = collection.read?.parameter ?? collection.remove?.parameter;
  return action && parameter ? { operation: action.operation, parameter, body: undefined } : undefined;
}

export async function checkTally(resource: Resource, tally: Tally, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const remove = collection.remove;
  const steps = [remove ? STEP : MOVED_STEP];
  const reach = runner.reach.scenario('tally', `${tally.operation.method} ${tally.operation.path}`, steps);
  if (!collection.create) return reach.stop(`${collection.path} has no creation to count`);
  // Under a parent of the run's own where the counts are a parent's (/workspaces/{slug}/stats).
  const nested = collection.path.includes('{');
  const parent = nested ? await createParent(collection, context, runner, 'tally') : {};
  if (!parent) return reach.stop('no parent of its own could be made to count under');
  const readCase = context.testCase(tally.operation, {
    kind: 'positive',
    plain: true,
    pathParams: parent,
    what: 'to count',
  });
  const counts = async (): Promise<Counts | undefined> => {
    const exchange = await runner.send(readCase);
    if (!exchange?.ok || exchange.response.status >= 300) return undefined;
    try {
      const answer = asObject(JSON.parse(exchange.response.text));
      return tally.at === undefined ? answer : asObject(answer?.[tally.at]);
    } catch {
      return undefined;
    }
  };
  const before = await counts();
  if (!before) return reach.stop('its first read answered no counts');
  const making = await runner.make(collection, { what: 'to be counted', purpose: 'tally', parent });
  if ('refused' in making) return reach.stop(making.refused);
  const { made } = making;
  const from = made.item[tally.member];
  const to = tally.values.find((value) => value !== from);
  const move = to === undefined ? undefined : moveOf(resource, tally, to, made.sent, context);
  let moved = false;
  if (move) {
    const moveCase: TestCase = context.testCase(move.operation, {
      kind: 'positive',
      plain: true,
      pathParams: made.at(move.parameter),
      ...(move.body === undefined ? {} : { payload: { kind: 'json' as const, value: move.body } }),
      what: `to move its ${tally.member}`,
    });
    const answer = await runner.send(moveCase);
    moved = answer?.ok === true && answer.response.status < 300;
  }
  const judge = async (expected: Counts, how: string, partial: boolean) => {
    const after = await counts();
    if (after && changedCounts(expected, after, partial).length > 0)
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    await runner.execute(readCase, {
      collection,
      sequence: {
        idiom: {
          idiom: 'counts-unchanged',
          expected,
          how,
          ...(partial ? { partial } : {}),
          ...(tally.at !== undefined ? { member: tally.at } : {}),
        },
      },
    });
  };
  const made1 = `an item made (${tally.member} ${JSON.stringify(from)})`;
  if (!remove) {
    // Nothing deletes an item: the counts move by the one item made, in the state it ended in.
    const expected = countedIn(before, tally, moved ? to : from);
    await judge(expected, moved ? `${made1} and moved to ${JSON.stringify(to)}` : made1, true);
    return reach.done(MOVED_STEP);
  }
  const removal = context.testCase(remove.operation, {
    kind: 'positive',
    plain: true,
    pathParams: made.at(remove.parameter),
    what: 'after it was counted',
  });
  const removed = await runner.send(removal);
  if (!removed?.ok || removed.response.status >= 300) return reach.stop('the item made could not be deleted');
  await judge(before, `${made1}${moved ? `, moved to ${JSON.stringify(to)}` : ''} and deleted`, false);
  reach.done(STEP);
}

/** The counts with one more item of `value`: its own count and the counts that were the sum of all
 * values (a `total`); any other count is left out of the comparison. */
function countedIn(before: Counts, tally: Tally, value: unknown): Counts {
  const values = tally.values.map(String);
  const sum = values.reduce(
    (total, name) => total + (typeof before[name] === 'number' ? (before[name] as number) : 0),
    0,
  );
  const expected: Record<string, unknown> = {};
  for (const [name, count] of Object.entries(before)) {
    if (typeof count !== 'number') continue;
    if (name === String(value)) expected[name] = count + 1;
    else if (values.includes(name)) expected[name] = count;
    else if (count === sum) expected[name] = count + 1;
  }
  if (!(String(value) in expected)) expected[String(value)] = 1;
  return expected;
}

/** Every tally of the model, one after another (each must see only its own writes). */
export async function checkTallies(
  resources: readonly Resource[],
  testable: readonly unknown[],
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  for (const resource of resources)
    for (const tally of resource.idioms.tallied ?? []) {
      if (runner.stopped() || !testable.includes(tally.operation)) continue;
      await checkTally(resource, tally, context, runner);
    }
}
