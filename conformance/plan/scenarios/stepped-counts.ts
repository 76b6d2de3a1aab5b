// Counts of other items a write moves by one (the model's steppedCounts: "the member's
// `activeLoanCount` up by one" on a loan's creation, "down by one" on its return). An item is made
// (under a parent of the run's own), then each action and the deletion whose words move a count is
// taken on it, the named items read just before and after; last, an item is made with the first
// one's body, read around the same way. Sent one resource at a time, nothing else writing.
import {
  type CollectionSpec,
  type Operation,
  pairedMembersOf,
  pathMembersOf,
  propertiesOf,
  putCreation,
  type Resource,
  type SteppedCount,
} from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { reachAction } from './action-paths.js';
import type { MadeItem } from './making.js';
import { createParent, parentParams } from './parents.js';
import { answeredAs, itemOf, type SequenceRunner, succeeded } from './sequence-runner.js';

type Reach = ReturnType<SequenceRunner['reach']['scenario']>;
type Item = Record<string, unknown>;

export const stepsCounts = (resource: Resource): boolean => (resource.idioms.steppedCounts?.length ?? 0) > 0;

const stepName = (count: SteppedCount) =>
  `${count.operation.id} moves the ${count.collection} item's ${count.member} by ${count.step}`;

interface Parts {
  readonly collection: CollectionSpec;
  readonly context: PlanContext;
  readonly runner: SequenceRunner;
  readonly parent: Readonly<Record<string, string>>;
  readonly reach: Reach;
}

export async function checkSteppedCounts(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const counts = resource.idioms.steppedCounts ?? [];
  if (counts.length === 0 || runner.stopped()) return;
  const reach = runner.reach.scenario('stepped counts', collection.path, counts.map(stepName));
  const skip = (these: readonly SteppedCount[], why: string) => {
    for (const count of these) reach.skip(stepName(count), why);
  };
  const nested = collection.path.includes('{');
  // A parent of the run's own, else a listed one (seeded branches clients cannot make): this stage
  // runs one resource at a time, so nothing else writes under it meanwhile.
  const parent = nested
    ? ((await createParent(collection, context, runner, 'stepped counts parent')) ??
      (await parentParams(collection, context, runner)))
    : {};
  const parts: Parts = { collection, context, runner, parent, reach };
  const members = await freshNamed(parts, counts);
  const first = await runner.make(collection, {
    what: 'to move the counts its words name',
    purpose: 'stepped counts',
    parent,
    members,
  });
  if ('refused' in first) return skip(counts, first.refused);
  // The actions first, the deletion last: it ends the item.
  const writes = [...new Set(counts.map((count) => count.operation))]
    .filter((operation) => operation !== collection.create?.operation)
    .sort((a, b) => Number(a === collection.remove?.operation) - Number(b === collection.remove?.operation));
  // Each write on an item of its own: one action may end the state another starts from (a
  // check-out before a cancellation).
  for (const [index, operation] of writes.entries()) {
    const these = counts.filter((count) => count.operation === operation);
    const item =
      index === 0
        ? first
        : await runner.make(collection, {
            what: `to move the counts ${operation.id} names`,
            purpose: `stepped counts ${index}`,
            parent,
            members,
          });
    if ('refused' in item) {
      skip(these, item.refused);
      continue;
    }
    const why = await around(parts, these, item.made, item.made.item, (readBefore) =>
      takeOn(parts, resource, operation, item.made, readBefore),
    );
    if (why) skip(these, why);
  }
  const creation = counts.filter((count) => count.operation === collection.create?.operation);
  if (creation.length === 0) return;
  const sent = asObject(first.made.sent) ?? {};
  // The items a new body names together (a branch's copy for a loan) made before the reads: making
  // one moves counts too (the branch's open copies).
  const naming = namingMembers(parts, creation, sent);
  const request = { what: 'naming the same items, to move the counts again', purpose: 'stepped counts again', parent };
  const drafted = await runner.draft(collection, { ...request, members: naming });
  const namedAgain = { ...pairedMembers(parts, drafted), ...naming };
  const why = await around(parts, creation, undefined, sent, async (readBefore) => {
    if (!(await readBefore())) return 'the item it counts on could not be read';
    // The same counted items named again (and the members naming their parents); the rest fresh,
    // so no rule on the first one's values (a stay's dates) refuses it.
    const again = await runner.make(collection, { ...request, members: namedAgain });
    return 'refused' in again ? again.refused : undefined;
  });
  if (why) skip(creation, why);
}

