// Counts of other items a write moves by one (the model's steppedCounts: "the member's
// `activeLoanCount` up by one" on a loan's creation, "down by one" on its return). An item is made
// (under a parent of the run's own), then each action and the deletion whose words move a count is
// taken on it, the named items read just before and after; last, an item is made with the first
// one's body, read around the same way. Sent one resource at a time, nothing else writing.
import {
  type CollectionSpec,
  type Operation,
  propertiesOf,
  putCreation,
  type Resource,
  type SteppedCount,
} from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import type { MadeItem } from './making.js';
import { createParent } from './parents.js';
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
  const parent = nested ? await createParent(collection, context, runner, 'stepped counts parent') : {};
  if (!parent) return skip(counts, 'no parent of the run could be made');
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
  for (const operation of writes) {
    const these = counts.filter((count) => count.operation === operation);
    const why = await around(parts, these, first.made, first.made.item, () => takeOn(parts, operation, first.made));
    if (why) skip(these, why);
  }
  const creation = counts.filter((count) => count.operation === collection.create?.operation);
  if (creation.length === 0) return;
  const sent = asObject(first.made.sent) ?? {};
  const why = await around(parts, creation, undefined, sent, async () => {
    const again = await runner.make(collection, {
      what: "with the first one's body, to move the counts again",
      purpose: 'stepped counts again',
      parent,
      members: sent,
    });
    return 'refused' in again ? again.refused : undefined;
  });
  if (why) skip(creation, why);
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
      const names = [...(c.read?.operation.path ?? '').matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      return c.path.startsWith(`${other.path}/{`) && names.length > 1 && names.every((name) => sent.has(name));
    });
    if (paired) continue;
    const made = await runner.make(other, { what: `for ${via} to name`, purpose: 'stepped counts named', parent: {} });
    if ('made' in made) members[via] = made.made.item[other.idProperty];
  }
  return members;
}

/** The write on the made item: an action at its path, or its deletion. */
async function takeOn(parts: Parts, operation: Operation, made: MadeItem): Promise<string | undefined> {
  const parameter = [...operation.path.matchAll(/\{([^}]+)\}/g)].at(-1)?.[1];
  if (!parameter) return 'the write names no item';
  const executed = await parts.runner.execute(
    parts.context.testCase(operation, {
      kind: 'positive',
      plain: true,
      pathParams: made.at(parameter),
      onMadeItem: true,
      what: 'to move the counts its words name',
    }),
    { collection: parts.collection },
  );
  return succeeded(executed) ? undefined : `${operation.id} was refused: ${answeredAs(executed)}`;
}

/** The counted items read before the write and after it, each judged moved by its step; the
 * write's refusal, or why nothing could be read, otherwise. */
async function around(
  parts: Parts,
  counts: readonly SteppedCount[],
  made: MadeItem | undefined,
  carrier: Item,
  write: () => Promise<string | undefined>,
): Promise<string | undefined> {
  const named = counts.map((count) => ({ count, id: namedId(parts, count, carrier, made) }));
  const before = await Promise.all(named.map(({ count, id }) => readCount(parts, count, id, 'before')));
  if (before.some((read) => read.value === undefined)) return 'the item it counts on could not be read';
  const refused = await write();
  if (refused) return refused;
  for (const [index, { count, id }] of named.entries()) {
    const after = await readCount(parts, count, id, 'after');
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

/** The counted item's id: the member naming it (of the body sent, or of the made item), else the
 * parent the path names. */
function namedId(parts: Parts, count: SteppedCount, carrier: Item, made: MadeItem | undefined): string | undefined {
  const value = count.via === undefined ? undefined : (made?.item[count.via] ?? carrier[count.via]);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  const parameter = [...parts.collection.path.matchAll(/\{([^}]+)\}/g)].at(-1)?.[1];
  return count.via === undefined && parameter ? parts.parent[parameter] : undefined;
}

async function readCount(parts: Parts, count: SteppedCount, id: string | undefined, when: string) {
  const other = counted(parts, count);
  const read = other?.read;
  if (!read || id === undefined) return { value: undefined };
  const testCase = parts.context.testCase(read.operation, {
    kind: 'positive',
    plain: true,
    pathParams: { ...parts.parent, [read.parameter]: id },
    what: `for its ${count.member} ${when} ${count.operation.id}`,
  });
  const exchange = await parts.runner.send(testCase);
  const body = exchange ? parseBody(exchange) : undefined;
  const ok = exchange?.ok === true && exchange.response.status < 300;
  const value = ok && body ? itemOf(body, other)?.[count.member] : undefined;
  return { testCase, exchange, body, value: typeof value === 'number' ? value : undefined };
}
