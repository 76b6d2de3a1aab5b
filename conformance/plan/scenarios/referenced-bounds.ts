// A creation's number bounded by a member of the item it names (spec/model/referenced-bounds.ts:
// "`capacity` must not exceed the venue's `maxCapacity`; ... 422"): the run takes an item to name
// (listed, else made), reads its bound, and sends a body naming it with the number one past the
// bound, where the schema takes that; a 2xx is judged as bound-passed.
import {
  type CollectionSpec,
  mergeAllOf,
  propertiesOf,
  type ReferencedBound,
  referencedBoundsOf,
} from '../../../spec/index.js';
import { idPathText } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { parentParams } from './parents.js';
import { roomyMembers } from './roomy-values.js';
import { answeredAs, itemOf, type SequenceRunner, succeeded } from './sequence-runner.js';

const stepOf = (rule: ReferencedBound) =>
  `${rule.member} past the ${rule.bound} of the item its ${rule.via} names refused`;

export const boundedByReferences = (collection: CollectionSpec, context: PlanContext): boolean =>
  referencedBoundsOf(collection, context.collections).length > 0;

export async function checkReferencedBounds(collection: CollectionSpec, context: PlanContext, runner: SequenceRunner) {
  const rules = referencedBoundsOf(collection, context.collections);
  const create = collection.create?.operation;
  if (rules.length === 0 || !create || runner.stopped()) return;
  const reach = runner.reach.scenario('referenced bounds', collection.path, rules.map(stepOf));
  const parent = await parentParams(collection, context, runner);
  for (const rule of rules) {
    if (runner.stopped()) return;
    const why = await passBound(collection, rule, parent, context, runner);
    if (why) reach.skip(stepOf(rule), why);
    else reach.done(stepOf(rule));
  }
}

async function passBound(
  collection: CollectionSpec,
  rule: ReferencedBound,
  parent: Readonly<Record<string, string>>,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<string | undefined> {
  const other = context.collections.find((one) => one.path === rule.collection);
  if (!other?.read) return `${rule.collection} items cannot be read`;
  // The parent the path names: one of the run's own with the least room its schema takes (an event
  // of one seat), the creation made under it. Else a listed item, or one made for it.
  if (rule.inPath) {
    const tight = await madeOther(other, context, runner, leastRoom(other, context));
    if (!tight) return `no ${rule.collection} item could be made`;
    const under = { ...parent, [rule.via]: idPathText(tight, other.idProperty) };
    return sendPast(collection, rule, { named: tight, other, parent: under }, context, runner);
  }
  const [listed] = await runner.listedItems(other);
  const named = listed ?? (await madeOther(other, context, runner));
  if (!named) return `no ${rule.collection} item could be found or made`;
  const naming = { [rule.via]: named[other.idProperty] };
  return sendPast(collection, rule, { named, other, parent, naming }, context, runner);
}

interface Bounding {
  /** The bounding item, its collection, and the creation's parent and members naming it. */
  readonly named: Record<string, unknown>;
  readonly other: CollectionSpec;
  readonly parent: Readonly<Record<string, string>>;
  readonly naming?: Record<string, unknown>;
}

/** Sends the creation with the number one past the bound the named item holds. */
async function sendPast(
  collection: CollectionSpec,
  rule: ReferencedBound,
  { named, other, parent, naming = {} }: Bounding,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<string | undefined> {
  const create = collection.create!.operation;
  const bound = named[rule.bound];
  if (typeof bound !== 'number') return `its ${rule.bound} is not a number`;
  // Past the bound by one, where the creation's schema still takes that value.
  const schema = mergeAllOf(
    (propertiesOf(context.requestSchema(create)?.schema)[rule.member] ?? {}) as Record<string, unknown>,
  );
  const past = Number.isInteger(bound) ? bound + 1 : bound + 0.01;
  if (typeof schema.maximum === 'number' && past > schema.maximum)
    return `${rule.member} cannot pass ${bound} within its schema`;
  const body = await runner.draft(collection, { what: '', purpose: 'referenced bound', parent, members: naming });
  const sent =
    body && typeof body === 'object'
      ? { ...(body as Record<string, unknown>), ...naming, [rule.member]: past }
      : undefined;
  if (!sent || context.requestSchema(create)?.isValid(sent) === false) return 'no valid body could be built';
  const executed = await runner.execute(
    context.testCase(create, {
      kind: 'positive',
      plain: true,
      pathParams: parent,
      payload: { kind: 'json', value: sent },
      what: `with ${rule.member} ${past}, past the ${rule.bound} ${bound} of ${idPathText(named, other.idProperty)}`,
      ...(rule.inPath ? { onMadeItem: true } : {}),
    }),
    {
      collection,
      sequence: {
        idiom: {
          idiom: 'bound-passed',
          member: rule.member,
          expected: bound,
          expectedStatus: rule.status,
          ...(rule.orStatuses ? { orStatuses: rule.orStatuses } : {}),
          words: rule.words,
        },
      },
    },
  );
  return executed?.exchange.ok ? undefined : `its creation was ${answeredAs(executed)}`;
}

/** The least each capacity-like member of the collection's creation takes (an event of one seat). */
function leastRoom(other: CollectionSpec, context: PlanContext): Record<string, number> {
  const create = other.create?.operation;
  const schema = create ? context.requestSchema(create)?.schema : undefined;
  const properties = propertiesOf(schema);
  return Object.fromEntries(
    Object.keys(roomyMembers(schema)).map((name) => {
      const minimum = mergeAllOf((properties[name] ?? {}) as Record<string, unknown>).minimum;
      return [name, typeof minimum === 'number' ? Math.max(1, Math.ceil(minimum)) : 1];
    }),
  );
}

/** An item of the bounding collection made for it (holding `members`), as its read answers it. */
async function madeOther(
  other: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
  members: Record<string, unknown> = {},
) {
  const above = await parentParams(other, context, runner);
  const making = await runner.make(other, {
    what: 'to bound a creation naming it',
    purpose: 'referenced bound',
    parent: above,
    ...(Object.keys(members).length > 0 ? { members, preferred: {} } : {}),
  });
  if (!('made' in making)) return undefined;
  return succeeded(making.made.executed)
    ? (itemOf(making.made.executed.body, other) ?? making.made.item)
    : making.made.item;
}