/** The members of a sent body that name the counted items: each count's `via`, and the members
 * carrying the path values of the item it names (a room's property code). */
function namingMembers(parts: Parts, counts: readonly SteppedCount[], sent: Item): Item {
  const names = new Set<string>();
  for (const count of counts) {
    if (count.via === undefined) continue;
    names.add(count.via);
    const read = counted(parts, count)?.read;
    const carried = read && pathMembersOf(read.operation.path, Object.keys(sent), parts.context.collections);
    for (const member of Object.values(carried ?? {})) names.add(member);
  }
  return Object.fromEntries(Object.entries(sent).filter(([name]) => names.has(name)));
}

/** The members of a drafted body that name an item of a nested collection together (a loan's
 * `branchId` and `copyNumber`): the item the draft made for them. */
function pairedMembers(parts: Parts, drafted: unknown): Item {
  const body = asObject(drafted) ?? {};
  const names = pairedMembersOf(Object.keys(body), parts.context.collections, parts.collection);
  return Object.fromEntries(Object.entries(body).filter(([name]) => names.has(name)));
}

/** New items for the creation's members to name, where their collection makes them: counts no
 * other scenario moves (a member of the run's own, whose loans are only these). Members that name
 * an item together with others (a book and its copy's number) are left to the maker, which makes
 * such pairs afresh. */
async function freshNamed(parts: Parts, counts: readonly SteppedCount[]): Promise<Record<string, unknown>> {
  const { collection, context, runner } = parts;
  const create = collection.create?.operation;
  const sent = new Set(Object.keys(propertiesOf(create && context.requestSchema(create)?.schema)));
  const members: Record<string, unknown> = {};
  for (const count of counts) {
    const other = context.collections.find((c) => c.path === count.collection);
    const via = count.via;
    if (count.operation !== create || !via || !other || via in members || other.path.includes('{')) continue;
    if (!other.create && !putCreation(other)) continue;
    const paired = context.collections.some((c) => {
      const path = c.read?.operation.path ?? '';
      return (
        c.path.startsWith(`${other.path}/{`) &&
        path.split('{').length > 2 &&
        pathMembersOf(path, [...sent], context.collections, collection) !== undefined
      );
    });
    if (paired) continue;
    const made = await runner.make(other, { what: `for ${via} to name`, purpose: 'stepped counts named', parent: {} });
    if ('made' in made) members[via] = made.made.item[other.idProperty];
  }
  return members;
}

/** The write on the made item: its deletion, or an action reached in steps where the item's state
 * refuses it at first (a check-out once checked in: action-paths.ts), the counts read again just
 * before each try of the action itself, so the steps' own moves are not taken for the action's. */
async function takeOn(
  parts: Parts,
  resource: Resource,
  operation: Operation,
  made: MadeItem,
  readBefore: () => Promise<boolean>,
): Promise<string | undefined> {
  const parameter = [...operation.path.matchAll(/\{([^}]+)\}/g)].at(-1)?.[1];
  if (!parameter) return 'the write names no item';
  const at = made.at(parameter);
  const caseOf = (write: Operation, what: string) =>
    parts.context.testCase(write, { kind: 'positive', plain: true, pathParams: at, onMadeItem: true, what });
  const actions = resource.idioms.actions ?? [];
  const action = actions.find((candidate) => candidate.operation === operation);
  if (!action) {
    if (!(await readBefore())) return 'the item it counts on could not be read';
    const executed = await parts.runner.execute(caseOf(operation, 'to move the counts its words name'), {
      collection: parts.collection,
    });
    return succeeded(executed) ? undefined : `${operation.id} was refused: ${answeredAs(executed)}`;
  }
  let readable = true;
  const target = { collection: parts.collection, idText: at[parameter]!, at };
  const reached = await reachAction(action, actions, target, parts.context, parts.runner, async (sent) => {
    if (sent === action) readable = await readBefore();
    return parts.runner.send(caseOf(sent.operation, `to ${sent.verb}`));
  });
  if (!readable) return 'the item it counts on could not be read';
  const answer = reached.answer;
  return answer?.ok && answer.response.status < 300
    ? undefined
    : `${operation.id} was refused: ${answer?.ok ? `answered ${answer.response.status}` : 'not answered'}${reached.steps.length > 0 ? ` (after ${reached.steps.join(', ')})` : ''}`;
}

/** The counted items read before the write and after it, each judged moved by its step; the
 * write's refusal, or why nothing could be read, otherwise. */
async function around(
  parts: Parts,
  counts: readonly SteppedCount[],
  made: MadeItem | undefined,
  carrier: Item,
  write: (readBefore: () => Promise<boolean>) => Promise<string | undefined>,
): Promise<string | undefined> {
  const named = counts.map((count) => ({ count, at: namedAt(parts, count, carrier, made) }));
  let before: Awaited<ReturnType<typeof readCount>>[] = [];
  const readBefore = async () => {
    before = await Promise.all(named.map(({ count, at }) => readCount(parts, count, at, 'before')));
    return before.every((read) => read.value !== undefined);
  };
  const refused = await write(readBefore);
  if (refused) return refused;
  for (const [index, { count, at }] of named.entries()) {
    const after = await readCount(parts, count, at, 'after');
    if (!after.exchange?.ok || !after.body) continue;
    parts.runner.conclude(after.testCase, after.exchange, after.body, {
      collection: counted(parts, count),
      sequence: {
        idiom: {
          idiom: 'amount-moved',
          member: count.member,
          expected: before[index]!.value! + count.step,
          how: `${before[index]!.value} before ${count.operation.id}`,
          words: count.words,
        },
      },
    });
    parts.reach.done(stepName(count));
  }
  return undefined;
}

const counted = (parts: Parts, count: SteppedCount) =>
  parts.context.collections.find((collection) => collection.path === count.collection)!;

/** The counted item's path values: the member naming it (of the made item, or of the body sent),
 * with the members carrying its parents' values (a room's property code), else the parent the
 * path names. */
function namedAt(
  parts: Parts,
  count: SteppedCount,
  carrier: Item,
  made: MadeItem | undefined,
): Readonly<Record<string, string>> | undefined {
  const read = counted(parts, count)?.read;
  if (!read) return undefined;
  const holding: Item = { ...carrier, ...made?.item };
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);
  if (count.via === undefined) {
    const parameter = [...parts.collection.path.matchAll(/\{([^}]+)\}/g)].at(-1)?.[1];
    const id = parameter ? parts.parent[parameter] : undefined;
    return id === undefined ? undefined : { ...parts.parent, [read.parameter]: id };
  }
  const id = text(holding[count.via]);
  if (id === undefined) return undefined;
  const carried = pathMembersOf(read.operation.path, Object.keys(holding), parts.context.collections, parts.collection);
  const values: Record<string, string> = { ...parts.parent, [read.parameter]: id };
  for (const [name, member] of Object.entries(carried ?? {})) {
    const value = name === read.parameter ? id : text(holding[member]);
    if (value !== undefined) values[name] = value;
  }
  return values;
}

async function readCount(
  parts: Parts,
  count: SteppedCount,
  at: Readonly<Record<string, string>> | undefined,
  when: string,
) {
  const other = counted(parts, count);
  const read = other?.read;
  if (!read || at === undefined) return { value: undefined };
  const testCase = parts.context.testCase(read.operation, {
    kind: 'positive',
    plain: true,
    pathParams: at,
    what: `for its ${count.member} ${when} ${count.operation.id}`,
  });
  const exchange = await parts.runner.send(testCase);
  const body = exchange ? parseBody(exchange) : undefined;
  const ok = exchange?.ok === true && exchange.response.status < 300;
  const value = ok && body ? itemOf(body, other)?.[count.member] : undefined;
  return { testCase, exchange, body, value: typeof value === 'number' ? value : undefined };
}
